import { readdirSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
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

/** How old a temporary file whose writer cannot be told must be to be taken for a left one. */
const LEFT_UNTAGGED_MS = 60 * 60_000;

/**
 * Deletes the temporary files stopped builds left beside `file`: `<file>.<tag>...<suffix>`,
 * at once when their writer has ended, else once an hour old (`removeOldUnusedFiles`).
 */
export function removeLeftBeside(file: string, suffix: string): void {
  const prefix = `${basename(file)}.`;
  removeOldUnusedFiles(
    dirname(file),
    Date.now() - LEFT_UNTAGGED_MS,
    (name) => name.startsWith(prefix) && name.endsWith(suffix),
  );
}
