import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../../src/project-paths.ts";

/** `npm run import` with `args`, run to its end from the project's folder: status and output. */
export function runImport(...args: string[]) {
  return spawnSync(process.execPath, [join(projectRoot, "scripts/import.ts"), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
  });
}
