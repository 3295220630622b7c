import { hash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { linesOfFile } from "../store/file-lines.ts";
import { takeLock, type HeldLock, type LockHolder } from "../store/folder-lock.ts";
import { writeWholeFile } from "../store/whole-file.ts";
import { stateSlot } from "../build-state.ts";

/*
 * Which files of an output folder the builds wrote, so that a build deletes only those: a
 * folder named by mistake (the content, a home folder) keeps every file no build wrote. A
 * build that ends well records every file it left (`recordOutputFiles`), in Astro's cache
 * folder; the next one may delete what that record lists. A build holds a lock in the output
 * folder from before it writes there until that record is written, so that two builds never
 * write one folder at once; a build that did not end well leaves its lock behind, and the
 * next build, taking it over, counts as its own every file written since that build started
 * (`ownsSince`), which is what the killed build may have written.
 */

/**
 * The lock file a build holds in its output folder while it writes there: never a file of
 * the site.
 */
export const OUTPUT_LOCK_FILE = ".qa-build.lock";

interface OutputLock {
  lock: HeldLock;
  /** Since when (ms since the epoch) a file of the folder was written by a build of this project. */
  ownsSince: number;
}

/** The lock this build holds on its output folder (another module copy takes it). */
const outputLock = stateSlot<OutputLock>("outputLock");

/**
 * Takes the output folder's lock for this build, or says who holds it. Throws when the folder
 * cannot be written.
 */
export function lockOutputFolder(outDir: string): LockHolder | undefined {
  const startedAt = Date.now();
  // The earliest start of this build and of those whose locks it takes over.
  const ownsSince = (replaced: readonly LockHolder[]) =>
    Math.min(startedAt, ...replaced.map(ownedSinceBy));
  const taken = takeLock(
    join(outDir, OUTPUT_LOCK_FILE),
    "building the site into it",
    (replaced) => ({
      ownsSince: ownsSince(replaced),
    }),
  );
  if ("heldBy" in taken) return taken.heldBy;
  outputLock.set({ lock: taken, ownsSince: ownsSince(taken.replaced) });
  return undefined;
}

/** Since when a build that did not end well counted the folder's files as its own. */
function ownedSinceBy({ since, data }: LockHolder): number {
  return typeof data["ownsSince"] === "number" ? data["ownsSince"] : Date.parse(since);
}

/** Since when files in the output folder are this project's builds' own, in this build. */
export function outputOwnedSince(): number | undefined {
  return outputLock.get()?.ownsSince;
}

/** Where the record of the files in the output folder `outDir` is kept, in Astro's cache folder. */
export function outputFilesRecord(cacheDir: string, outDir: string): string {
  const key = hash("sha1", outDir, "base64url").slice(0, 12);
  return join(cacheDir, "qa-listing", `output-files-${key}.txt`);
}

/**
 * Records `files`, every file this build left in its output folder (relative, with `/`), in
 * `recordFile`, one a line, and lets go of the output folder's lock: the build has ended well.
 */
export function recordOutputFiles(recordFile: string, files: Iterable<string>): void {
  function* lines(): Generator<string> {
    for (const file of files) yield `${file}\n`;
  }
  writeWholeFile(recordFile, lines());
  outputLock.get()?.lock.release();
  outputLock.set(undefined);
}

/** How many bytes of the record `recordedAmong` reads at once. */
const READ_BLOCK_BYTES = 1 << 20;

/**
 * Those of `files` that `recordFile` lists: the files the last build that ended well left. The
 * record is read a block at a time and only `files` are held: at a million questions it lists
 * over a million files.
 */
export function recordedAmong(recordFile: string, files: ReadonlySet<string>): Set<string> {
  const recorded = new Set<string>();
  if (files.size === 0 || !existsSync(recordFile)) return recorded;
  for (const line of linesOfFile(recordFile, READ_BLOCK_BYTES)) {
    if (files.has(line)) recorded.add(line);
  }
  return recorded;
}
