// A reading worker thread's module (started through worker-entry.mjs): loads its folder
// reader's code, waits for a batch, then reads parts of it as it claims them and posts each
// part's results on the port it was handed as soon as they are ready (see reading-threads.ts).
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { FolderReaderModule } from "../../core/folder.ts";
import { importReader } from "./folder-readers.ts";
import type { PartPosted } from "./reading-threads.ts";
import { readClaimedParts, type FileBatch, type SharedParts } from "./read-files.ts";
import { closeTextStores, flushTextStores } from "../store/text-store.ts";

const reader = await importReader((workerData as { reader: FolderReaderModule }).reader);

parentPort?.once(
  "message",
  ({
    batch,
    parts,
    results,
  }: {
    batch: FileBatch<unknown>;
    parts: SharedParts;
    results: MessagePort;
  }) => {
    const post = (posted: PartPosted<unknown>) => results.postMessage(posted);
    readClaimedParts(reader, batch, parts, (index, partResults) => {
      // The entries point into this thread's store: what they point at must be on disk first.
      flushTextStores();
      post({ index, results: partResults });
    });
    closeTextStores();
    post({ done: true });
    results.close();
    parentPort?.close();
  },
);
