import { closeSync, mkdirSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** How many pieces go to the file in one write. */
const PIECES_PER_WRITE = 4_096;

/**
 * Writes `pieces` one after another to `file`, a few thousand at a time rather than joined into
 * one string (at a million questions, neither the entry cache nor the record of written pages
 * fits in one), and whole or not at all: into `file.partial`, renamed into place once complete,
 * so that a build stopped midway leaves the last complete file, or none.
 */
export function writeWholeFile(file: string, pieces: Iterable<string>): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
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
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}
