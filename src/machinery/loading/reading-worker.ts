// A reading worker thread's module (started through worker-entry.mjs): loads its first folder
// reader's code, then reads each batch it is handed, of any folder, a part at a time as it
// claims them, posting each part's results on the port it was handed with the batch as soon as
// they are ready (see reading-threads.ts). It ends when told to.
import { parentPort, workerData } from "node:worker_threads";
import type { FolderReader, FolderReaderModule } from "../../core/folder.ts";
import { importReader } from "./folder-readers.ts";
import type { PartPosted, ReadingWorkerMessage } from "./reading-threads.ts";
import { readClaimedParts } from "./read-files.ts";
import { closeTextStores, flushTextStores } from "../store/text-store.ts";

/** The folder readers this thread has loaded, by module. */
const readers = new Map<string, Promise<FolderReader<unknown, unknown>>>();

function readerOf(where: FolderReaderModule): Promise<FolderReader<unknown, unknown>> {
  let reader = readers.get(where.module);
  if (reader === undefined) {
    reader = importReader(where);
    readers.set(where.module, reader);
  }
  return reader;
}

// Loaded now, while the thread waits for its first batch.
await readerOf((workerData as { reader: FolderReaderModule }).reader);

parentPort?.on("message", (message: ReadingWorkerMessage) => {
  if ("end" in message) {
    parentPort?.close();
    return;
  }
  const { reader: where, batch, parts, results } = message;
  void readerOf(where).then((reader) => {
    const post = (posted: PartPosted<unknown>) => results.postMessage(posted);
    readClaimedParts(reader, batch, parts, (index, partResults) => {
      // The entries point into this thread's store: what they point at must be on disk first.
      flushTextStores();
      post({ index, results: partResults });
    });
    closeTextStores();
    post({ done: true });
    results.close();
  });
});
