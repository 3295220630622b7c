import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Runs `run` with a new folder in the system's temporary folder, removed afterwards. */
export function inTempFolder<Result>(prefix: string, run: (folder: string) => Result): Result {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  try {
    return run(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
