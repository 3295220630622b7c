// A worker thread's module (started through worker-entry.mjs): a build's early load of the
// questions (see early-load.ts). The outcome is posted first; the thread then writes the entry
// cache and ends.
import { existsSync, readdirSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";

const { directory, cacheFile, mainThreadWaiting } = workerData as {
  directory: string;
  cacheFile: string;
  mainThreadWaiting: Int32Array;
};

// Without an entry cache every file will be read: the reading workers are started first, so
// that they load their code while this thread loads its own and plans the reading, which then
// takes the folder's listing from here rather than listing it again. Astro's main thread is
// busy for now: one core is left to it (see HeadStart's mainThreadWaiting).
const { readingThreadCount, startReadingWorker } = await import("./reading-threads.ts");
const listing = existsSync(cacheFile) ? undefined : listQuestionsFolder(directory);
const readers = Array.from(
  { length: Math.max(readingThreadCount(listing?.length ?? 0, 1) - 1, 0) },
  startReadingWorker,
);

const { loadQuestionsThenCache } = await import("./load-questions.ts");
await loadQuestionsThenCache(directory, cacheFile, (outcome) => parentPort?.postMessage(outcome), {
  readers,
  mainThreadWaiting,
  ...(listing && { listing }),
});

function listQuestionsFolder(contentDir: string): Dirent[] | undefined {
  try {
    return readdirSync(join(contentDir, "questions"), { withFileTypes: true });
  } catch {
    return undefined; // the loader reports a missing folder
  }
}
