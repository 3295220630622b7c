import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("../../", import.meta.url));
const astroBin = fileURLToPath(new URL("../../node_modules/astro/bin/astro.mjs", import.meta.url));

export interface BuildResult {
  exitCode: number;
  /** stdout and stderr, interleaved as the build wrote them. */
  output: string;
}

/**
 * Runs the real `astro build` of this project over `contentDir` into `outDir`, the way a user
 * does with QA_CONTENT_DIR and QA_OUT_DIR set, with the Node that runs the tests.
 */
export function buildSite(contentDir: string, outDir: string): Promise<BuildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, "build"], {
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
