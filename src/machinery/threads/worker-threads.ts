import { Worker, type ResourceLimits } from "node:worker_threads";
import { projectFile } from "../../project-paths.ts";

/*
 * Starting the build's worker threads: the loading thread, the threads that read files beside
 * it, and the threads that render pages.
 */

/**
 * The heap limits of a thread that helps for a while, reading files or rendering pages: a
 * young generation of 32 MB. Such a thread keeps little from one task to the next, yet V8
 * sizes its young generation for a heap that may grow to gigabytes, and the thread held the
 * pages its collections had emptied (scripts/bench.md, "Why the constants are what they are").
 */
export const HELPING_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 32 };

/** By path from the project's root: this module may run from the page bundle. */
const WORKER_ENTRY = projectFile("src/machinery/threads/worker-entry.mjs");

/**
 * Starts a worker thread running the TypeScript module `entryFile` (an absolute path), by way of
 * worker-entry.mjs; the module finds `data` in `workerData`.
 */
export function startWorkerThread(
  entryFile: string,
  data: Record<string, unknown> = {},
  resourceLimits?: ResourceLimits,
): Worker {
  return new Worker(WORKER_ENTRY, {
    workerData: { ...data, entry: entryFile },
    ...(resourceLimits && { resourceLimits }),
  });
}
