import { Worker, type ResourceLimits } from "node:worker_threads";
import { projectFile } from "../../project-paths.ts";

/*
 * Starting the build's worker threads: the loading thread, the threads that read files beside
 * it, and the threads that render pages.
 */

/**
 * The heap limits of a thread that helps for a while, reading files or rendering pages: a
 * young generation of 32 MB. Such a thread keeps little from one task to the next (a reading
 * worker kept 15 MB after its collections at a million questions), yet V8 sizes its young
 * generation for a heap that may grow to gigabytes, and with the pages its collections had
 * emptied it held 218 to 292 MB at 100,000 questions, up to 370 MB at a million; held to 32
 * MB, 108 to 133 MB at 100,000. Cold builds of 100,000 questions peaked at 877 and 902 MiB
 * against 1,140 and 1,155, in 95 and 106 s against 106 and 114 (two runs each, alternating,
 * `/usr/bin/time`). At 16 MB they collected twice as often for about as much memory (827 and
 * 935 MiB).
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
