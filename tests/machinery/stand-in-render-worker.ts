// A stand-in for render-worker.ts, for tests of the pool that hands pages out: it renders
// nothing, and answers each batch after as many milliseconds as its first page's props say.
import { parentPort } from "node:worker_threads";
import type { PageBatch } from "../../src/machinery/astro/render-pool.ts";

parentPort?.on("message", ({ id, jobs }: PageBatch) => {
  const delay = (jobs[0]?.props as { delay?: number } | undefined)?.delay ?? 0;
  setTimeout(
    () => parentPort?.postMessage({ id, results: jobs.map(() => ({ status: 200 })) }),
    delay,
  );
});
