import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One timed run of a command, as GNU time reports it. */
export interface Timing {
  wallSeconds: number;
  /** User + system CPU seconds: moves less than wall time when the machine is busy. */
  cpuSeconds: number;
  /**
   * Peak resident set size in KiB: GNU time's %M, the largest single process among the command
   * and its descendants (`astro build` and the peers are one process each).
   */
  peakKib: number;
  exitCode: number;
  timedOut: boolean;
  /** stdout and stderr of the command, for the message when it failed. */
  output: string;
}

export const GNU_TIME = "/usr/bin/time";

/** Runs `command` under GNU time and `timeout`, the way ../shared/bench/run-peers.sh does. */
export function timed(
  command: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutSeconds: number },
): Timing {
  if (!existsSync(GNU_TIME)) {
    throw new Error(`${GNU_TIME} is missing; install GNU time (apt-get install time)`);
  }
  const scratch = mkdtempSync(join(tmpdir(), "qa-bench-time-"));
  const timeFile = join(scratch, "time");
  try {
    const child = spawnSync(
      GNU_TIME,
      ["-f", "%e %M %U %S", "-o", timeFile, "timeout", String(options.timeoutSeconds), ...command],
      { cwd: options.cwd, env: options.env, encoding: "utf8", maxBuffer: 1 << 28 },
    );
    // With a non-zero exit, GNU time writes "Command exited with non-zero status N" first.
    const last = readFileSync(timeFile, "utf8").trim().split("\n").at(-1) ?? "";
    const [wall, kib, user, system] = last.split(" ").map(Number);
    const exitCode = child.status ?? 1;
    return {
      wallSeconds: wall ?? NaN,
      cpuSeconds: (user ?? NaN) + (system ?? NaN),
      peakKib: kib ?? NaN,
      exitCode,
      timedOut: exitCode === 124,
      output: `${child.stdout}${child.stderr}`,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The median of a non-empty list (the lower middle one for an even count, as run-peers.sh). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}
