// A worker thread's entry: reads parts of a batch of question files as it claims them, and
// posts each part's results as soon as they are ready (see content-folder.ts).
import module from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import type { QuestionFileBatch, SharedParts } from "./question-files.ts";

// As in load-worker.ts: the code compiles faster from Node's compile cache.
module.enableCompileCache();
const { readClaimedParts } = await import("./question-files.ts");

const { batch, parts } = workerData as { batch: QuestionFileBatch; parts: SharedParts };
readClaimedParts(batch, parts, (index, results) => parentPort?.postMessage({ index, results }));
