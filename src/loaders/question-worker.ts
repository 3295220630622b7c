// A worker thread's module (started through worker-entry.mjs): loads the reading code, waits
// for its batch, then reads parts of it as it claims them and posts each part's results as
// soon as they are ready (see reading-threads.ts).
import { parentPort } from "node:worker_threads";
import { readClaimedParts, type QuestionFileBatch, type SharedParts } from "./question-files.ts";

parentPort?.once(
  "message",
  ({ batch, parts }: { batch: QuestionFileBatch; parts: SharedParts }) => {
    readClaimedParts(batch, parts, (index, results) => parentPort?.postMessage({ index, results }));
    parentPort?.close();
  },
);
