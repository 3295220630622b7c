// A worker thread's entry: reads one batch of question files (see content-folder.ts), and
// posts the results a part at a time, so that its heap never holds them all.
import { parentPort, workerData } from "node:worker_threads";
import { readQuestionFilesInParts, type QuestionFileBatch } from "./question-files.ts";

readQuestionFilesInParts(workerData as QuestionFileBatch, 1_000, (results) =>
  parentPort?.postMessage(results),
);
