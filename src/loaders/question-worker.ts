// A worker thread's entry: loads the reading code, waits for its batch, then reads parts of it
// as it claims them and posts each part's results as soon as they are ready (see
// reading-threads.ts).
import module from "node:module";
import { parentPort } from "node:worker_threads";
import type { QuestionFileBatch, SharedParts } from "./question-files.ts";

// As in load-worker.ts: the code compiles faster from Node's compile cache.
module.enableCompileCache();
const { readClaimedParts } = await import("./question-files.ts");

parentPort?.once(
  "message",
  ({ batch, parts }: { batch: QuestionFileBatch; parts: SharedParts }) => {
    readClaimedParts(batch, parts, (index, results) => parentPort?.postMessage({ index, results }));
    parentPort?.close();
  },
);
