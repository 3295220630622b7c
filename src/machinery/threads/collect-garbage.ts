import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Has V8 collect this thread's garbage now and give the memory back, as it does when a process
 * runs low: for a moment where the build knows that much garbage lies about and the thread is
 * about to wait, or to end its part while another thread goes on (early-load-worker.ts). Such
 * a collection also frees the pages that collections emptied, which V8 otherwise keeps for the
 * heap to grow into again. Left to itself V8 collects once the heap has grown to some multiple
 * of what it kept, or after a while idle: Astro's thread waited out a million questions' load,
 * through its peak, with mostly garbage (scripts/bench.md, "Why the constants are what they
 * are").
 *
 * `gc` is V8's, made reachable by its flag; set while running, the flag holds for contexts
 * made afterwards, such as the one this takes it from.
 */
export function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as ((options: object) => void) | undefined;
  gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
}

/**
 * The fewest files a load has for the build to force its collections (`collectGarbage`). Below,
 * what a load leaves about is tens of MB, which V8's own collections take care of, and the
 * forced ones cost more time than they gave back: 20 to 30 ms apiece, the example's cold build
 * (50 files) 0.875x the time without them, its peak 450 against 402 MiB. At 10,000 questions
 * (25,215 files) they cost no time and keep the peak lower, so they stay from there on
 * (scripts/bench.md, "The example's fixed cost").
 */
export const FORCED_COLLECTIONS_FROM_FILES = 5_000;

/** Whether a load of `files` files forces its collections; an unknown count does, as before. */
export function forcesCollections(files: number | undefined): boolean {
  return files === undefined || files >= FORCED_COLLECTIONS_FROM_FILES;
}
