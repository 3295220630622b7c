import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { UsageError } from "../common/usage-error.ts";

/** What `scripts/bench.ts` was asked to do. */
export interface BenchOptions {
  count: number;
  runs: number;
  /** Peer names in ../shared/bench/peers, in the order to run them; empty for none. */
  peers: string[];
  /** `example`: the bundled example community (content/), as a new user first builds it. */
  corpus: "own" | "shared" | "example";
  /**
   * Content contract v2: the corpus has answers (gen-corpus.mjs --v2), our build's question
   * pages are checked and weighed, and the peers run in their --pages mode.
   */
  pages: boolean;
  seed: number;
  /** `pageSize` written into the corpus's community.yaml; none: one listing page. */
  pageSize: number | undefined;
  keep: boolean;
  /** Another checkout of this project (its own node_modules) whose build is paired with ours. */
  baseline: string | undefined;
  /** Comments per question and answer on average (scripts/bench/comments.ts); 0: none. */
  comments: number;
  /** Also build the same corpus without its comments, each build paired with ours. */
  compareComments: boolean;
  /**
   * The corpus's linked authors become people of users/ (scripts/bench/users.ts), so the build
   * writes their pages; on with --pages, whose corpus links its authors.
   */
  users: boolean;
  /** Also build the same corpus without its users, each build paired with ours. */
  compareUsers: boolean;
  /**
   * Also build bare Astro projects cold, of one page and of as many as our cold build wrote,
   * each right after our cold build: the floor under any Astro site (scripts/bench/astro-floor.ts).
   */
  floor: boolean;
  /**
   * Also build, after each run's edit build, into a new output folder with the entry cache kept:
   * every page rendered and written, no file read.
   */
  rerender: boolean;
  timeoutSeconds: number;
  strict: boolean;
}

export const HELP = `Benchmark the site build on a generated corpus, beside the peer builders of ../shared/bench.

Usage:
  npm run bench -- [options]
  node scripts/bench.ts [options]

Options:
  --count N        Questions in the generated corpus (default 10000).
  --runs R         Builds of each kind; the table shows the median wall and CPU time and the
                   largest peak RSS (default 1).
  --peers LIST     Peers to run, space- or comma-separated (default "limit hugo"). "eleventy"
                   is opt-in: it takes minutes at 10,000 questions. "" runs none.
  --corpus KIND    own: scripts/bench/gen-corpus.ts (default). shared: ../shared/bench/gen-corpus.mjs,
                   the corpus the issue's figures were measured on. example: a copy of the
                   bundled example community (content/), as a new user first builds it, with
                   --pages and --floor, no peers and no comments added; --count is its own.
  --pages          Question pages: the corpus is ../shared/bench/gen-corpus.mjs --v2 (questions and
                   their answers; so --corpus shared, and --corpus own is refused), our build's
                   question pages are counted, checked and weighed, and the peers run with
                   run-peers.sh --pages (limit and hugo; the others are reported skipped). No
                   budgets yet.
  --seed S         The corpus seed (default 1).
  --page-size N    Write pageSize: N into the corpus's community.yaml, so that our listing and
                   tag pages are paged (the peers write one page whatever it says). Without it,
                   one listing page holds every question.
  --comments R     Comments per question and answer on average, in their frontmatter, as in the
                   real dumps (default 1; 0 for none): most posts none, a few threads past the
                   fold of five, some Markdown and some hostile text. Added after generation, on
                   a copy of the corpus (scripts/bench/comments.ts).
  --compare-comments
                   Also build the same corpus without its comments, each build right after ours
                   with a cache of its own, and print the paired ratios and the comments' budget
                   (at most +25% cold wall time and +150 MB peak).
  --no-users       Leave the authors linked to their example.org profiles. By default, with --pages,
                   every linked author of a post or comment gets users/<n>.md and is named by
                   user: "<n>", so the build writes a page per person and the users/ listing.
                   Added after the comments, on a copy (scripts/bench/users.ts).
  --compare-users  Also build the same corpus without its users (the copy before they are added),
                   each build right after ours with a cache of its own, and print the paired
                   ratios and the users' budget (at most +20% cold wall time and +150 MB peak).
  --floor          Also build, cold, right after each of our cold builds, a bare Astro project of
                   one page and one of as many pages as our cold build wrote (the same Astro and
                   Node), and print our cold build over each, pair by pair.
  --rerender       Also build, after each run's edit build, into a new output folder with the
                   content cache kept: every page rendered and written, no file read. What a cold
                   build costs besides reading the files, and what a CI job pays that restores
                   the cache into a clean checkout.
  --timeout S      Kill a build that runs longer than S seconds (default 900).
  --keep           Keep the temporary folder (corpus, cache, outputs) and print its path.
  --baseline DIR   Another checkout of this project, with its node_modules installed (say the
                   commit before a change: git worktree add DIR HEAD~1, then npm install there).
                   Its npm run build runs cold, warm and after the same edit right after each of
                   ours, on the same corpus, and the table adds the paired ratios ours/baseline.
  --strict         Exit 1 when a budget is missed (by default a miss is only reported).
  -h, --help       Show this help.

Our site is built three ways: cold (empty content cache), warm (nothing changed) and after
editing one question's body (warm); with --rerender, a fourth. Results also go to
bench-results/<date>-<count>.json. See scripts/bench.md.`;

const positiveInteger = (flag: string, text: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new UsageError(`${flag}: "${text}" is not a whole number >= 1, such as ${flag} 10000`);
  }
  return value;
};

/** Reads the command line; undefined for --help. */
export function parseOptions(args: string[]): BenchOptions | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      // --no-users, as the importer takes it.
      allowNegative: true,
      options: {
        count: { type: "string", default: "10000" },
        runs: { type: "string", default: "1" },
        peers: { type: "string", default: "limit hugo" },
        corpus: { type: "string" },
        pages: { type: "boolean", default: false },
        seed: { type: "string", default: "1" },
        "page-size": { type: "string" },
        timeout: { type: "string", default: "900" },
        keep: { type: "boolean", default: false },
        baseline: { type: "string" },
        comments: { type: "string", default: "1" },
        "compare-comments": { type: "boolean", default: false },
        users: { type: "boolean" },
        "compare-users": { type: "boolean", default: false },
        floor: { type: "boolean", default: false },
        rerender: { type: "boolean", default: false },
        strict: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; see --help`);
  }
  if (values.help) return undefined;
  const corpus = values.corpus ?? (values.pages ? "shared" : "own");
  if (corpus !== "own" && corpus !== "shared" && corpus !== "example") {
    throw new UsageError(`--corpus: "${corpus}" is not one of "own", "shared" and "example"`);
  }
  if (corpus === "example") return exampleOptions(args, values);
  if (values.pages && corpus === "own") {
    throw new UsageError(
      "--corpus own cannot go with --pages: question pages need answers, which only " +
        "../shared/bench/gen-corpus.mjs --v2 writes; leave --corpus out (--pages uses the shared corpus)",
    );
  }
  const baseline = baselineOption(values.baseline);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed))
    throw new UsageError(`--seed: "${values.seed}" is not a whole number`);
  const comments = Number(values.comments);
  if (values.comments.trim() === "" || !Number.isFinite(comments) || comments < 0 || comments > 20)
    throw new UsageError(
      `--comments: "${values.comments}" is not a number of comments per post from 0 to 20, such as --comments 1`,
    );
  if (values["compare-comments"] && comments === 0)
    throw new UsageError(
      "--compare-comments needs a corpus with comments to compare: leave --comments 0 out",
    );
  const users = usersOption(values.pages, values.users, values["compare-users"]);
  return {
    count: positiveInteger("--count", values.count),
    runs: positiveInteger("--runs", values.runs),
    peers: values.peers.split(/[\s,]+/).filter((peer) => peer !== ""),
    corpus,
    pages: values.pages,
    seed,
    pageSize:
      values["page-size"] === undefined
        ? undefined
        : positiveInteger("--page-size", values["page-size"]),
    keep: values.keep,
    baseline,
    comments,
    compareComments: values["compare-comments"],
    users,
    compareUsers: values["compare-users"],
    floor: values.floor,
    rerender: values.rerender,
    timeoutSeconds: positiveInteger("--timeout", values.timeout),
    strict: values.strict,
  };
}

/** The flags that choose or change a generated corpus, or its peers: none fits the example. */
const GENERATED_ONLY = [
  "--count",
  "--peers",
  "--seed",
  "--page-size",
  "--comments",
  "--compare-comments",
  "--users",
  "--no-users",
  "--compare-users",
];

/**
 * --corpus example: the bundled example as it is, built with its pages checked and beside the
 * Astro floor. The peers read only the generators' corpora, so none runs.
 */
function exampleOptions(
  args: string[],
  values: {
    runs: string;
    timeout: string;
    keep: boolean;
    strict: boolean;
    rerender: boolean;
    baseline?: string;
  },
): BenchOptions {
  const given = GENERATED_ONLY.filter((flag) =>
    args.some((arg) => arg === flag || arg.startsWith(`${flag}=`)),
  );
  if (given.length > 0)
    throw new UsageError(
      `--corpus example builds content/ as it is, with no peers: leave out ${given.join(", ")}`,
    );
  return {
    count: 0,
    runs: positiveInteger("--runs", values.runs),
    peers: [],
    corpus: "example",
    pages: true,
    seed: 0,
    pageSize: undefined,
    keep: values.keep,
    baseline: baselineOption(values.baseline),
    comments: 0,
    compareComments: false,
    users: false,
    compareUsers: false,
    floor: true,
    rerender: values.rerender,
    timeoutSeconds: positiveInteger("--timeout", values.timeout),
    strict: values.strict,
  };
}

/**
 * Whether the corpus gets users: by default with --pages, whose generator (gen-corpus.mjs --v2)
 * alone links authors to profiles; --no-users leaves them out, and --compare-users needs them.
 */
function usersOption(pages: boolean, given: boolean | undefined, compare: boolean): boolean {
  const users = given ?? pages;
  if (users && !pages)
    throw new UsageError(
      "--users needs --pages: only the --pages corpus (gen-corpus.mjs --v2) names authors to make people of",
    );
  if (compare && !users)
    throw new UsageError(
      `--compare-users needs a corpus with users to compare: ${pages ? "leave --no-users out" : "add --pages"}`,
    );
  return users;
}

/** --baseline, checked: a checkout of this project with its node_modules installed. */
function baselineOption(folder: string | undefined): string | undefined {
  if (folder === undefined) return undefined;
  const baseline = resolve(folder);
  if (!existsSync(join(baseline, "node_modules/astro"))) {
    throw new UsageError(
      `--baseline: ${baseline} is not a checkout of this project with node_modules installed; run npm install there first`,
    );
  }
  return baseline;
}
