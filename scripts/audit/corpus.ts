import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Writes a synthetic content folder of `count` questions with the shared bench generator
 * (deterministic: seed 1), so the audit weighs the same corpus every time.
 */
export function generateCorpus(generator: string, count: number, outDir: string): void {
  if (!existsSync(generator)) {
    throw new Error(`The corpus generator is missing: ${generator}; it lives in shared/bench/.`);
  }
  execFileSync(
    process.execPath,
    [generator, "--count", String(count), "--out", outDir, "--seed", "1"],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
}
