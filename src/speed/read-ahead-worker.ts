// A thread reading files ahead of the reading threads (started through worker-entry.mjs; see
// read-ahead.ts): reads, keeps nothing, and ends once every file is taken or its reads come
// from memory.
import { workerData } from "node:worker_threads";
import type { FileTasks, SharedParts } from "./read-files.ts";
import { readFilesAhead } from "./read-ahead.ts";

const { tasks, parts, cursor } = workerData as {
  tasks: FileTasks;
  parts: SharedParts;
  cursor: Int32Array;
};
readFilesAhead(tasks, parts, cursor);
