// A worker thread's entry: a build's early load of the questions (see early-load.ts). The
// outcome is posted first; the thread then writes the entry cache and ends.
import { existsSync, readdirSync } from "node:fs";
import module from "node:module";
import { join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";

// A new thread compiles the loader's code again, TypeScript included, while Astro keeps the
// other core busy: Node's compile cache (the one TypeScript's own CLI uses, in the system's
// temporary folder or NODE_COMPILE_CACHE) halves that. Hence the imports after enabling it.
module.enableCompileCache();
const { directory, cacheFile } = workerData as { directory: string; cacheFile: string };

// Without an entry cache every file will be read: the reading workers are started first, so
// that they load their code while this thread loads its own and plans the reading.
const { readingThreadCount, startReadingWorker } = await import("./reading-threads.ts");
const readers = existsSync(cacheFile)
  ? []
  : Array.from(
      { length: Math.max(readingThreadCount(countQuestionFiles(directory)) - 1, 0) },
      startReadingWorker,
    );

const { loadQuestionsThenCache } = await import("./load-questions.ts");
await loadQuestionsThenCache(
  directory,
  cacheFile,
  (outcome) => parentPort?.postMessage(outcome),
  readers,
);

function countQuestionFiles(contentDir: string): number {
  try {
    return readdirSync(join(contentDir, "questions")).length;
  } catch {
    return 0; // the loader reports a missing folder
  }
}
