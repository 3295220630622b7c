import { availableParallelism } from "node:os";
import {
  MessageChannel,
  receiveMessageOnPort,
  type MessagePort,
  type Worker,
} from "node:worker_threads";
import type { FolderReaderModule } from "../../core/folder.ts";
import { projectFile } from "../../project-paths.ts";
import type { FileBatch, FileResults, SharedParts } from "./read-files.ts";
import { HELPING_THREAD_LIMITS, startWorkerThread } from "../threads/worker-threads.ts";

/*
 * The worker threads that read a folder's files beside the loading thread (see
 * load-folder.ts). A worker spends its first moments loading the code, so a build that will
 * read every file (it has no entry cache yet) starts them before it knows what to read, and
 * hands them the batch when it does (see early-load-worker.ts). This module stays light for that.
 */

/** Below this many files per thread, starting worker threads costs more than it saves. */
const FILES_PER_THREAD_AT_LEAST = 2_000;

/**
 * The cores this process may run on, asked once: the call asks the kernel each time (8 µs
 * here), and a load that may still take a thread asks after every file (`joiningThreadCount`).
 */
const CORES = availableParallelism();

/**
 * Each thread's share, in time, of what is left to read when workers join a reading under way
 * (see load-folder.ts): a new one spends its first few tenths of a second loading code and
 * reads slower until the JIT has caught up. Time, as the thread already reading measures it,
 * rather than a count of files: a file with answers' comments and code to colour costs several
 * times one of a listing alone (scripts/bench.md, "Why the constants are what they are").
 */
export const JOINING_SHARE_MS_AT_LEAST = 1_500;

/**
 * How many threads, this one included, should read the `unclaimedTasks` files left of a
 * reading under way, at the `msPerFile` it has taken so far, each for `shareMs` at least.
 */
export function joiningThreadCount(
  unclaimedTasks: number,
  msPerFile: number,
  shareMs = JOINING_SHARE_MS_AT_LEAST,
): number {
  if (!(msPerFile > 0) || unclaimedTasks <= 0) return 1;
  return Math.max(readingThreadCount(unclaimedTasks, 0, shareMs / msPerFile), 1);
}

/**
 * How many threads, this one included, should read `files` files, leaving `busyCores` cores
 * to other work (Astro's main thread, while it bundles the page).
 */
export function readingThreadCount(
  files: number,
  busyCores = 0,
  filesPerThread = FILES_PER_THREAD_AT_LEAST,
): number {
  return Math.min(CORES - busyCores, 4, Math.floor(files / filesPerThread));
}

/**
 * A reading worker thread, which reads one batch after another, of any folder, until it is
 * told to `end`; `ended` settles as it has ended, rejected if it failed.
 */
export interface ReadingWorker {
  worker: Worker;
  ended: Promise<void>;
  end(): void;
}

/** What a reading worker is handed: a batch to read (`readInWorker`), or that it is to end. */
export type ReadingWorkerMessage =
  | {
      reader: FolderReaderModule;
      batch: FileBatch<unknown>;
      parts: SharedParts;
      results: MessagePort;
    }
  | { end: true };

/**
 * A worker thread that loads a folder reader's code now and waits for a batch of that
 * folder's files (`readInWorker`), or of another's: one thread reads the questions, then the
 * answers, rather than a thread more started and loading its code while the first ends.
 */
export function startReadingWorker(reader: FolderReaderModule): ReadingWorker {
  // By path from the project's root: this module may run from the page bundle.
  const worker = startWorkerThread(
    projectFile("src/machinery/loading/reading-worker.ts"),
    { reader },
    HELPING_THREAD_LIMITS,
  );
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
  return {
    worker,
    ended,
    end: () => worker.postMessage({ end: true } satisfies ReadingWorkerMessage),
  };
}

/** A worker reading parts of a batch (`readInWorker`). */
export interface WorkerReading {
  /** Hands every part the worker has posted so far to `keep`, at once. */
  takeArrived(): void;
  /**
   * Settles once the worker has read its last part of the batch and every part it read was
   * kept, its worker then free for another batch; rejected if the worker ended before.
   */
  ended: Promise<void>;
}

/**
 * Has a worker read parts of `batch`, a batch of the folder `where` reads, handing each part's
 * results to `keep`. The results come through a port of their own, so that the loading thread
 * can take them between two parts of its own reading (`takeArrived`), while its event loop is
 * not running: a message waiting on a thread's event loop is held whole in native memory until
 * that thread reads it, and the parts would wait there until the loading thread ended its own
 * reading (scripts/bench.md, "Why the constants are what they are"). Once that thread waits,
 * the rest are taken as they come.
 */
export function readInWorker<Entry, Settings>(
  { worker, ended }: ReadingWorker,
  where: FolderReaderModule,
  batch: FileBatch<Settings>,
  parts: SharedParts,
  keep: (index: number, results: FileResults<Entry>) => void,
): WorkerReading {
  const { port1: resultsPort, port2: workersPort } = new MessageChannel();
  const done = Promise.withResolvers<undefined>();
  const take = (posted: PartPosted<Entry>) => {
    if ("index" in posted) keep(posted.index, posted.results);
    else done.resolve(undefined);
  };
  const takeArrived = () => {
    for (let arrived = receiveMessageOnPort(resultsPort); arrived;) {
      take(arrived.message as PartPosted<Entry>);
      arrived = receiveMessageOnPort(resultsPort);
    }
  };
  resultsPort.on("message", take);
  const message: ReadingWorkerMessage = { reader: where, batch, parts, results: workersPort };
  worker.postMessage(message, [workersPort]);
  const endedEarly = failIfEndedFirst(ended, (failure) => {
    // What it posted is queued on the port: taken first, as it may have said it was done.
    takeArrived();
    done.reject(failure);
  });
  return {
    takeArrived,
    ended: done.promise.finally(() => {
      endedEarly.forget();
      // The listener too: through it a port still held (a heap snapshot once found two,
      // after the load, for a reason not found) holds `keep`, and by it what the folder's
      // load holds, every file's name among it.
      resultsPort.off("message", take);
      resultsPort.close();
    }),
  };
}

/**
 * Calls `fail` if the worker ends, whether it fails or not, before `forget` is called. Apart
 * from `readInWorker`, so that what waits on the worker's end holds only `fail`, and nothing
 * once forgotten: not the batch's `keep`, and through it the folder's load, while the thread
 * reads another folder.
 */
function failIfEndedFirst(
  ended: Promise<void>,
  fail: (failure: Error) => void,
): { forget(): void } {
  let failing: ((failure: Error) => void) | undefined = fail;
  void ended.then(
    () => failing?.(new Error("A content worker ended before it had posted every part it read.")),
    (failure: unknown) =>
      failing?.(failure instanceof Error ? failure : new Error(String(failure))),
  );
  return {
    forget: () => {
      failing = undefined;
    },
  };
}

/** What a reading worker posts on its results port: a part's results, then that it is done. */
export type PartPosted<Entry> = { index: number; results: FileResults<Entry> } | { done: true };
