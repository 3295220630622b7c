import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { runCollectingOutput } from "../../scripts/common/run-process.ts";
import { projectRoot } from "../../src/project-paths.ts";

/*
 * The example packed and served as a Kiwix reader gets it, for the build test and the browser
 * spec alike: `npm run zim` on the built example, then kiwix-serve.
 */

/**
 * `npm run zim` with `args`, its output collected: with no QA_CONTENT_DIR unless `env` sets
 * one, so that the metadata is the built site's own.
 */
export function packZim(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const inherited = { ...process.env };
  delete inherited["QA_CONTENT_DIR"];
  return runCollectingOutput(process.execPath, [join(projectRoot, "scripts/zim.ts"), ...args], {
    cwd: projectRoot,
    env: { ...inherited, ...env },
  });
}

/** kiwix-serve serving `zim` on 127.0.0.1:`port`, once its catalogue answers. */
export async function startKiwixServe(zim: string, port: number): Promise<ChildProcess> {
  const server = spawn("kiwix-serve", ["--address", "127.0.0.1", "--port", String(port), zim], {
    stdio: "ignore",
  });
  for (let tries = 0; tries < 100; tries++) {
    const up = await fetch(`http://127.0.0.1:${port}/catalog/v2/entries`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return server;
    await delay(100);
  }
  server.kill();
  throw new Error(`kiwix-serve did not start on port ${port}`);
}
