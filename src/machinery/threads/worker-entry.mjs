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
import { pathToFileURL } from "node:url";
import { workerData } from "node:worker_threads";
import { enableProjectCompileCache } from "./compile-cache.mjs";

enableProjectCompileCache();
await import(pathToFileURL(workerData.entry).href);
