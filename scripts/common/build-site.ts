import { projectFile, projectRoot } from "../../src/project-paths.ts";
import { runCollectingOutput, type ProcessResult } from "./run-process.ts";

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

/** How a build ended, and what it wrote (see `ProcessResult`). */
export type BuildResult = ProcessResult;

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
  return runCollectingOutput(process.execPath, buildArguments(command), {
    cwd: projectRoot,
    env: buildEnvironment(contentDir, outDir, settings),
  });
}
