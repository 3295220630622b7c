import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { UsageError } from "../common/usage-error.ts";

/**
 * Checks, before any work, that `out` may be written: new, empty, or (with `force`) a content
 * folder that holds none of the paths in `keep` (the dump, the working directory).
 */
export function checkOutFolder(out: string, force: boolean, keep: readonly string[]): void {
  const target = resolve(out);
  if (!existsSync(target)) return;
  if (!statSync(target).isDirectory()) {
    throw new UsageError(`--out ${out} is a file, not a folder; choose another --out`);
  }
  const entries = readdirSync(target);
  if (entries.length === 0) return;
  if (!force) {
    throw new UsageError(
      `--out ${out} already exists and is not empty; pass --force to replace it, or choose another --out`,
    );
  }
  if (!entries.includes("community.yaml") && !entries.includes("questions")) {
    throw new UsageError(
      `--out ${out} is not a content folder (it has no community.yaml or questions/), so --force will not replace it; choose another --out`,
    );
  }
  for (const path of keep) {
    const fromTarget = relative(target, resolve(path));
    const outside =
      fromTarget === ".." || fromTarget.startsWith(`..${sep}`) || isAbsolute(fromTarget);
    if (!outside) {
      throw new UsageError(
        `--out ${out} holds ${path}, so it will not be replaced; choose another --out`,
      );
    }
  }
}

/**
 * A fresh hidden folder beside `out` (so on the same file system, and the final rename is
 * cheap), with its questions/ and answers/ folders, where the import is written until it is
 * swapped in.
 */
export function createStaging(out: string): string {
  const target = resolve(out);
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(join(dirname(target), `.${basename(target)}.import-`));
  mkdirSync(join(staging, "questions"));
  mkdirSync(join(staging, "answers"));
  return staging;
}

/**
 * Puts the staging folder in place of `out`. An existing `out` is moved aside first and put
 * back if the swap fails, so `out` is always either the old folder or the whole new one.
 */
export function swapIn(staging: string, out: string): void {
  const target = resolve(out);
  if (!existsSync(target)) {
    renameSync(staging, target);
    return;
  }
  const aside = `${staging}.old`;
  renameSync(target, aside);
  try {
    renameSync(staging, target);
  } catch (error) {
    renameSync(aside, target);
    throw error;
  }
  rmSync(aside, { recursive: true, force: true });
}

export function removeStaging(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
}
