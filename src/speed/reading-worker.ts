// A reading worker thread's module (started through worker-entry.mjs): loads its folder
// reader's code, waits for a batch, then reads parts of it as it claims them and posts each
// part's results as soon as they are ready (see reading-threads.ts).
import { parentPort, workerData } from "node:worker_threads";
import type { FolderReaderModule } from "../core/folder.ts";
import { importReader } from "./folders.ts";
import { readClaimedParts, type FileBatch, type SharedParts } from "./read-files.ts";
import { closeTextStores, flushTextStores } from "./text-store.ts";

const reader = await importReader((workerData as { reader: FolderReaderModule }).reader);

parentPort?.once(
  "message",
  ({ batch, parts }: { batch: FileBatch<unknown>; parts: SharedParts }) => {
    readClaimedParts(reader, batch, parts, (index, results) => {
      // The entries point into this thread's store: what they point at must be on disk first.
      flushTextStores();
      parentPort?.postMessage({ index, results });
    });
    closeTextStores();
    parentPort?.close();
  },
);
