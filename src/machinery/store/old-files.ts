import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { writerOf } from "./process-tag.ts";

/**
 * Deletes the files of `directory` that `unused` picks, by name and path, and that no other
 * build is still writing: those whose name's process tag (`PROCESS_TAG`) names a process that
 * has ended, at once; and, of those whose writer cannot be told (no tag, another machine) or
 * is this process, the ones last written before `writtenBefore` (ms since the epoch). A file
 * tagged by another process still running stays, however old. A folder that cannot be listed has nothing to delete.
 */
export function removeOldUnusedFiles(
  directory: string,
  writtenBefore: number,
  unused: (name: string, path: string) => boolean,
): void {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(directory, name);
    if (!unused(name, path)) continue;
    const writer = writerOf(name);
    if (writer === "running") continue;
    const written = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? writtenBefore;
    if (writer === "gone" || written < writtenBefore) rmSync(path, { force: true });
  }
}
