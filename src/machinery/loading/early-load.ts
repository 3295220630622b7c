import { totalmem } from "node:os";
import { join } from "node:path";
import { listedNames, packListing, type PackedListing } from "./listed-names.ts";
import { contentDirectory } from "../../project-paths.ts";
import { entryCacheDirectory } from "../incremental/entry-cache.ts";
import type { ListedName } from "../../core/folder.ts";
import type { LoadOutcome } from "./load-content.ts";
import type { ListedQuestion } from "./listed-question.ts";
import { unpackQuestions, type PackedQuestions } from "./packed-questions.ts";
import type { Worker } from "node:worker_threads";
import { startWorkerThread } from "../threads/worker-threads.ts";
import { collectGarbage, forcesCollections } from "../threads/collect-garbage.ts";
import { stateSlot } from "../build-state.ts";

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
 * the handover goes through the build's state (src/machinery/build-state.ts).
 *
 * The load is the build's one read of the content folder: the questions loader takes it, and
 * the community loader takes the community from it rather than reading community.yaml again.
 */

interface EarlyLoad {
  directory: string;
  /** The content folder's entry caches (`entryCacheDirectory`). */
  cacheDirectory: string;
  outcome: Promise<LoadOutcome>;
  /** Whether the questions loader has taken it (`takeEarlyLoad`). */
  taken?: boolean;
  /** Shared with the loading thread: set once the main thread waits (PreparedReading's). */
  mainThreadWaiting?: Int32Array;
  /** Settles when the loading thread has ended (see `startEarlyLoad`). */
  finished?: Promise<void>;
  /** Stops the loading thread. */
  stop?: () => void;
  /** Whether `outcome` has settled. */
  settled?: boolean;
  /** How many files the main thread listed for it, when it did (`forcesCollections`). */
  files?: number;
}

/** The load under way, for whichever copy of this module takes it. */
const earlyLoad = stateSlot<EarlyLoad>("earlyLoad");

/** A load under way: what it comes to, and when its thread has ended (see `startEarlyLoad`). */
export interface StartedLoad {
  outcome: Promise<LoadOutcome>;
  finished: Promise<void>;
}

/**
 * Starts loading what a build of the project in `root`, with Astro's cache folder `cacheDir`,
 * will ask for: the folders the questions loader finds through loader-paths.ts's constants.
 */
export function startBuildLoad(root: string, cacheDir: string): StartedLoad {
  const started = startListedLoad(root, cacheDir);
  // The listings are packed for the loading thread by now, and what listing the folders made
  // (an entry object and a name a file) is garbage that V8 would leave about while Astro's
  // thread bundles the pages (scripts/bench.md, "Why the constants are what they are").
  if (forcesCollections(earlyLoad.get()?.files)) collectGarbage();
  return started;
}

/** `startBuildLoad`'s listing and start, in a function of its own so the listings die with it. */
function startListedLoad(root: string, cacheDir: string): StartedLoad {
  const directory = contentDirectory(root);
  const listings = listContentFolders(directory);
  return startEarlyLoad(
    join(root, "src/machinery/loading/early-load-worker.ts"),
    directory,
    entryCacheDirectory(directory, cacheDir),
    {
      heapLimitMb: loadingHeapLimitMb(postCount(listings), listings.users?.length ?? 0),
      listings,
    },
  );
}

/**
 * Lists the questions, answers and users once, on this thread: their number sizes the loading
 * thread's heap, and the load takes the listings rather than listing the folders again, which
 * takes seconds at a million questions (scripts/bench.md, "Why the constants are what they
 * are").
 */
function listContentFolders(directory: string): FolderListings {
  const listed = (folder: string) => {
    try {
      return listedNames(join(directory, folder));
    } catch {
      return undefined; // an unreadable folder is reported by the load itself
    }
  };
  return { questions: listed("questions"), answers: listed("answers"), users: listed("users") };
}

/*
 * The loading thread's heap is limited in proportion to the files it loads: left to V8's
 * defaults (sized from the machine's memory), it grows to two or three times what it keeps
 * alive before collecting. The limit is about twice what a load keeps a file (scripts/bench.md,
 * "Why the constants are what they are"). A load that needs more runs again with up to three
 * quarters of the machine's memory (`startEarlyLoad`).
 */
const HEAP_PER_FILE_BYTES = 1_600;
const HEAP_FOR_CODE_MB = 160;

/*
 * And past two million files, 200 bytes a file. V8 lets a heap grow to a multiple of what it
 * keeps before it collects, the larger the limit the larger the multiple
 * (`MemoryController::MaxGrowingFactor`), and at a million questions what the loading thread
 * grew to was the build's peak (scripts/bench.md, "Why the constants are what they are").
 */
const HEAP_PER_FILE_AT_SCALE_BYTES = 200;
/** Where the two rates meet: 1.6 KB a file up to 262,144 files, then 400 MB up to 2,097,152. */
const HEAP_FOR_FILES_AT_LEAST_BYTES = 400 * 2 ** 20;

/** The folders as this thread listed them (`listContentFolders`). */
export interface FolderListings {
  questions?: ListedName[] | undefined;
  answers?: ListedName[] | undefined;
  users?: ListedName[] | undefined;
}

/** The listings as they cross to the loading thread (see `PackedListing`). */
export interface PackedListings {
  questions?: PackedListing | undefined;
  answers?: PackedListing | undefined;
  users?: PackedListing | undefined;
}

function packListings({ questions, answers, users }: FolderListings = {}): PackedListings {
  return {
    questions: questions && packListing(questions),
    answers: answers && packListing(answers),
    users: users && packListing(users),
  };
}

/** How many names the questions' and answers' listings hold. */
function postCount({ questions = [], answers = [] }: FolderListings): number {
  return questions.length + answers.length;
}

/** Three quarters of the machine's memory: a limit in name only, for a load that needs more. */
function machineHeapLimitMb(): number {
  return Math.floor((totalmem() * 0.75) / 2 ** 20);
}

/*
 * And a user's file, at every scale: what a load keeps of a user (what users/ shows, where
 * their page is set apart) is about half this (scripts/bench.md, "Users"). Apart from the
 * posts' rate, which falls past 262,144 files: without it, a community with a hundred thousand
 * people ran out of heap and loaded again.
 */
const HEAP_PER_USER_BYTES = 1_000;

/*
 * And each post's, where there are people: a post's score, date and question are held until
 * its author's page is made, some 150 bytes. Counted by people alone, a million questions'
 * 2.47 million posts by 224,207 people (eleven a person, two at 100,000) ran out of the
 * thread's 845 MB and loaded again (scripts/bench.md, "Users").
 */
const HEAP_PER_POST_WITH_USERS_BYTES = 200;

/** The heap limit for loading a content folder of this many posts' files and users' files. */
export function loadingHeapLimitMb(files: number, users = 0): number {
  const forFiles = Math.min(
    files * HEAP_PER_FILE_BYTES,
    Math.max(files * HEAP_PER_FILE_AT_SCALE_BYTES, HEAP_FOR_FILES_AT_LEAST_BYTES),
  );
  const forUsers =
    users === 0 ? 0 : users * HEAP_PER_USER_BYTES + files * HEAP_PER_POST_WITH_USERS_BYTES;
  return HEAP_FOR_CODE_MB + Math.ceil((forFiles + forUsers) / 2 ** 20);
}

/**
 * Starts loading the folder on a worker thread running `workerFile` (early-load-worker.ts, by path:
 * the integration runs from source, the loader from Astro's bundle), for `takeEarlyLoad`.
 * `outcome` is what the load comes to (after a second run, if the first ran out of memory);
 * `finished` settles when the thread has ended, its entry cache written: the build must not
 * exit before.
 *
 * `listings`, when given, are the folders as already listed, handed to the load.
 * `questionsPerMessage` is how many questions each part of the outcome holds
 * (`LoadingThreadMessage`); tests make it small.
 *
 * A load of the same folder and cache already under way, and not yet taken, is kept rather
 * than started twice; one of another folder or cache (the build script guessed wrong) is
 * stopped, since its result would never be taken.
 */
export function startEarlyLoad(
  workerFile: string,
  directory: string,
  cacheDirectory: string,
  {
    heapLimitMb,
    listings,
    questionsPerMessage,
  }: { heapLimitMb?: number; listings?: FolderListings; questionsPerMessage?: number } = {},
): StartedLoad {
  const pending = earlyLoad.get();
  if (pending?.finished && !pending.taken) {
    if (pending.directory === directory && pending.cacheDirectory === cacheDirectory) {
      return { outcome: pending.outcome, finished: pending.finished };
    }
    // Only a build script out of step with astro.config.mjs gets here: say so, since the build
    // then loses its head start.
    console.warn(
      `[qa-early-loading] a load of ${pending.directory} (cache ${pending.cacheDirectory}) was under way, but this build reads ${directory} (cache ${cacheDirectory}); loading again`,
    );
    pending.stop?.();
  }
  const mainThreadWaiting = new Int32Array(new SharedArrayBuffer(4));
  const files = listings && postCount(listings);
  const threads = new LoadingThreads(workerFile, packListings(listings), {
    directory,
    cacheDirectory,
    mainThreadWaiting,
    questionsPerMessage,
    forcedCollections: forcesCollections(files),
  });
  const first = threads.run(heapLimitMb);
  // Once the thread has ended, or the one that loaded again after it ran out of memory.
  const finished = first.exited.then(() => threads.retry?.exited);
  handOverEarlyLoad(directory, cacheDirectory, first.outcome, {
    mainThreadWaiting,
    finished,
    stop: () => threads.stop(),
    ...(files !== undefined && { files }),
  });
  return { outcome: first.outcome, finished };
}

/** A loading thread's run: what it comes to, and when the thread has exited. */
interface LoadingRun {
  outcome: Promise<LoadOutcome>;
  exited: Promise<void>;
}

/**
 * The loading thread, and the one that loads again if it runs out of memory before it has
 * posted its outcome.
 */
class LoadingThreads {
  readonly #workerFile: string;
  readonly #data: Record<string, unknown>;
  /**
   * Packed once: the listings themselves are then not kept for a load that runs again. Let
   * go of once a thread has posted its outcome, after which none runs again (scripts/bench.md,
   * "Why the constants are what they are").
   */
  #packedListings: PackedListings | undefined;
  #stop = () => {};
  /** The second run, once the first ran out of memory. */
  retry: LoadingRun | undefined;

  constructor(workerFile: string, listings: PackedListings, data: Record<string, unknown>) {
    this.#workerFile = workerFile;
    this.#packedListings = listings;
    this.#data = data;
  }

  stop(): void {
    this.#stop();
  }

  run(limitMb: number | undefined): LoadingRun {
    const worker = startWorkerThread(
      this.#workerFile,
      { ...this.#data, listings: this.#packedListings },
      limitMb === undefined ? undefined : { maxOldGenerationSizeMb: limitMb },
    );
    this.#stop = () => void worker.terminate();
    const exited = new Promise<void>((done) => worker.once("exit", () => done()));
    const outcome = new Promise<LoadOutcome>((resolve) => {
      const posted = this.#takeMessages(worker, resolve);
      worker.once("error", (failure) => this.#failed(failure, limitMb, posted(), resolve));
      worker.once("exit", (code) =>
        resolve({
          failure: new Error(`The questions' loading thread stopped (exit code ${code}).`),
        }),
      );
    });
    return { outcome, exited };
  }

  /**
   * Takes the thread's messages, the questions a part at a time and then the outcome, which
   * goes to `resolve`. Returns whether the outcome has been posted yet.
   */
  #takeMessages(worker: Worker, resolve: (outcome: LoadOutcome) => void): () => boolean {
    let posted = false;
    let parts: PackedQuestions[] = [];
    const takeMessage = (message: LoadingThreadMessage) => {
      if ("questions" in message) {
        parts.push(message.questions);
        return;
      }
      posted = true;
      this.#packedListings = undefined;
      worker.off("message", takeMessage);
      const loaded = message.outcome;
      if ("content" in loaded) {
        try {
          loaded.content.questions = inListingOrder(parts);
        } catch (failure) {
          resolve({ failure });
          return;
        } finally {
          parts = [];
        }
      }
      resolve(loaded);
    };
    worker.on("message", takeMessage);
    return () => posted;
  }

  /**
   * The thread failed. The heap limit only saves memory: over it, the load runs again with as
   * much as the machine has. Not with none: a worker thread's default limit is V8's, below
   * what a million questions had just outgrown (scripts/bench.md, "Why the constants are what
   * they are").
   */
  #failed(
    failure: unknown,
    limitMb: number | undefined,
    posted: boolean,
    resolve: (outcome: LoadOutcome | Promise<LoadOutcome>) => void,
  ): void {
    const outOfMemory = (failure as { code?: unknown }).code === "ERR_WORKER_OUT_OF_MEMORY";
    if (outOfMemory && this.retry === undefined && !posted) {
      const machineMb = machineHeapLimitMb();
      console.warn(
        `[qa-early-loading] the loading thread needed more than its ${limitMb ?? "default"} MB of heap; loading again with up to ${machineMb} MB`,
      );
      this.retry = this.run(machineMb);
      resolve(this.retry.outcome);
    } else if (outOfMemory && posted) {
      console.warn(
        `[qa-early-loading] the loading thread ran out of its ${limitMb ?? "default"} MB of heap while writing the entry cache; the next build reads every file again`,
      );
    } else resolve({ failure });
  }
}

/**
 * What the loading thread posts (`loadAndPost` in early-load-worker.ts): the questions a part
 * at a time as they are derived, in file order, packed with the place in the listing of each
 * (src/machinery/loading/packed-questions.ts); then the rest of the outcome, whose `questions` are empty.
 * Posted whole, a million questions' outcome was serialized at once beside the thread's heap
 * and this thread's copy as it arrived.
 */
export type LoadingThreadMessage = { questions: PackedQuestions } | { outcome: LoadOutcome };

/**
 * The questions of the parts, unpacked and put in their places in the listing, each part let
 * go of once unpacked. The places are those of every question the load kept, each once; a
 * place left empty or taken twice would be a fault of the load, and is said rather than built.
 */
function inListingOrder(parts: (PackedQuestions | undefined)[]): ListedQuestion[] {
  const count = parts.reduce((sum, part) => sum + (part?.ranks.length ?? 0), 0);
  const questions = new Array<ListedQuestion | undefined>(count).fill(undefined);
  const sharing = new SharedStrings();
  parts.forEach((part, partIndex) => {
    if (part === undefined) return;
    parts[partIndex] = undefined;
    unpackQuestions(part, (text) => sharing.of(text)).forEach((question, index) => {
      const rank = part.ranks[index] as number;
      if (rank >= count || questions[rank] !== undefined) {
        throw new Error(
          `The loading thread handed over question ${question.id} at place ${rank} of ${count}, ${rank >= count ? "past the end" : "taken already"}; this is a bug, please report it`,
        );
      }
      questions[rank] = question;
    });
  });
  return questions as ListedQuestion[];
}

/**
 * Each string held once. The questions repeat their tags and the store path of their set-apart
 * page, and copies unpacked apiece would be kept to the end of the build (scripts/bench.md,
 * "Why the constants are what they are").
 */
class SharedStrings {
  readonly #held = new Map<string, string>();

  of(text: string): string {
    const shared = this.#held.get(text);
    if (shared !== undefined) return shared;
    this.#held.set(text, text);
    return text;
  }
}

/** Leaves a load already under way for `takeEarlyLoad` to pick up. */
export function handOverEarlyLoad(
  directory: string,
  cacheDirectory: string,
  outcome: Promise<LoadOutcome>,
  thread: Pick<EarlyLoad, "mainThreadWaiting" | "finished" | "stop" | "files"> = {},
): void {
  const early: EarlyLoad = { directory, cacheDirectory, outcome, ...thread };
  const markSettled = () => void (early.settled = true);
  outcome.then(markSettled, markSettled);
  earlyLoad.set(early);
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
  const early = earlyLoad.get();
  if (
    early === undefined ||
    early.taken ||
    early.directory !== directory ||
    early.cacheDirectory !== cacheDirectory
  ) {
    return undefined;
  }
  early.taken = true;
  sayWaiting(early);
  // What Astro did to get here (bundling the pages) is garbage by now, and this thread has
  // nothing to do until the load is done. (Listing the folders was given back as it ended,
  // in `startBuildLoad`.)
  if (!early.settled && forcesCollections(early.files)) collectGarbage();
  return early.outcome;
}

/**
 * The build's load of this folder, taken or not, for the community loader: the community comes
 * from the same read as the questions. Undefined when this process started none (the dev server).
 * The caller waits for it, as the questions loader does.
 */
export function buildLoadOf(directory: string): Promise<LoadOutcome> | undefined {
  const early = earlyLoad.get();
  if (early?.directory !== directory) return undefined;
  sayWaiting(early);
  return early.outcome;
}

/**
 * Tells the loading thread that this thread waits for the load, and its core is free for
 * reading (`PreparedReading.mainThreadWaiting`): the community's loader may be the first to
 * wait, before the questions' (scripts/bench.md, "Why the constants are what they are").
 */
function sayWaiting(early: EarlyLoad): void {
  if (early.mainThreadWaiting) Atomics.store(early.mainThreadWaiting, 0, 1);
}
