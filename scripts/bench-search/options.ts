import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { UsageError } from "../common/usage-error.ts";

/** What `scripts/bench-search.ts` was asked to do. */
export interface SearchBenchOptions {
  /** The corpus sizes to measure, each in turn. */
  counts: number[];
  /** An existing content folder to measure instead of generating one (then one count: its own). */
  corpus: string | undefined;
  /** The engines to measure, in table order. */
  engines: EngineName[];
  seed: number;
  keep: boolean;
  /** Longest wait for one page step (loading an index, one query's results), in seconds. */
  timeoutSeconds: number;
}

export const ENGINES = ["ours", "minisearch", "flexsearch"] as const;
export type EngineName = (typeof ENGINES)[number];

export const HELP = `Benchmark the site's search from disk (file://) in Chromium, beside MiniSearch and FlexSearch.

Usage:
  npm run bench:search -- [options]
  node scripts/bench-search.ts [options]

Options:
  --count LIST     Corpus sizes, comma-separated (default 10000,100000). Each corpus is generated
                   with ../shared/bench/gen-corpus.mjs --v2 into a temporary folder.
  --corpus DIR     Measure this content folder instead of generating one (such as a corpus
                   generated before, to save the minutes it takes); --count is then ignored.
  --engines LIST   Engines to measure, comma-separated (default ours,minisearch,flexsearch).
  --seed S         The generated corpus's seed (default 1).
  --timeout S      Longest wait for one step in the page: an index loading, one query's
                   results (default 300).
  --keep           Keep the temporary folder (corpus, sites) and print its path.
  -h, --help       Show this help.

For each corpus: our index is built from the content as the build reads it (build time of the
body words and of the index timed on this thread), each library's index from the same
questions; each is written with its search script into a copy of a real built page, opened
from disk in Chromium, and timed from inside the page. See scripts/bench.md, "Search".`;

const positiveInteger = (flag: string, text: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new UsageError(`${flag}: "${text}" is not a whole number >= 1, such as ${flag} 10000`);
  }
  return value;
};

/** Reads the command line; undefined for --help. */
export function parseOptions(args: string[]): SearchBenchOptions | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        count: { type: "string", default: "10000,100000" },
        corpus: { type: "string" },
        engines: { type: "string", default: ENGINES.join(",") },
        seed: { type: "string", default: "1" },
        timeout: { type: "string", default: "300" },
        keep: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; see --help`);
  }
  if (values.help) return undefined;
  const corpus = values.corpus === undefined ? undefined : resolve(values.corpus);
  if (corpus !== undefined && !existsSync(join(corpus, "questions"))) {
    throw new UsageError(
      `--corpus: ${corpus} has no questions/ folder; give a content folder, such as one written by ../shared/bench/gen-corpus.mjs --v2`,
    );
  }
  const engines = values.engines.split(/[\s,]+/).filter((name) => name !== "");
  const unknown = engines.filter((name) => !(ENGINES as readonly string[]).includes(name));
  if (unknown.length > 0 || engines.length === 0) {
    throw new UsageError(
      `--engines: ${unknown.length > 0 ? `"${unknown.join(", ")}" unknown` : "none given"}; choose among ${ENGINES.join(", ")}`,
    );
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed))
    throw new UsageError(`--seed: "${values.seed}" is not a whole number`);
  return {
    counts: values.count.split(",").map((count) => positiveInteger("--count", count.trim())),
    corpus,
    engines: engines as EngineName[],
    seed,
    keep: values.keep,
    timeoutSeconds: positiveInteger("--timeout", values.timeout),
  };
}
