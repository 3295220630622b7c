// @ts-check
/*
 * The first file of every worker thread the loading starts (see `startWorkerThread` in
 * reading-threads.ts): plain JavaScript, which then imports the thread's TypeScript module
 * through Node's compile cache.
 * The cache keeps each module both compiled and with its types stripped, so a thread started
 * here never loads Node's type stripper (a WebAssembly module), as one started on a .ts file
 * does before any cache can help: a few tens of milliseconds of each thread's start, while the
 * build's other threads want the cores too.
 */
import module from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { workerData } from "node:worker_threads";

// The folder `npm run build` gives Astro's thread (scripts/build.ts), and the tests theirs.
module.enableCompileCache(
  fileURLToPath(new URL("../../../node_modules/.cache/node-compile-cache", import.meta.url)),
);
await import(pathToFileURL(workerData.entry).href);
