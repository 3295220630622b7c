// A worker thread's entry: a build's early load of the questions (see early-load.ts). The
// outcome is posted first; the thread then writes the entry cache and ends.
import { parentPort, workerData } from "node:worker_threads";
import { loadQuestionsThenCache } from "./load-questions.ts";

const { directory, cacheFile } = workerData as { directory: string; cacheFile: string };
await loadQuestionsThenCache(directory, cacheFile, (outcome) => parentPort?.postMessage(outcome));
