import type { FileProblem } from "./folder.ts";
import { invalidUtf8Position } from "../lib/utf8.ts";

/*
 * What a content file's bytes must be before anything reads them as text: UTF-8, and of a
 * size a post can have.
 */

/**
 * The most bytes a post's file may hold. Stack Exchange caps a body at 30,000 characters and a
 * comment at 600, so a real post's file is well under a megabyte; a 30 MB question took 2.3 GB
 * to build, and one of 80 MB ran a thread out of memory (scripts/bench.md, "A post's size").
 */
export const MOST_POST_FILE_BYTES = 10 * 1024 * 1024;

/** Why a file of `size` bytes is too big to be a post; none when it is not. */
export function fileSizeProblem(size: number, noun: string): FileProblem | undefined {
  if (size <= MOST_POST_FILE_BYTES) return undefined;
  return {
    reason: `is ${megabytes(size)}, and a ${noun}'s file may be at most ${megabytes(MOST_POST_FILE_BYTES)} (Stack Exchange caps a body at 30,000 characters); this is not one post: shorten it, or split it into several`,
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why `bytes` cannot be read as text: a byte that is not UTF-8; none when they are UTF-8. */
export function encodingProblem(bytes: Uint8Array): FileProblem | undefined {
  const at = invalidUtf8Position(bytes);
  if (at === undefined) return undefined;
  return {
    reason: `line ${at.line}, column ${at.column}: a byte that is not UTF-8; content files are UTF-8, so save the file as UTF-8 (in most editors, "Save with encoding"), or mend that byte`,
  };
}
