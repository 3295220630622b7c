// A worker thread's entry: reads one batch of question files (see content-folder.ts).
import { parentPort, workerData } from "node:worker_threads";
import { readQuestionFiles, type QuestionFileBatch } from "./question-files.ts";

parentPort?.postMessage(readQuestionFiles(workerData as QuestionFileBatch));
