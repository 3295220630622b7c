/**
 * `node scripts/run-together.ts lint check`: runs npm scripts side by side, as `npm test` does
 * with the lint and the type check (each keeps about one core busy: 25 s together against 31 s
 * one after the other). Each script's output is held and printed whole once it ends, so two
 * never interleave. Exits 1 when any of them failed, naming those.
 */
import { runCollectingOutput } from "./common/run-process.ts";

/** `npm run <name>`, with the npm that runs this script when there is one. */
async function runScript(name: string): Promise<{ exitCode: number; output: string }> {
  const npm = process.env["npm_execpath"];
  const [command, args] = npm ? [process.execPath, [npm, "run", name]] : ["npm", ["run", name]];
  return runCollectingOutput(command, args).catch((error: Error) => ({
    exitCode: 1,
    output: `${error.message}\n`,
  }));
}

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("Usage: node scripts/run-together.ts SCRIPT [SCRIPT ...]  (npm script names)");
  process.exit(2);
}
const failed: string[] = [];
await Promise.all(
  names.map(async (name) => {
    const started = performance.now();
    const { exitCode, output } = await runScript(name);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `\n── npm run ${name}: ${exitCode === 0 ? "passed" : `failed (exit code ${exitCode})`} in ${seconds.toFixed(1)} s\n${output}`,
    );
    if (exitCode !== 0) failed.push(name);
  }),
);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((name) => `npm run ${name}`).join(", ")}`);
  process.exit(1);
}
