/**
 * The fault campaign: kills cold builds and imports with SIGKILL at random moments, runs each
 * again to its end, and checks that the rerun left what a clean run leaves, byte for byte,
 * with no temporary file, lock or hidden folder of the killed run anywhere.
 *
 *   npm run faults -- [--builds 20] [--imports 10] [--count 2000] [--seed 1]
 *                     [--dump DIR] [--dump-mb 30] [--keep]
 *
 * Exits non-zero when any rerun failed or differs.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { projectFile, projectRoot } from "../src/project-paths.ts";
import { generateCorpus } from "./bench/gen-corpus.ts";
import { writeSyntheticDump } from "./bench-import/synthetic-dump.ts";
import { createRandom } from "./bench/prng.ts";
import { buildArguments, buildEnvironment } from "./common/build-site.ts";
import {
  differences,
  entriesUnder,
  fileCount,
  leftByProcess,
  runAndKill,
  temporaryEntries,
  unusedStores,
  type Command,
  type RunEnd,
} from "./faults/killed-runs.ts";

const HELP = `Usage: npm run faults -- [options]

Kills cold builds and imports at random moments (SIGKILL), runs each again, and checks that
the rerun's output is byte-identical to a clean run's, with nothing of the killed run left.

  --builds N   cold builds to kill (default 20)
  --imports N  imports to kill (default 10; 0 skips them)
  --count N    questions in the generated content folder the builds build (default 2000)
  --seed S     the seed of the content and of the moments of the kills (default 1)
  --dump DIR   the dump whose rows the imports read (default ../shared/data/stackexchange/
               beer.stackexchange.com, beside the project)
  --dump-mb N  repeat its rows, ids renumbered, into a Posts.xml of N MB, so that an import
               lasts long enough to be killed at every stage (default 30; 0: the dump as is)
  --keep       keep the work folder (printed) instead of deleting it`;

const { values } = parseArgs({
  options: {
    builds: { type: "string", default: "20" },
    imports: { type: "string", default: "10" },
    count: { type: "string", default: "2000" },
    seed: { type: "string", default: "1" },
    dump: {
      type: "string",
      default: join(projectRoot, "../shared/data/stackexchange/beer.stackexchange.com"),
    },
    "dump-mb": { type: "string", default: "30" },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const [builds, imports, count, seed, dumpMb] = [
  values.builds,
  values.imports,
  values.count,
  values.seed,
  values["dump-mb"],
]
  .map(Number)
  .map((value) => (Number.isInteger(value) && value >= 0 ? value : NaN));
if ([builds, imports, count, seed, dumpMb].some((value) => Number.isNaN(value))) {
  console.error(
    `npm run faults: --builds, --imports, --count, --seed and --dump-mb take whole numbers\n\n${HELP}`,
  );
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), "qa-faults-"));
const random = createRandom(seed as number);
let failures = 0;

/** The share of a clean run's time within which a kill is drawn: late kills may come too late. */
const KILL_WITHIN = 0.9;

/**
 * `command` killed at a random moment of the time a clean run takes, `seconds`; drawn again
 * (up to five times) when the run ended before the kill.
 */
async function killedRun(command: () => Command, seconds: number): Promise<RunEnd> {
  for (let attempt = 1; ; attempt++) {
    const killed = await runAndKill(command(), random.next() * seconds * KILL_WITHIN * 1000);
    if (killed.signal === "SIGKILL" || attempt === 5) return killed;
  }
}

/** One killed run and its rerun, as the report prints them; counts a failure. */
function report(what: string, killedAfter: number, problems: readonly string[]): void {
  const verdict = problems.length === 0 ? "identical to a clean run, nothing left" : "FAILED";
  console.log(`${what}: killed after ${killedAfter.toFixed(2)} s; rerun ${verdict}`);
  for (const problem of problems.slice(0, 20)) console.log(`    ${problem}`);
  if (problems.length > 20) console.log(`    and ${problems.length - 20} more`);
  if (problems.length > 0) failures++;
}

/** Cold builds of a generated community, each killed, then built again to its end. */
async function killBuilds(): Promise<void> {
  const content = join(work, "content");
  generateCorpus({ count: count as number, out: content, seed: seed as number });
  appendFileSync(join(content, "community.yaml"), "pageSize: 50\n");
  const buildCommand = (out: string, cache: string): Command => ({
    args: [process.execPath, ...buildArguments()],
    env: { ...buildEnvironment(content, out), QA_CACHE_DIR: cache },
    cwd: projectRoot,
  });
  const clean = join(work, "ref-out");
  const reference = await runAndKill(buildCommand(clean, join(work, "ref-cache")));
  if (reference.exitCode !== 0) throw new Error(`the reference build failed:\n${reference.output}`);
  console.log(
    `${count} questions: a clean build took ${reference.seconds.toFixed(2)} s and wrote ${fileCount(clean)} files\n`,
  );
  const [out, cache] = [join(work, "out"), join(work, "cache")];
  for (let run = 1; run <= (builds as number); run++) {
    const killed = await killedRun(() => {
      rmSync(out, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
      return buildCommand(out, cache);
    }, reference.seconds);
    const written = fileCount(out);
    const rerun = await runAndKill(buildCommand(out, cache));
    const problems = [
      ...endings(killed, rerun),
      ...(/no build of this project wrote/.test(rerun.output)
        ? ["the rerun kept files as not its own"]
        : []),
      ...differences(out, clean),
      ...[out, cache].flatMap((folder) => leftByProcess(folder, killed.pid)),
      ...temporaryEntries(cache, /\.(partial|new)$|\/spill\/./),
      ...unusedStores(cache),
    ];
    report(`build ${run} (${written} files written)`, killed.seconds, problems);
  }
}

/** What is wrong with how a killed run and its rerun ended. */
function endings(killed: RunEnd, rerun: RunEnd): string[] {
  return [
    ...(killed.signal === "SIGKILL" ? [] : ["the run ended before it was killed"]),
    ...(rerun.exitCode === 0 ? [] : [`the rerun exited with ${rerun.exitCode}:\n${rerun.output}`]),
  ];
}

/** Imports of a dump, each killed, then run again to its end with --force. */
async function killImports(): Promise<void> {
  const dump = join(work, "dump", "faults.stackexchange.com");
  if (dumpMb === 0) cpSync(values.dump, dump, { recursive: true });
  else writeSyntheticDump([values.dump], dump, (dumpMb as number) * 1024 * 1024);
  const importCommand = (target: string, ...flags: string[]): Command => ({
    args: [process.execPath, projectFile("scripts/import.ts"), dump, "--out", target, ...flags],
    env: process.env,
    cwd: projectRoot,
  });
  const clean = join(work, "ref-import");
  const imported = await runAndKill(importCommand(clean));
  if (imported.exitCode !== 0) throw new Error(`the reference import failed:\n${imported.output}`);
  console.log(`\na clean import took ${imported.seconds.toFixed(2)} s\n`);
  const target = join(work, "imports", "content");
  const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
  for (let run = 1; run <= (imports as number); run++) {
    const killed = await killedRun(() => {
      rmSync(join(work, "imports"), { recursive: true, force: true });
      return importCommand(target);
    }, imported.seconds);
    const rerun = await runAndKill(importCommand(target, "--force"));
    const problems = [
      ...endings(killed, rerun),
      ...(rerun.exitCode === 0 ? differences(target, clean) : []),
      ...(rerun.exitCode === 0 && mode(target) !== mode(clean)
        ? [`--out has mode ${mode(target)}, a clean import's ${mode(clean)}`]
        : []),
      ...entriesUnder(join(work, "imports"))
        .filter((entry) => entry !== "content" && !entry.includes("/"))
        .map((entry) => `left beside --out: ${entry}`),
    ];
    const said = rerun.output.split("\n").filter((line) => line.startsWith("import: "));
    report(
      `import ${run}${said.length > 0 ? ` (the rerun: ${said.join("; ")})` : ""}`,
      killed.seconds,
      problems,
    );
  }
}

if ((builds as number) > 0) await killBuilds();
if ((imports as number) > 0) await killImports();
console.log(
  `\n${failures === 0 ? "every rerun was identical to a clean run" : `${failures} reruns failed`}`,
);
if (values.keep) console.log(`work folder: ${work}`);
else rmSync(work, { recursive: true, force: true });
process.exitCode = failures === 0 ? 0 : 1;
