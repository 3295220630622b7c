/**
 * Benchmarks the importer on large synthetic dumps: the real rows of the sample dumps in
 * ../shared/data/stackexchange, repeated with renumbered ids until Posts.xml reaches each size,
 * with their comments, then imported by the real CLI in a child process. Prints the questions,
 * answers and comments written, MB/s of Posts.xml, questions/s and the import's peak RSS per
 * size; memory that does not grow with the dump shows as the same peak at every size.
 *
 *   node scripts/bench-import.ts [--sizes 100,1000] [--dumps DIR] [--tmp DIR] [--keep]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "../src/project-paths.ts";
import { writeSyntheticDump } from "./bench-import/synthetic-dump.ts";
import type { ImportReport } from "./import/report.ts";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "100,1000" },
    dumps: { type: "string", default: join(projectRoot, "../shared/data/stackexchange") },
    tmp: { type: "string", default: tmpdir() },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(
    "Usage: node scripts/bench-import.ts [--sizes 100,1000] [--dumps DIR] [--tmp DIR] [--keep]\n" +
      "  --sizes  Posts.xml sizes to generate and import, in MB (default 100,1000)\n" +
      "  --dumps  the folder of real dump folders whose rows are repeated\n" +
      "  --tmp    where to write the dumps and imports (default: the OS temp folder; a RAM disk\n" +
      "           such as /dev/shm takes the disk out of the measure)\n" +
      "  --keep   keep the generated dumps and imports (printed) instead of deleting them",
  );
  process.exit(0);
}

// 1. The real dumps to repeat: every folder with a Posts.xml.
const sources = readdirSync(values.dumps, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => join(values.dumps, entry.name))
  .filter((folder) => readdirSync(folder).includes("Posts.xml"))
  .sort();

const results: string[][] = [];
const work = mkdtempSync(join(values.tmp, "bench-import-"));
try {
  for (const megabytes of values.sizes.split(",").map(Number)) {
    // 2. Generate the dump (not timed), in a folder named like a site.
    const dumpDir = join(work, `${megabytes}mb`, "bench.stackexchange.com");
    const generated = writeSyntheticDump(sources, dumpDir, megabytes * 1e6);

    // 3. Import it with the real CLI, and read the figures from its JSON report.
    const out = join(work, `${megabytes}mb`, "content");
    const started = performance.now();
    const child = spawnSync(
      process.execPath,
      [join(projectRoot, "scripts/import.ts"), dumpDir, "--out", out, "--json", "--quiet"],
      { encoding: "utf8", maxBuffer: 1 << 30 },
    );
    const wall = (performance.now() - started) / 1000;
    if (child.status !== 0) {
      console.error(child.stderr, child.stdout.slice(0, 4000));
      throw new Error(`the import of ${dumpDir} exited with ${child.status}`);
    }
    const report = JSON.parse(child.stdout) as ImportReport;
    const postsMb = statSync(join(dumpDir, "Posts.xml")).size / 1e6;
    results.push([
      postsMb.toFixed(0),
      generated.rows.toLocaleString("en-US"),
      report.questions.written.toLocaleString("en-US"),
      report.answers.written.toLocaleString("en-US"),
      report.comments.written.toLocaleString("en-US"),
      wall.toFixed(1),
      (postsMb / wall).toFixed(1),
      Math.round(report.questions.written / wall).toLocaleString("en-US"),
      report.stats.peakRssMegabytes.toFixed(0),
    ]);
    if (values.keep) console.log(`kept ${dumpDir} and ${out}`);
    else rmSync(join(work, `${megabytes}mb`), { recursive: true, force: true });
  }
} finally {
  if (!values.keep) rmSync(work, { recursive: true, force: true });
}

// 4. The table.
const header = [
  "Posts.xml MB",
  "rows",
  "questions",
  "answers",
  "comments",
  "seconds",
  "MB/s",
  "questions/s",
  "peak RSS MB",
];
const widths = header.map((title, column) =>
  Math.max(title.length, ...results.map((row) => (row[column] ?? "").length)),
);
const line = (cells: string[]) =>
  cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join("  ");
console.log(`node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} CPUs`);
console.log(line(header));
for (const row of results) console.log(line(row));
