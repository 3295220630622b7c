import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Deletes the files of `directory` that `unused` picks, by name and path, and that were last
 * written before `writtenBefore` (ms since the epoch): a newer one may belong to another load of
 * the same folder, still under way. A folder that cannot be listed has nothing to delete.
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
    const written = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? writtenBefore;
    if (written < writtenBefore) rmSync(path, { force: true });
  }
}
