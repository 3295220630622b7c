import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { projectFile } from "../project-paths.ts";
import { startWorkerThread } from "./worker-thread.ts";
import type { QuestionFileBatch, QuestionFileResults, SharedParts } from "./question-files.ts";

/*
 * The worker threads that read question files beside the loading thread (see
 * content-folder.ts). A worker spends its first moments loading the code, so a build that will
 * read every file (it has no entry cache yet) starts them before it knows what to read, and
 * hands them the batch when it does (see load-worker.ts). This module stays light for that.
 */

/** Below this many files per thread, starting worker threads costs more than it saves. */
const FILES_PER_THREAD_AT_LEAST = 2_000;

/**
 * The same for a worker started once the reading is under way (see content-folder.ts): the
 * thread already reading has its code compiled and warm, while a new one spends its first
 * few tenths of a second loading code and reads slower until the JIT has caught up. Measured
 * on a cold 10k build (2 cores), a worker joining with about 5,000 files left made the build
 * slower (1.06x the time of not starting it, 10 alternating runs).
 */
export const FILES_PER_JOINING_THREAD_AT_LEAST = 5_000;

/**
 * How many threads, this one included, should read `files` files, leaving `busyCores` cores
 * to other work (Astro's main thread, while it bundles the page).
 */
export function readingThreadCount(
  files: number,
  busyCores = 0,
  filesPerThread = FILES_PER_THREAD_AT_LEAST,
): number {
  return Math.min(availableParallelism() - busyCores, 4, Math.floor(files / filesPerThread));
}

/** A reading worker thread, and how it ended: resolved once it has read its parts. */
export interface ReadingWorker {
  worker: Worker;
  ended: Promise<void>;
}

/** A worker thread that loads the reading code now and waits for a batch (`readInWorker`). */
export function startReadingWorker(): ReadingWorker {
  // By path from the project's root: this module may run from the page bundle.
  const worker = startWorkerThread(projectFile("src/loaders/question-worker.ts"));
  // Listened to from the start: a worker that fails before it is handed a batch must not go
  // unheard, nor leave the build waiting for an end that has already come.
  const ended = new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`A content worker stopped with exit code ${code}.`));
    });
  });
  // Reported by readInWorker; a worker stopped because it was not needed is no failure.
  ended.catch(() => undefined);
  return { worker, ended };
}

/** Has a worker read parts of `batch`, handing each part's results to `keep` as it arrives. */
export function readInWorker(
  { worker, ended }: ReadingWorker,
  batch: QuestionFileBatch,
  parts: SharedParts,
  keep: (index: number, results: QuestionFileResults) => void,
): Promise<void> {
  worker.on("message", ({ index, results }: { index: number; results: QuestionFileResults }) =>
    keep(index, results),
  );
  worker.postMessage({ batch, parts });
  return ended;
}
