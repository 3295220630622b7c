import { join } from "node:path";
import { contentDirectory } from "../project-paths.ts";
import { entryCacheDirectory } from "./entry-cache.ts";
import type { LoadOutcome } from "./load-content.ts";
import { startWorkerThread } from "./reading-threads.ts";

/*
 * A build spends its first seconds on Astro's own work (loading the config, syncing content
 * types, bundling the page) with the second core idle and the main thread waiting on Vite
 * half the time. The questions need none of that, so the build starts loading them then, on a
 * thread of their own (src/integrations/early-loading.ts), and the loader, called once the page
 * renders, takes the result. That hides most of the loading: reading the entry cache and
 * stat-ing 100,000 files in a rebuild, reading and deriving 10,000 in a first build.
 *
 * `npm run build` (scripts/build.ts) starts it sooner still, before Astro has loaded its own
 * code; the integration then finds it under way and keeps it.
 *
 * The build script, the integration and the page bundle each hold a copy of these modules, so
 * the handover goes through the process's global object, keyed by a registered symbol.
 *
 * The load is the build's one read of the content folder: the questions loader takes it, and
 * the community loader takes the community from it rather than reading community.yaml again.
 */

const EARLY_LOAD = Symbol.for("qa-listing.early-question-load");

interface EarlyLoad {
  directory: string;
  /** The content folder's entry caches (`entryCacheDirectory`). */
  cacheDirectory: string;
  outcome: Promise<LoadOutcome>;
  /** Whether the questions loader has taken it (`takeEarlyLoad`). */
  taken?: boolean;
  /** Shared with the loading thread: set once the main thread waits (HeadStart's). */
  mainThreadWaiting?: Int32Array;
  /** Settles when the loading thread has ended (see `startEarlyLoad`). */
  finished?: Promise<void>;
  /** Stops the loading thread. */
  stop?: () => void;
}

type WithEarlyLoad = typeof globalThis & { [EARLY_LOAD]?: EarlyLoad };

/**
 * Starts loading what a build of the project in `root`, with Astro's cache folder `cacheDir`,
 * will ask for: the folders the questions loader finds through loader-paths.ts's constants.
 */
export function startBuildLoad(root: string, cacheDir: string): { finished: Promise<void> } {
  const directory = contentDirectory(root);
  return startEarlyLoad(
    join(root, "src/speed/early-load-worker.ts"),
    directory,
    entryCacheDirectory(directory, cacheDir),
  );
}

/**
 * Starts loading the folder on a worker thread running `workerFile` (early-load-worker.ts, by path:
 * the integration runs from source, the loader from Astro's bundle), for `takeEarlyLoad`.
 * `finished` settles when the thread has ended, its entry cache written: the build must not
 * exit before.
 *
 * A load of the same folder and cache already under way, and not yet taken, is kept rather
 * than started twice; one of another folder or cache (the build script guessed wrong) is
 * stopped, since its result would never be taken.
 */
export function startEarlyLoad(
  workerFile: string,
  directory: string,
  cacheDirectory: string,
): { finished: Promise<void> } {
  const pending = (globalThis as WithEarlyLoad)[EARLY_LOAD];
  if (pending?.finished && !pending.taken) {
    if (pending.directory === directory && pending.cacheDirectory === cacheDirectory) {
      return { finished: pending.finished };
    }
    // Only a build script out of step with astro.config.mjs gets here: say so, since the build
    // then loses its head start.
    console.warn(
      `[qa-early-loading] a load of ${pending.directory} (cache ${pending.cacheDirectory}) was under way, but this build reads ${directory} (cache ${cacheDirectory}); loading again`,
    );
    pending.stop?.();
  }
  const mainThreadWaiting = new Int32Array(new SharedArrayBuffer(4));
  const worker = startWorkerThread(workerFile, { directory, cacheDirectory, mainThreadWaiting });
  const finished = new Promise<void>((done) => worker.once("exit", () => done()));
  const outcome = new Promise<LoadOutcome>((resolve) => {
    worker.once("message", resolve);
    worker.once("error", (failure) => resolve({ failure }));
    worker.once("exit", (code) =>
      resolve({ failure: new Error(`The questions' loading thread stopped (exit code ${code}).`) }),
    );
  });
  handOverEarlyLoad(directory, cacheDirectory, outcome, {
    mainThreadWaiting,
    finished,
    stop: () => void worker.terminate(),
  });
  return { finished };
}

/** Leaves a load already under way for `takeEarlyLoad` to pick up. */
export function handOverEarlyLoad(
  directory: string,
  cacheDirectory: string,
  outcome: Promise<LoadOutcome>,
  thread: Pick<EarlyLoad, "mainThreadWaiting" | "finished" | "stop"> = {},
): void {
  (globalThis as WithEarlyLoad)[EARLY_LOAD] = { directory, cacheDirectory, outcome, ...thread };
}

/**
 * The load started early for this folder and cache, if there is one; it is handed out once,
 * so that a later call (the dev server's next request) loads the folder as it is then. The
 * caller is about to wait for it, so the loading thread learns that this thread's core is
 * free for reading.
 */
export function takeEarlyLoad(
  directory: string,
  cacheDirectory: string,
): Promise<LoadOutcome> | undefined {
  const early = (globalThis as WithEarlyLoad)[EARLY_LOAD];
  if (
    early === undefined ||
    early.taken ||
    early.directory !== directory ||
    early.cacheDirectory !== cacheDirectory
  ) {
    return undefined;
  }
  early.taken = true;
  if (early.mainThreadWaiting) Atomics.store(early.mainThreadWaiting, 0, 1);
  return early.outcome;
}

/**
 * The build's load of this folder, taken or not, for the community loader: the community comes
 * from the same read as the questions. Undefined when this process started none (the dev server).
 */
export function buildLoadOf(directory: string): Promise<LoadOutcome> | undefined {
  const early = (globalThis as WithEarlyLoad)[EARLY_LOAD];
  return early?.directory === directory ? early.outcome : undefined;
}
