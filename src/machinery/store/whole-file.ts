import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { removeLeftBeside } from "./old-files.ts";
import { taggedUniqueName } from "./process-tag.ts";

/** How many pieces go to the file in one write. */
const PIECES_PER_WRITE = 4_096;

/**
 * Writes `pieces` one after another to `file`, a few thousand at a time rather than joined into
 * one string (at a million questions, neither the entry cache nor the record of written pages
 * fits in one), and whole or not at all: into `<file>.<tag>.partial`, renamed into place once
 * complete, so that a build stopped midway leaves the last complete file, or none. The name is
 * this write's own: two builds writing the same file at once each rename a whole one. The
 * partial files of builds that were stopped go once the file is written.
 */
export function writeWholeFile(file: string, pieces: Iterable<string>): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${taggedUniqueName()}${PARTIAL_SUFFIX}`;
  const fd = openSync(partial, "w");
  try {
    let batch: string[] = [];
    for (const piece of pieces) {
      batch.push(piece);
      if (batch.length === PIECES_PER_WRITE) {
        writeSync(fd, batch.join(""));
        batch = [];
      }
    }
    if (batch.length > 0) writeSync(fd, batch.join(""));
  } catch (error) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(partial, file);
  removeLeftBeside(file, PARTIAL_SUFFIX);
}

const PARTIAL_SUFFIX = ".partial";
