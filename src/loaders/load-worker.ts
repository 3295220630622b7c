// A worker thread's entry: a build's early load of the questions (see early-load.ts). The
// outcome is posted first; the thread then writes the entry cache and ends.
import { existsSync, readdirSync, type Dirent } from "node:fs";
import module from "node:module";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";

// A new thread compiles the loader's code again, TypeScript included, while Astro keeps the
// other core busy: Node's compile cache (the one TypeScript's own CLI uses, in the system's
// temporary folder or NODE_COMPILE_CACHE) halves that. Hence the imports after enabling it.
module.enableCompileCache();
const { directory, cacheFile } = workerData as { directory: string; cacheFile: string };

// Without an entry cache every file will be read: the reading workers are started first, so
// that they load their code while this thread loads its own and plans the reading, which then
// takes the folder's listing from here rather than listing it again.
const { readingThreadCount, startReadingWorker } = await import("./reading-threads.ts");
const listing = existsSync(cacheFile) ? undefined : listQuestionsFolder(directory);
const readers = Array.from(
  { length: Math.max(readingThreadCount(listing?.length ?? 0) - 1, 0) },
  startReadingWorker,
);

const { loadQuestionsThenCache } = await import("./load-questions.ts");
await loadQuestionsThenCache(directory, cacheFile, (outcome) => parentPort?.postMessage(outcome), {
  readers,
  ...(listing && { listing }),
});

function listQuestionsFolder(contentDir: string): Dirent[] | undefined {
  try {
    return readdirSync(join(contentDir, "questions"), { withFileTypes: true });
  } catch {
    return undefined; // the loader reports a missing folder
  }
}
