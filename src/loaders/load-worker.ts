// A worker thread's entry: a build's early load of the questions (see early-load.ts). The
// outcome is posted first; the thread then writes the entry cache and ends.
import module from "node:module";
import { parentPort, workerData } from "node:worker_threads";

// A new thread compiles the loader's code again, TypeScript included, while Astro keeps the
// other core busy: Node's compile cache (the one TypeScript's own CLI uses, in the system's
// temporary folder or NODE_COMPILE_CACHE) halves that. Hence the import after enabling it.
module.enableCompileCache();
const { loadQuestionsThenCache } = await import("./load-questions.ts");

const { directory, cacheFile } = workerData as { directory: string; cacheFile: string };
await loadQuestionsThenCache(directory, cacheFile, (outcome) => parentPort?.postMessage(outcome));
