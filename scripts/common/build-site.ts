import { spawn } from "node:child_process";
import { projectFile, projectRoot } from "../../src/project-paths.ts";

/** The two ways to build: `npm run build` (scripts/build.ts) and Astro's own command. */
const COMMANDS = {
  "npm run build": projectFile("scripts/build.ts"),
  "astro build": projectFile("node_modules/astro/bin/astro.mjs"),
} as const;

export interface BuildResult {
  exitCode: number;
  /** stdout and stderr, interleaved as the build wrote them. */
  output: string;
}

/**
 * Runs the real build of this project (`npm run build`, unless told `astro build`) over
 * `contentDir` into `outDir`, the way a user does with QA_CONTENT_DIR and QA_OUT_DIR set, with
 * the Node that runs the caller (a test, the audit).
 */
export function buildSite(
  contentDir: string,
  outDir: string,
  command: keyof typeof COMMANDS = "npm run build",
): Promise<BuildResult> {
  const args = command === "astro build" ? [COMMANDS[command], "build"] : [COMMANDS[command]];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: projectRoot,
      env: { ...process.env, QA_CONTENT_DIR: contentDir, QA_OUT_DIR: outDir, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ exitCode: code ?? 1, output }));
  });
}
