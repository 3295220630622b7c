// A worker thread's entry: a build's early load of the questions (see early-load.ts).
import { parentPort, workerData } from "node:worker_threads";
import { loadQuestions } from "./load-questions.ts";

const { directory, cacheFile } = workerData as { directory: string; cacheFile: string };
parentPort?.postMessage(await loadQuestions(directory, cacheFile));
