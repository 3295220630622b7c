import { rmSync } from "node:fs";
import { join } from "node:path";
import type { PostingsRuns, RunPostings } from "../../core/search-index.ts";
import { linesOfFile } from "./file-lines.ts";
import { taggedUniqueName } from "./process-tag.ts";
import { writeWholeFile } from "./whole-file.ts";

/*
 * The search index's postings, a run of questions at a time (`buildSearchIndex`), set apart
 * in files beside the spilled documents until every run is in, then read back together, a
 * block of each file at a time, as the runs are merged word by word. A file holds a run's
 * words in order, a line each: the word, its last question and its postings, tab-separated
 * (a word is letters, digits, `_`, `+` and `#`; postings are base-32 digits). A build stopped
 * midway leaves its files to the next one's sweep of the folder (`SpilledDocuments`).
 */

/**
 * What is read of each run's file at a time: every run is read at once, some ten at a million
 * questions and hundreds at Stack Overflow's size.
 */
const READ_BLOCK_BYTES = 1 << 16;

/** A run's lines, as its file holds them. */
function* linesOf(run: Iterable<RunPostings>): Generator<string> {
  for (const { word, postings, last } of run) yield `${word}\t${last}\t${postings}\n`;
}

/** Runs of postings in files of `directory` (the spill folder, `spillDirectory`). */
export class SpilledPostings implements PostingsRuns {
  readonly #directory: string;
  readonly #build = taggedUniqueName();
  readonly #files: string[] = [];

  constructor(directory: string) {
    this.#directory = directory;
  }

  add(run: Iterable<RunPostings>): void {
    const file = join(this.#directory, `${this.#build}-postings-${this.#files.length}.tsv`);
    this.#files.push(file);
    writeWholeFile(file, linesOf(run));
  }

  readBack(): Iterable<RunPostings>[] {
    return this.#files.map((file) => runIn(file));
  }

  discard(): void {
    for (const file of this.#files.splice(0)) rmSync(file, { force: true });
  }
}

/** The run a file holds, read a block at a time; the file is deleted once read through. */
function* runIn(file: string): Generator<RunPostings> {
  try {
    for (const line of linesOfFile(file, READ_BLOCK_BYTES)) {
      const [word, last, postings] = line.split("\t") as [string, string, string];
      yield { word, postings, last: Number(last) };
    }
  } finally {
    rmSync(file, { force: true });
  }
}
