import { spawn, type SpawnOptions } from "node:child_process";

/** How a command ended, and what it wrote. */
export interface ProcessResult {
  exitCode: number;
  /**
   * stdout and stderr, interleaved in the order their chunks arrived. The two are separate
   * pipes, so a line of one can land in the middle of a line of the other (Astro writes a
   * page's path, then its time once rendered): look for a whole line in `stderr`.
   */
  output: string;
  /** stderr alone: warnings and errors, each on a line of its own. */
  stderr: string;
}

/**
 * Runs `command` with no input and its output collected (a build, an npm script); rejects
 * only when it cannot be started.
 */
export function runCollectingOutput(
  command: string,
  args: readonly string[],
  options: Omit<SpawnOptions, "stdio"> = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ exitCode: code ?? 1, output, stderr }));
  });
}
