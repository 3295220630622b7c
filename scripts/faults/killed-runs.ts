import { spawn } from "node:child_process";
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/*
 * Runs a command, kills it with SIGKILL at a chosen moment, and tells what a killed run left:
 * the parts of the fault campaign (scripts/faults.ts) that do not depend on what is run.
 */

/** A command to run: its arguments (the first is the program), environment and folder. */
export interface Command {
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** How a run ended: its exit code, or the signal that ended it, and its output. */
export interface RunEnd {
  pid: number;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  seconds: number;
  output: string;
}

/**
 * Runs `command` and kills it with SIGKILL `killAfterMs` after it started, unless it has ended
 * by then (`undefined`: let it end).
 */
export function runAndKill(command: Command, killAfterMs?: number): Promise<RunEnd> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [program, ...args] = command.args;
    const child = spawn(program as string, args, {
      cwd: command.cwd,
      env: command.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer =
      killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.on("error", reject);
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      resolve({ pid: child.pid ?? 0, exitCode, signal, seconds, output });
    });
  });
}

/** Every file, folder and link under `folder` (relative, with `/`); links are not followed. */
export function entriesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (path: string, prefix: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      found.push(prefix + entry.name);
      if (entry.isDirectory()) walk(join(path, entry.name), `${prefix}${entry.name}/`);
    }
  };
  if (existsSync(folder)) walk(folder, "");
  return found.sort();
}

/**
 * How `folder` differs from `reference`: the entries only one of them has, and the files whose
 * bytes differ. Empty when the two are the same, byte for byte, folders included.
 */
export function differences(folder: string, reference: string): string[] {
  const here = entriesUnder(folder);
  const there = new Set(entriesUnder(reference));
  const found: string[] = [];
  for (const entry of here) {
    if (!there.delete(entry)) found.push(`only in the rerun's: ${entry}`);
    else if (lstatSync(join(folder, entry)).isFile() && !sameBytes(folder, reference, entry)) {
      found.push(`differs: ${entry}`);
    }
  }
  for (const entry of there) found.push(`missing from the rerun's: ${entry}`);
  return found;
}

function sameBytes(folder: string, reference: string, file: string): boolean {
  return readFileSync(join(folder, file)).equals(readFileSync(join(reference, file)));
}

/**
 * The entries under `folder` that a killed process `pid` left: those whose name carries its
 * process tag (src/machinery/store/process-tag.ts), which every temporary file and lock of a
 * build does; but for the text stores, which the entry cache it saved may point into
 * (`unusedStores`).
 */
export function leftByProcess(folder: string, pid: number): string[] {
  const tag = new RegExp(`h[0-9a-f]{8}p${pid}t\\d+`);
  return entriesUnder(folder).filter((entry) => tag.test(entry) && !/\/texts\/[^/]+$/.test(entry));
}

/**
 * The text stores in the cache folder `cache` (`texts/`) that no entry cache line names: a
 * killed build's stores that its rerun did not take up and left behind. (A build's page
 * store, in `pages/`, is named by no line: it is its own until the next build.)
 */
export function unusedStores(cache: string): string[] {
  const entries = entriesUnder(cache);
  const lines = entries
    .filter((entry) => entry.endsWith(".ndjson"))
    .map((entry) => readFileSync(join(cache, entry), "utf8"))
    .join("\n");
  return entries.filter(
    (entry) => /\/texts\/[^/]+$/.test(entry) && !lines.includes(entry.split("/").at(-1) ?? ""),
  );
}

/** The files and folders a run of the tool left that only a run under way should hold. */
export function temporaryEntries(folder: string, pattern: RegExp): string[] {
  return entriesUnder(folder).filter((entry) => pattern.test(entry));
}

/** Sizes and counts, for the report: how many files a folder holds. */
export function fileCount(folder: string): number {
  if (!existsSync(folder)) return 0;
  return entriesUnder(folder).filter((entry) => lstatSync(join(folder, entry)).isFile()).length;
}
