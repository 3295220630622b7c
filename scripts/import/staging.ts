import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { taggedUniqueName, writerOf } from "../../src/machinery/store/process-tag.ts";
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

/*
 * An import writes into a hidden folder beside `out` and swaps it in by renames, each of which
 * the file system does whole. The folders' names say how far an import got, and which process
 * made them (src/machinery/store/process-tag.ts), so that a later import of the same `out`
 * finds what a killed one left and finishes or undoes it (`recoverInterruptedImports`):
 *
 *   .<out>.import-<tag>-<n>        being written
 *   .<out>.import-ready-<tag>-<n>  complete, to be swapped in
 *   .<out>.import-old-<tag>-<n>    the folder it replaced, to be deleted
 *
 * A kill between the two renames of the swap left no `out` at all.
 */

/** What a stage of an import's hidden folder is called, after `.<out>.import-`. */
const STAGE = { writing: "", ready: "ready-", old: "old-" } as const;

/** The hidden folder beside `out` of an import's stage, for the import named `id`. */
function stageFolder(out: string, stage: keyof typeof STAGE, id: string): string {
  const target = resolve(out);
  return join(dirname(target), `.${basename(target)}.import-${STAGE[stage]}${id}`);
}

/**
 * A fresh hidden folder beside `out` (so on the same file system, and the final rename is
 * cheap), with its questions/ and answers/ folders, where the import is written until it is
 * swapped in. Made with the mode the umask gives, as `out` will have it.
 */
export function createStaging(out: string): string {
  mkdirSync(dirname(resolve(out)), { recursive: true });
  const staging = stageFolder(out, "writing", taggedUniqueName());
  mkdirSync(staging);
  mkdirSync(join(staging, "questions"));
  mkdirSync(join(staging, "answers"));
  return staging;
}

/**
 * Puts the staging folder in place of `out`: marked complete, then the old `out` moved aside,
 * then the new one moved in, then the old one deleted. Killed at any point, `out` is either
 * the old folder or the whole new one, or, between the two moves, missing with both beside it
 * under names that say which is which, for the next import to finish the swap. Without
 * `replace` (--force), an `out` that another import wrote meanwhile is kept, and this import
 * stops with a usage error: two imports never both write one folder.
 */
export function swapIn(staging: string, out: string, replace: boolean): void {
  const target = resolve(out);
  const id = basename(staging).slice(`.${basename(target)}.import-`.length);
  const ready = stageFolder(out, "ready", id);
  renameSync(staging, ready);
  try {
    if (!existsSync(target)) return renameSync(ready, target);
    if (!replace) throw new UsageError(APPEARED(out));
    const aside = stageFolder(out, "old", id);
    renameSync(target, aside);
    try {
      renameSync(ready, target);
    } catch (error) {
      renameSync(aside, target);
      throw error;
    }
    rmSync(aside, { recursive: true, force: true });
  } catch (error) {
    // Another import's folder took the name between the look and the move (ENOTEMPTY).
    const code = (error as NodeJS.ErrnoException).code;
    rmSync(ready, { recursive: true, force: true });
    throw code === "ENOTEMPTY" || code === "EEXIST" ? new UsageError(APPEARED(out)) : error;
  }
}

const APPEARED = (out: string) =>
  `--out ${out} was written by another import while this one ran, and is kept as that one left it; nothing of this import was kept. Run one import at a time into a folder, or pass --force to replace it`;

export function removeStaging(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
}

/**
 * Finishes or undoes what imports of `out` that were killed left beside it, and says what it
 * did, a line each: a swap cut between its two moves is finished (the new folder moved in);
 * a complete folder never swapped in, a folder being written and an old folder left to delete
 * are deleted. Folders of imports still running are left alone.
 */
export function recoverInterruptedImports(out: string): string[] {
  const target = resolve(out);
  const prefix = `.${basename(target)}.import-`;
  if (!existsSync(dirname(target))) return [];
  const left = readdirSync(dirname(target), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(prefix))
    .map((entry) => ({ name: entry.name, path: join(dirname(target), entry.name) }))
    .filter(({ name }) => !["running", "this process"].includes(writerOf(name)));
  const said: string[] = [];
  const ready = left.filter(({ name }) => name.startsWith(`${prefix}${STAGE.ready}`));
  for (const { path } of ready) {
    if (!existsSync(target)) {
      renameSync(path, target);
      said.push(
        `an import killed while swapping folders left ${out} missing; finished the swap: ${out} is the folder that import wrote`,
      );
    } else {
      rmSync(path, { recursive: true, force: true });
      said.push(
        `deleted the folder an import killed before its swap had written; ${out} is as it was`,
      );
    }
  }
  for (const { name, path } of left.filter((folder) => !ready.includes(folder))) {
    if (!existsSync(path)) continue;
    const old = name.startsWith(`${prefix}${STAGE.old}`);
    if (old && !existsSync(target)) {
      renameSync(path, target);
      said.push(
        `an import killed while swapping folders left ${out} missing; put the folder it replaced back`,
      );
      continue;
    }
    rmSync(path, { recursive: true, force: true });
    said.push(
      old
        ? `deleted the old folder a killed import had swapped out`
        : `deleted the half-written folder of a killed import`,
    );
  }
  return said;
}
