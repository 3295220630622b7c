/**
 * Benchmarks the site's search as a reader meets it, opened from disk (file://) in Chromium,
 * beside two maintained libraries, MiniSearch and FlexSearch, on the same questions and the
 * same queries: the size of each index, the bytes a first search loads, the time to load the
 * index, to answer a first query and the next ones, and the JS heap. Also what our index costs
 * the build. Prints one table per corpus size.
 *
 *   npm run bench:search -- [--count 10000,100000] [--corpus DIR] [--engines ours,minisearch]
 *
 * Generation, index building and site writing are not timed in the page; see --help and
 * scripts/bench.md, "Search".
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { SearchFile } from "../src/core/search-index.ts";
import { projectRoot } from "../src/project-paths.ts";
import { SEARCH_SCRIPT_FILE } from "../src/lib/search/index-format.ts";
import { searchScript } from "../src/search/script.ts";
import { median } from "./bench/measure.ts";
import { sharedBench } from "./bench/peers.ts";
import { describe, launchBrowser, measureEngine } from "./bench-search/browser.ts";
import { loadCorpus, type BenchDocument } from "./bench-search/documents.ts";
import { flexSearchIndex, miniSearchIndex, type LibraryIndex } from "./bench-search/libraries.ts";
import {
  HELP,
  parseOptions,
  type EngineName,
  type SearchBenchOptions,
} from "./bench-search/options.ts";
import { coldQueries, pickQueries, type BenchQuery } from "./bench-search/queries.ts";
import {
  formatSearchTable,
  percentile,
  rowFigures,
  type SearchRow,
} from "./bench-search/report.ts";
import { buildHarness, listingBytesPerEntry, writeSite } from "./bench-search/sites.ts";
import { commandLineOptions } from "./common/usage-error.ts";

const log = (message: string): void => void process.stderr.write(`${message}\n`);

// 1. The command line.
const options: SearchBenchOptions = commandLineOptions("bench-search", parseOptions, HELP);
const work = mkdtempSync(join(tmpdir(), "qa-bench-search-"));
const browser = await launchBrowser();

try {
  // 2. The harness: a real page of the site, the example built once by the real build.
  log(`building the example into ${work}/harness, for its page`);
  const harness = await buildHarness(join(work, "harness"));

  for (const count of options.corpus === undefined ? options.counts : [undefined]) {
    // 3. The corpus: the folder given, or one generated for this count (not timed).
    const contentDir =
      options.corpus ?? generateCorpus(count as number, join(work, `corpus-${count}`));

    // 4. Our index, as the build makes it, with its two steps timed on this thread.
    log(`reading ${contentDir}`);
    const { documents, ours, loadSeconds } = await loadCorpus(contentDir);
    const questions = documents.length;
    log(
      `${questions} questions read in ${loadSeconds.toFixed(1)} s; body words ${ours.bodyWordsSeconds.toFixed(2)} s, ` +
        `buildSearchIndex ${ours.indexSeconds.toFixed(2)} s`,
    );

    // 5. What to set the index beside: the listing's HTML (a real build of a sample of the
    //    corpus), the question files and the body text.
    const listing = await listingBytesPerEntry(contentDir, join(work, `listing-${questions}`));
    const questionFileBytes = folderBytes(join(contentDir, "questions"));
    const bodyTextBytes = documents.reduce(
      (sum, { bodyText }) => sum + Buffer.byteLength(bodyText),
      0,
    );

    // 6. The queries, the same for every engine.
    const queries = pickQueries(documents, options.seed);
    const cold = coldQueries(queries);
    log(`queries: ${queries.map(({ text }) => JSON.stringify(text)).join(", ")}`);

    // 7. Each engine: its files in a copy of the harness, then measured in the page.
    const loadBefore = loadavg();
    const rows: SearchRow[] = [];
    const builds = new Map<EngineName, string>();
    const chunkNotes: string[] = [];
    for (const engine of options.engines) {
      log(`${engine}: writing its index`);
      const index = await engineFiles(engine, documents, ours.files);
      if ("failure" in index) {
        log(`${engine}: ${index.failure}`);
        rows.push({
          name: engine,
          questions,
          files: undefined,
          bytes: undefined,
          measure: undefined,
          status: index.failure,
        });
        continue;
      }
      if (index.note !== undefined) builds.set(engine, index.note);
      if (engine === "ours") chunkNotes.push(...ourChunks(index.files));
      const page = writeSite(harness, join(work, `site-${engine}-${questions}`), index.files);
      const bytes = index.files.reduce((sum, { text }) => sum + Buffer.byteLength(text), 0);
      const files = index.files.length;
      index.files.length = 0; // Let the index's text go before the browser needs the memory.
      log(`${engine}: ${files} files, ${(bytes / 1e6).toFixed(1)} MB; measuring in Chromium`);
      const measure = await measureEngine(
        browser,
        page,
        engine === "ours",
        cold,
        queries,
        options.timeoutSeconds,
        log,
      );
      rows.push({
        name: engine,
        questions,
        files,
        bytes,
        measure,
        status: measure.failure ?? "ok",
      });
    }

    // 8. The table, and what it rests on.
    const oursRow = rows.find((row) => row.name === "ours");
    console.log(
      `\n# ${questions.toLocaleString("en-US")} questions (${contentDir}); Chromium from file://, ` +
        `${availableParallelism()} CPUs; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} ` +
        `before, ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")} after; node ${process.version}`,
    );
    console.log(formatSearchTable(rows));
    console.log(
      `\nBuild-time cost of our search (one thread): body words ${ours.bodyWordsSeconds.toFixed(2)} s ` +
        `(indexWords(sanitizedHtmlText) of ${questions.toLocaleString("en-US")} questions' bodies ` +
        `and their answers'), buildSearchIndex ` +
        `${ours.indexSeconds.toFixed(2)} s. ${[...builds].map(([engine, note]) => `${engine}: ${note}`).join("; ")}.`,
    );
    const oursBytes = oursRow?.bytes;
    console.log(
      `Size per question: our search/ ${bytes(oursBytes && oursBytes / questions)}; question files (.md, ` +
        `frontmatter and body) ${bytes(questionFileBytes / questions)}; body text ${bytes(bodyTextBytes / questions)}; ` +
        `listing HTML ${bytes(listing.bytesPerEntry)} per entry (real build of the corpus's first ` +
        `${listing.entries} questions), so about ${((listing.bytesPerEntry * questions) / 1e6).toFixed(1)} MB ` +
        `for the whole listing against ${oursBytes === undefined ? "-" : (oursBytes / 1e6).toFixed(1)} MB of index.`,
    );
    if (chunkNotes.length > 0) console.log(`Our index: ${chunkNotes.join("; ")}.`);
    console.log(`\nPer query (ms / found / KB loaded by that query; cold: on a fresh page):`);
    console.log(queryTable(rows, cold, queries));
    for (const row of rows) {
      const measure = row.measure;
      if (!measure || measure.warm.length === 0) continue;
      const slowest = [...measure.warm].sort((a, b) => b.ms - a.ms).slice(0, 3);
      console.log(
        `${row.name}: load ${measure.loadMs.map((ms) => ms.toFixed(0)).join("/")} ms; slowest warm ` +
          slowest.map((timing) => `"${timing.query.text}" ${describe(timing)}`).join(", ") +
          `; heap ${mib(measure.peakHeapBytes)} peak, ${mib(measure.heapAfterGcBytes)} after GC`,
      );
    }
    console.log(`\n${conclusion(rows)}`);
    writeResults(questions, {
      contentDir,
      loadSeconds,
      ours: { ...ours, files: undefined },
      listing,
      questionFileBytes,
      bodyTextBytes,
      queries,
      rows,
    });
    if (options.corpus === undefined && !options.keep)
      rmSync(contentDir, { recursive: true, force: true });
  }
} finally {
  await browser.close();
  if (options.keep) log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

/** Generates a corpus of `count` questions (v2, with answers) with ../shared/bench's generator. */
function generateCorpus(count: number, out: string): string {
  log(`generating ${count} questions (v2, seed ${options.seed}) in ${out}`);
  const child = spawnSync(
    process.execPath,
    [
      join(sharedBench, "gen-corpus.mjs"),
      ...["--count", String(count), "--out", out, "--seed", String(options.seed), "--v2"],
    ],
    { encoding: "utf8", stdio: ["ignore", "ignore", "inherit"] },
  );
  if (child.status !== 0)
    throw new Error(`../shared/bench/gen-corpus.mjs exited with ${child.status}`);
  return out;
}

/** An engine's `search/` files: our index and search script, or a library's. */
async function engineFiles(
  engine: EngineName,
  documents: readonly BenchDocument[],
  ourIndex: readonly SearchFile[],
): Promise<{ files: SearchFile[]; note?: string } | { failure: string }> {
  if (engine === "ours") {
    return { files: [...ourIndex, { file: SEARCH_SCRIPT_FILE, text: await searchScript() }] };
  }
  const index: LibraryIndex =
    engine === "minisearch" ? await miniSearchIndex(documents) : await flexSearchIndex(documents);
  if ("failure" in index) return index;
  return {
    files: index.files,
    note: `index ${index.buildSeconds.toFixed(1)} s + serialize ${index.serializeSeconds.toFixed(1)} s in Node`,
  };
}

/** The sizes of our index's files: how many of each kind, and the largest. */
function ourChunks(files: readonly SearchFile[]): string[] {
  const kinds = [
    ["word chunks", "w-"],
    ["question chunks", "q-"],
    ["manifest", "manifest"],
  ] as const;
  return kinds.map(([label, start]) => {
    const sizes = files
      .filter(({ file }) => file.startsWith(start))
      .map(({ text }) => Buffer.byteLength(text));
    return sizes.length === 1
      ? `${label} ${kb(sizes[0])}`
      : `${sizes.length} ${label}, median ${kb(median(sizes))}, largest ${kb(Math.max(...sizes))}`;
  });
}

/** One line per query: each engine's time, results and bytes loaded. */
function queryTable(
  rows: readonly SearchRow[],
  cold: readonly BenchQuery[],
  queries: readonly BenchQuery[],
): string {
  const measured = rows.filter((row) => row.measure !== undefined);
  const lines = [
    ["", "kind", "query", ...measured.map((row) => row.name)],
    ...[
      ...cold.map((query) => ["cold", query] as const),
      ...queries.map((query) => ["warm", query] as const),
    ].map(([when, query]) => [
      when,
      query.kind,
      JSON.stringify(query.text),
      ...measured.map((row) => {
        const timings = when === "cold" ? row.measure?.cold : row.measure?.warm;
        const timing = timings?.find((found) => found.query === query);
        return timing
          ? `${timing.ms.toFixed(1)} / ${timing.count} / ${(timing.bytes / 1024).toFixed(0)}`
          : "-";
      }),
    ]),
  ];
  const widths = (lines[0] ?? []).map((_, column) =>
    Math.max(...lines.map((line) => line[column]?.length ?? 0)),
  );
  return lines
    .map((line) =>
      line
        .map((cell, column) =>
          column < 3 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The one-line reading of the table: ours against each library that ran. */
function conclusion(rows: readonly SearchRow[]): string {
  const ours = rows.find((row) => row.name === "ours");
  if (!ours?.measure || ours.measure.failure !== undefined)
    return "Conclusion: our search did not run.";
  const figures = rowFigures(ours);
  const parts = rows
    .filter((row) => row !== ours)
    .map((row) => {
      if (!row.measure || row.measure.warm.length === 0) return `${row.name} ${row.status}`;
      const other = rowFigures(row);
      const times = (a: number | undefined, b: number | undefined) =>
        a === undefined || b === undefined || a === 0 ? "-" : ratio(b / a);
      return (
        `${row.name} loads ${times(figures["firstSearchKb"], other["firstSearchKb"])} the bytes before a first search, ` +
        `takes ${times(figures["loadMs"], other["loadMs"])} our load time and ${times(figures["heapMb"], other["heapMb"])} our heap, ` +
        `warm median ${times(figures["warmMedianMs"], other["warmMedianMs"])} ours`
      );
    });
  const warm = ours.measure.warm.map((timing) => timing.ms);
  return (
    `Conclusion: ours loads ${figures["firstSearchKb"]?.toFixed(0)} KB before a first search ` +
    `(warm p90 ${percentile(warm, 90)?.toFixed(1)} ms); ${parts.join("; ")}.`
  );
}

/** A ratio as read aloud: 780x, 4.2x, 0.18x. */
function ratio(value: number): string {
  return `${value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toPrecision(2)}x`;
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const name of readdirSync(folder)) total += statSync(join(folder, name)).size;
  return total;
}

function bytes(value: number | undefined): string {
  return value === undefined ? "-" : `${Math.round(value)} B`;
}

function kb(value: number | undefined): string {
  return value === undefined ? "-" : `${(value / 1024).toFixed(1)} KB`;
}

function mib(value: number | undefined): string {
  return value === undefined ? "-" : `${(value / 2 ** 20).toFixed(0)} MiB`;
}

/** Writes bench-results/<date>-search-<count>.json (-2, -3, ... when one of the day is there). */
function writeResults(questions: number, results: object): void {
  const folder = join(projectRoot, "bench-results");
  mkdirSync(folder, { recursive: true });
  const stem = `${new Date().toISOString().slice(0, 10)}-search-${questions}`;
  let file = join(folder, `${stem}.json`);
  for (let n = 2; statSync(file, { throwIfNoEntry: false }) !== undefined; n++) {
    file = join(folder, `${stem}-${n}.json`);
  }
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`figures written to ${file}`);
}
