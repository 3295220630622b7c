import { existsSync, readdirSync } from "node:fs";
import type { ListedName } from "../core/folder.ts";

/**
 * The names in a folder, undefined when there is no such folder. A module of its own, light
 * enough for the early load to list the questions before it loads any reading code.
 */
export function listedNames(directory: string): ListedName[] | undefined {
  if (!existsSync(directory)) return undefined;
  return readdirSync(directory, { withFileTypes: true }).map((entry) => ({
    name: entry.name,
    isFile: entry.isFile(),
  }));
}
