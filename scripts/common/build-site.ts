import { spawn } from "node:child_process";
import { projectFile, projectRoot } from "../../src/project-paths.ts";

/** The two ways to build: `npm run build` (scripts/build.ts) and Astro's own command. */
const COMMANDS = {
  "npm run build": [projectFile("scripts/build.ts")],
  "astro build": [projectFile("node_modules/astro/bin/astro.mjs"), "build"],
} as const;

export type BuildCommand = keyof typeof COMMANDS;

/** Node's arguments for one build; run them with the Node that runs the caller. */
export function buildArguments(command: BuildCommand = "npm run build"): string[] {
  return [...COMMANDS[command]];
}

/**
 * The environment of a build over `contentDir` into `outDir`, as a user sets it: this
 * process's own, with QA_CONTENT_DIR and QA_OUT_DIR, and no colour codes in the log.
 */
export function buildEnvironment(
  contentDir: string,
  outDir: string,
  settings: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...settings,
    QA_CONTENT_DIR: contentDir,
    QA_OUT_DIR: outDir,
    NO_COLOR: "1",
  };
}

export interface BuildResult {
  exitCode: number;
  /**
   * stdout and stderr, interleaved in the order their chunks arrived. The two are separate
   * pipes, so a line of one can land in the middle of a line of the other (Astro writes a
   * page's path, then its time once rendered): look for a whole line in `stderr`.
   */
  output: string;
  /** stderr alone: the build's warnings and errors, each on a line of its own. */
  stderr: string;
}

/**
 * Runs the real build of this project (`npm run build`, unless told `astro build`) over
 * `contentDir` into `outDir`, the way a user does with QA_CONTENT_DIR and QA_OUT_DIR set (and
 * any other `settings`, such as QA_RENDER_THREADS), with the Node that runs the caller (a
 * test, the audit).
 */
export function buildSite(
  contentDir: string,
  outDir: string,
  command: BuildCommand = "npm run build",
  settings: NodeJS.ProcessEnv = {},
): Promise<BuildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, buildArguments(command), {
      cwd: projectRoot,
      env: buildEnvironment(contentDir, outDir, settings),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ exitCode: code ?? 1, output, stderr }));
  });
}
