import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";

/**
 * Starts a worker thread running the TypeScript module `entryFile` (an absolute path in
 * src/loaders), by way of worker-entry.mjs beside it; the module finds `data` in `workerData`.
 */
export function startWorkerThread(entryFile: string, data: Record<string, unknown> = {}): Worker {
  return new Worker(join(dirname(entryFile), "worker-entry.mjs"), {
    workerData: { ...data, entry: entryFile },
  });
}
