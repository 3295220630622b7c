import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import type { FileProblem, FileReading, FolderReader } from "../../core/folder.ts";
import { encodingProblem, fileSizeProblem } from "../../core/file-bytes.ts";
import { fileStamp, type FileStamp } from "../incremental/file-stamp.ts";

/** A post's file as read: its text, or why it cannot be read as one; and its stamp. */
export type PostFileRead = { stamp: FileStamp | null } & (
  { text: string; problem?: undefined } | { problem: FileProblem; digestOf: string }
);

/**
 * The text of the post's file at `path` (a `noun`, for messages), and its stamp taken from
 * the open file before reading: a write in between then leaves a stamp older than the text
 * read, which the next build sees as a change. A file too big to be a post is not read at all
 * (one of 80 MB ran a thread out of memory); one that is not UTF-8 is a problem, never read
 * with U+FFFD in place of its bytes. `digestOf` then stands for its bytes, so that a change
 * to it is seen.
 */
export function readPostFile(path: string, noun: string, lookedAt = Date.now()): PostFileRead {
  const fd = openSync(path, "r");
  try {
    const stats = fstatSync(fd);
    const stamp = fileStamp(stats, lookedAt);
    const tooBig = fileSizeProblem(stats.size, noun);
    if (tooBig !== undefined) return { stamp, problem: tooBig, digestOf: `size ${stats.size}` };
    const bytes = readFileSync(fd);
    const badByte = encodingProblem(bytes);
    if (badByte !== undefined)
      return { stamp, problem: badByte, digestOf: bytes.toString("latin1") };
    return { stamp, text: bytes.toString("utf8") };
  } finally {
    closeSync(fd);
  }
}

/** What reading a post's file came to: `reader`'s reading of its text, or its one problem. */
export function postReading<Entry, Settings>(
  file: PostFileRead,
  reader: FolderReader<Entry, Settings>,
  id: string,
  settings: Settings,
): FileReading<Entry> {
  return file.problem === undefined
    ? reader.read(file.text, id, settings)
    : { problems: [file.problem], partial: {} };
}
