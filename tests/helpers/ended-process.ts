import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";

/**
 * The process tag (src/machinery/store/process-tag.ts) of a process that has ended: a Node
 * process run to its end, as a build killed with `kill -9` is.
 */
export function endedProcessTag(): string {
  const child = spawnSync(process.execPath, [
    "--import",
    "./tests/helpers/compile-cache.ts",
    "--input-type=module",
    "-e",
    'const { PROCESS_TAG } = await import("./src/machinery/store/process-tag.ts"); process.stdout.write(PROCESS_TAG)',
  ]);
  assert.equal(child.status, 0, child.stderr.toString());
  return child.stdout.toString();
}
