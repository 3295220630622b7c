// A worker thread's module (started through worker-entry.mjs): a build's early load of the
// content folder (see early-load.ts). The outcome is posted first; the thread then writes the
// entry cache and ends.
import { existsSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { collectGarbage } from "../threads/collect-garbage.ts";
import type { LoadingThreadMessage, PackedListings } from "./early-load.ts";
import { isStoredQuestion, packQuestions, type StoredQuestion } from "./packed-questions.ts";

const {
  directory,
  cacheDirectory,
  mainThreadWaiting,
  listings,
  questionsPerMessage,
  forcedCollections = true,
} = workerData as {
  directory: string;
  cacheDirectory: string;
  mainThreadWaiting: Int32Array;
  /** The folders as the main thread listed them (`startBuildLoad`), if it did. */
  listings?: PackedListings;
  /** How many questions each part of the outcome holds (`postQuestions` in `loadAndPost`). */
  questionsPerMessage?: number;
  /** Whether the load is large enough to force its collections (`forcesCollections`). */
  forcedCollections?: boolean;
};

// Without an entry cache every question will be read: the reading workers are started first,
// so that they load their code while this thread loads its own and plans the reading, which
// takes the folders' listings from the main thread (`startBuildLoad`) rather than listing them
// again. Astro's main thread is busy for now: one core is left to it (see PreparedReading's
// mainThreadWaiting).
const { readingThreadCount, startReadingWorker } = await import("./reading-threads.ts");
const { QUESTIONS_FOLDER } = await import("./folder-readers.ts");
const { entryCacheFile } = await import("../incremental/entry-cache.ts");
const cached = existsSync(entryCacheFile(cacheDirectory, QUESTIONS_FOLDER.folder));
// The listings stay packed: the load unpacks each while it loads that folder.
const questionCount = listings?.questions?.files.length ?? 0;
const readers = Array.from(
  { length: cached ? 0 : Math.max(readingThreadCount(questionCount, 1) - 1, 0) },
  () => startReadingWorker(QUESTIONS_FOLDER),
);

// How many questions each part of the outcome holds (`packQuestions`).
const QUESTIONS_PER_MESSAGE = questionsPerMessage ?? 20_000;
const { loadContent } = await import("./load-content.ts");
const saveCache = await loadAndPost();
saveCache();

/**
 * Loads the folder and posts the outcome (`LoadingThreadMessage`), then lets it go: while this
 * thread writes the entry cache, the main thread renders from its own copy, and this one holds
 * only what the cache needs, not the pages and search index as well. The questions go as the
 * load derives them, a part at a time, each with its place in the listing: this thread never
 * holds them all (at a million questions, their listing entries were the most of what it held
 * at the end of the load). Its figures, and the collections': scripts/bench.md, "Why the
 * constants are what they are".
 */
async function loadAndPost(): Promise<() => void> {
  const post = (message: LoadingThreadMessage) => parentPort?.postMessage(message);
  let questions: StoredQuestion[] = [];
  let ranks: number[] = [];
  const postQuestions = () => {
    if (questions.length === 0) return;
    post({ questions: packQuestions(questions, ranks) });
    questions = [];
    ranks = [];
  };
  const { outcome, saveCache } = await loadContent(directory, {
    cacheDirectory,
    preparedReading: { readers, mainThreadWaiting },
    ...(listings && { listings }),
    handOver: (rank, question) => {
      // This thread always has a cache folder, where the load sets each page apart.
      if (!isStoredQuestion(question)) {
        throw new Error(
          `The load handed over question ${question.id} with its page held rather than set apart; this is a bug, please report it`,
        );
      }
      questions.push(question);
      ranks.push(rank);
      if (questions.length === QUESTIONS_PER_MESSAGE) postQuestions();
    },
    pagesDerived: () => {
      // Every question is handed over once the pages are derived: the last of them go now.
      postQuestions();
      // And this thread too, before the index, which needs far less than deriving the pages
      // did: otherwise it holds the emptied pages through the index.
      if (forcedCollections) collectGarbage();
    },
  });
  // And again before Astro's thread makes the questions of their parts and renders beside this
  // one: the process's RSS falls by a third at a million questions.
  if (forcedCollections) collectGarbage();
  post({ outcome });
  return saveCache;
}
