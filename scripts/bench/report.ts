/** The bench's table and its budget checks: pure functions of the measured figures. */
import { median } from "./measure.ts";

/** One line of the table: one builder, or one kind of build of ours. */
export interface Row {
  name: string;
  runs: number;
  /** Median wall seconds; undefined when no run finished. */
  wallSeconds: number | undefined;
  cpuSeconds: number | undefined;
  /** Largest peak RSS over the runs, MiB. */
  peakMib: number | undefined;
  /** MB (1e6 bytes): all of our output folder; a peer's index.html (with --pages: all it wrote). */
  outMb: number | undefined;
  /** With --pages: the files written. */
  files?: number | undefined;
  /** With --pages: the question pages written (ours only: the peers' are not counted apart). */
  questionPages?: number | undefined;
  entries: number | undefined;
  status: string;
}

export interface BudgetCheck {
  verdict: "PASS" | "FAIL" | "SKIP";
  rule: string;
  detail: string;
}

const fixed = (value: number | undefined, digits: number): string =>
  value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
const ratio = (value: number | undefined, reference: number | undefined): string =>
  value === undefined || reference === undefined || reference === 0
    ? "-"
    : `${(value / reference).toFixed(2)}x`;

const count = (value: number | undefined): string => (value === undefined ? "-" : String(value));

/**
 * The table, aligned, with ratios to the `limit` row when there is one. With `pages`, it has
 * `files` and `q_pages` columns after `out_MB`.
 */
export function formatTable(rows: Row[], { pages = false } = {}): string {
  const limit = rows.find((row) => row.name === "limit");
  const header = [
    ...["build", "runs", "wall_s", "cpu_s", "peak_MB", "out_MB"],
    ...(pages ? ["files", "q_pages"] : []),
    "entries",
  ];
  const cells = [
    [...header, "wall/limit", "RSS/limit", "status"],
    ...rows.map((row) => [
      row.name,
      String(row.runs),
      fixed(row.wallSeconds, 2),
      fixed(row.cpuSeconds, 2),
      fixed(row.peakMib, 0),
      fixed(row.outMb, 2),
      ...(pages ? [count(row.files), count(row.questionPages)] : []),
      count(row.entries),
      ratio(row.wallSeconds, limit?.wallSeconds),
      ratio(row.peakMib, limit?.peakMib),
      row.status,
    ]),
  ];
  const widths =
    cells[0]?.map((_, column) => Math.max(...cells.map((line) => line[column]?.length ?? 0))) ?? [];
  return cells
    .map((line) =>
      line
        .map((cell, column) => {
          const width = widths[column] ?? 0;
          // Names and status read left to right; figures line up on the right.
          return column === 0 || column === line.length - 1
            ? cell.padEnd(width)
            : cell.padStart(width);
        })
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** 1.5 GiB, in MiB: the peak RSS allowed at 100,000 questions. */
const RSS_LIMIT_MIB = 1.5 * 1024;

/**
 * One wall-time budget: `value` against `factor` times `reference` (a peer's figure). SKIP when
 * the peer has no figure, since a missing peer says nothing about our build.
 */
function compareWallTime(
  rule: string,
  value: number | undefined,
  reference: number | undefined,
  referenceName: string,
  factor: number,
  strictlyBelow: boolean,
): BudgetCheck {
  if (value === undefined) return { verdict: "FAIL", rule, detail: "our build did not finish" };
  if (reference === undefined) {
    return {
      verdict: "SKIP",
      rule,
      detail: `no ${referenceName} figure (peer not run or failed)`,
    };
  }
  const bound = reference * factor;
  const pass = strictlyBelow ? value < bound : value <= bound;
  const boundText =
    factor === 1
      ? `${bound.toFixed(2)}`
      : `${factor} x ${reference.toFixed(2)} = ${bound.toFixed(2)}`;
  return {
    verdict: pass ? "PASS" : "FAIL",
    rule,
    detail: `${value.toFixed(2)} s ${pass ? (strictlyBelow ? "<" : "<=") : strictlyBelow ? ">=" : ">"} ${boundText} s`,
  };
}

/** The 100k peak-RSS budget; a failed build still reports the peak it reached. */
function checkPeakRss(cold: Row | undefined): BudgetCheck {
  const peak = cold?.peakMib;
  if (peak === undefined) {
    return {
      verdict: "FAIL",
      rule: "cold build peak RSS < 1.5 GiB",
      detail: "our build did not finish",
    };
  }
  return {
    verdict: peak < RSS_LIMIT_MIB ? "PASS" : "FAIL",
    rule: "cold build peak RSS < 1.5 GiB",
    detail:
      `${peak.toFixed(0)} MiB ${peak < RSS_LIMIT_MIB ? "<" : ">="} ${RSS_LIMIT_MIB} MiB` +
      (cold?.wallSeconds === undefined ? " (the peak before the build failed)" : ""),
  };
}

/**
 * The budgets. They are set at 10,000 and 100,000 questions; at other counts none
 * applies (startup time dominates small corpora, so a ratio there says little).
 *   10k:  cold build faster than hugo, and <= 3x limit.
 *   100k: cold build faster than hugo, <= 4x limit, peak RSS < 1.5 GiB;
 *         a warm build after a one-file edit <= 1.5x limit's (full) build.
 */
export function checkBudgets(count: number, rows: Row[]): BudgetCheck[] {
  const find = (name: string): Row | undefined => rows.find((row) => row.name === name);
  const cold = find("ours cold");
  const edit = find("ours edit");
  const limit = find("limit");
  const hugo = find("hugo");
  const checks: BudgetCheck[] = [];

  if (count === 10_000 || count === 100_000) {
    const limitFactor = count === 10_000 ? 3 : 4;
    checks.push(
      compareWallTime(
        "cold build faster than hugo",
        cold?.wallSeconds,
        hugo?.wallSeconds,
        "hugo",
        1,
        true,
      ),
    );
    checks.push(
      compareWallTime(
        `cold build <= ${limitFactor}x limit`,
        cold?.wallSeconds,
        limit?.wallSeconds,
        "limit",
        limitFactor,
        false,
      ),
    );
  }
  if (count === 100_000) {
    checks.push(checkPeakRss(cold));
    checks.push(
      compareWallTime(
        "one-file-edit build <= 1.5x limit's full build",
        edit?.wallSeconds,
        limit?.wallSeconds,
        "limit",
        1.5,
        false,
      ),
    );
  }
  return checks;
}

/**
 * Each of our builds divided by the limit peer's build of the same run (the runs alternate, so
 * both saw the machine alike): the median and range of those ratios, steadier than a ratio of
 * two medians when the limit's short run is noisy. Undefined without a run of both.
 */
export function pairedRatios(
  ours: readonly (number | undefined)[],
  limit: readonly (number | undefined)[],
): { median: number; min: number; max: number } | undefined {
  const ratios: number[] = [];
  for (let run = 0; run < Math.min(ours.length, limit.length); run++) {
    const a = ours[run];
    const b = limit[run];
    if (a !== undefined && b !== undefined && b > 0) ratios.push(a / b);
  }
  if (ratios.length === 0) return undefined;
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

/** What comments may add to the cold build (issue 44): 25% of its wall time, 150 MB of peak. */
export const COMMENTS_BUDGET = { wallRatio: 1.25, peakMb: 150 } as const;

/** What user pages may add to the cold build (issue 62): 20% of its wall time, 150 MB of peak. */
export const USERS_BUDGET = { wallRatio: 1.2, peakMb: 150 } as const;

/** The cold builds' wall time and peak, of one corpus or the other. */
type ColdRuns = readonly { wallSeconds: number; peakKib: number }[];

/**
 * What a part of the corpus (`what`: "comments", "user pages") adds, from the cold builds with it
 * and those of the same corpus without it, run for run: the median paired wall ratio, and the
 * largest peaks' difference, against `budget`.
 */
export function addedCostBudget(
  what: string,
  budget: { wallRatio: number; peakMb: number },
  withIt: ColdRuns,
  without: ColdRuns,
): BudgetCheck | undefined {
  const wall = pairedRatios(
    withIt.map((run) => run.wallSeconds),
    without.map((run) => run.wallSeconds),
  );
  if (wall === undefined) return undefined;
  const peak = (runs: ColdRuns) => (Math.max(...runs.map((run) => run.peakKib)) * 1024) / 1e6;
  const addedMb = peak(withIt) - peak(without);
  const pass = wall.median <= budget.wallRatio && addedMb <= budget.peakMb;
  return {
    verdict: pass ? "PASS" : "FAIL",
    rule: `${what} add at most ${Math.round((budget.wallRatio - 1) * 100)}% to the cold wall time and ${budget.peakMb} MB to its peak`,
    detail:
      `cold wall ${wall.median.toFixed(3)}x [${wall.min.toFixed(3)}-${wall.max.toFixed(3)}], ` +
      `peak ${addedMb >= 0 ? "+" : ""}${addedMb.toFixed(0)} MB (${peak(withIt).toFixed(0)} against ${peak(without).toFixed(0)})`,
  };
}

/** The comments' budget: the cold builds with comments against those without. */
export const commentsBudget = (withComments: ColdRuns, without: ColdRuns) =>
  addedCostBudget("comments", COMMENTS_BUDGET, withComments, without);

/** The users' budget: the cold builds with users and their pages against those without. */
export const usersBudget = (withUsers: ColdRuns, without: ColdRuns) =>
  addedCostBudget("user pages", USERS_BUDGET, withUsers, without);

/**
 * The example's fixed cost (issue 48): its cold build at most 1.5x the cold build of a bare
 * Astro project of as many trivial pages, the median of the pairs.
 */
export const FLOOR_BUDGET = { wallRatio: 1.5 } as const;

/** The floor's budget from our cold builds' wall times and the floor's of the same runs. */
export function floorBudget(
  ours: readonly (number | undefined)[],
  floor: readonly (number | undefined)[],
  pages: number,
): BudgetCheck | undefined {
  const wall = pairedRatios(ours, floor);
  if (wall === undefined) return undefined;
  return {
    verdict: wall.median <= FLOOR_BUDGET.wallRatio ? "PASS" : "FAIL",
    rule: `the cold build at most ${FLOOR_BUDGET.wallRatio}x a bare Astro build of as many pages (${pages})`,
    detail: `cold wall ${wall.median.toFixed(2)}x [${wall.min.toFixed(2)}-${wall.max.toFixed(2)}]`,
  };
}
