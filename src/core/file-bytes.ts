import type { FileProblem } from "./folder.ts";
import { invalidUtf8Position } from "../lib/utf8.ts";

/*
 * What a content file's bytes must be before anything reads them as text: UTF-8, and of a
 * size a post can have.
 */

/**
 * The most bytes a post's file may hold. Stack Exchange caps a body at 30,000 characters (90 KB
 * of UTF-8 at most) and a comment at 600; the largest body of the five sample dumps is 21 KB.
 * What a body costs to read depends on what it holds: a Markdown list or table keeps a token
 * for every few bytes, and one of 1 MiB aborted the whole build (a thread that overruns its
 * heap by more than Node's grace takes the process with it). A table of one-letter cells, the
 * costliest body found, builds at this size (scripts/bench.md, "A post's size").
 */
export const MOST_POST_FILE_BYTES = 256 * 1024;

/** Why a file of `size` bytes is too big to be a post; none when it is not. */
export function fileSizeProblem(size: number, noun: string): FileProblem | undefined {
  if (size <= MOST_POST_FILE_BYTES) return undefined;
  return {
    reason: `is ${kibibytes(size)}, and a ${noun}'s file may be at most ${kibibytes(MOST_POST_FILE_BYTES)} (Stack Exchange caps a body at 30,000 characters): shorten it, or split it into several posts`,
  };
}

function kibibytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024).toLocaleString("en-US")} KiB`;
}

/** Why `bytes` cannot be read as text: a byte that is not UTF-8; none when they are UTF-8. */
export function encodingProblem(bytes: Uint8Array): FileProblem | undefined {
  const at = invalidUtf8Position(bytes);
  if (at === undefined) return undefined;
  return {
    reason: `line ${at.line}, column ${at.column}: a byte that is not UTF-8; content files are UTF-8, so save the file as UTF-8 (in most editors, "Save with encoding"), or mend that byte`,
  };
}
