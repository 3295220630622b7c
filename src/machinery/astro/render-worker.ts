// A page rendering worker thread's module (started through worker-entry.mjs; see
// render-threads.ts): imports the page bundle Astro built, then renders each batch of pages it
// is handed with that bundle's own app, one page after another, writing each or handing it
// back, and posts the batch's results in one message.
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import { bundleRenderer, type AstroLog, type BundleRoute } from "./astro-internals.ts";
import type {
  PageBatch,
  PageFailure,
  PageJob,
  PageResult,
  RenderWorkerData,
} from "./render-pool.ts";

/*
 * What this thread uses of the bundle's app is what Astro's own prerenderer uses
 * (astro/dist/core/build/default-prerenderer.js): `app.render`, its route cache and its
 * component lookup. A page's static path (params and props) is not worked out here, which
 * would load the whole content folder again in every thread: the main thread hands it over
 * with the page, and it goes into the route cache as the one entry Astro then finds for it.
 */

const { bundleEntry, scripts } = workerData as RenderWorkerData;
const renderer = await bundleRenderer(pathToFileURL(bundleEntry).href, scripts, forwardLog);

/** Routes by `route` and component, as this thread has registered them. */
const routes = new Map<string, Promise<BundleRoute>>();

function routeOf(route: string, component: string): Promise<BundleRoute> {
  const key = `${route}\0${component}`;
  let known = routes.get(key);
  if (known === undefined) {
    known = renderer.route(route, component);
    routes.set(key, known);
  }
  return known;
}

async function render({
  route,
  component,
  url,
  pathKey,
  params,
  props,
  file,
  streamed = false,
}: PageJob): Promise<PageResult> {
  const bundleRoute = await routeOf(route, component);
  bundleRoute.paths.set(pathKey, { params, props });
  try {
    const response = await renderer.render(new Request(url), bundleRoute, streamed);
    if (file === undefined) {
      return { status: response.status, body: new Uint8Array(await response.arrayBuffer()) };
    }
    // Written here as Astro's loop writes a page; only a plain page can be, not a redirect.
    if (response.status !== 200) {
      throw new Error(`it answered with status ${response.status}, where a page answers 200`);
    }
    mkdirSync(dirname(file), { recursive: true });
    if (streamed && response.body !== null) await writeStreamed(file, response.body);
    else writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
    return { status: response.status };
  } finally {
    bundleRoute.paths.delete(pathKey);
  }
}

/** A page's body written to `file` as it renders, in pieces of `WRITE_BYTES` or so. */
async function writeStreamed(file: string, body: ReadableStream<Uint8Array>): Promise<void> {
  const descriptor = openSync(file, "w");
  try {
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    const writePending = () => {
      const piece = Buffer.concat(pending, pendingBytes);
      for (let written = 0; written < piece.byteLength;) {
        written += writeSync(descriptor, piece, written);
      }
      pending = [];
      pendingBytes = 0;
    };
    // A listing's body comes an entry at a time, some 600 bytes (src/lib/in-turns.ts).
    for await (const chunk of body) {
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= WRITE_BYTES) writePending();
    }
    writePending();
  } finally {
    closeSync(descriptor);
  }
}

/** How much of a streamed page is written at once. */
const WRITE_BYTES = 1 << 16;

parentPort?.on("message", ({ id, jobs }: PageBatch) => {
  void renderBatch(jobs).then((rendered) => {
    if ("error" in rendered) parentPort?.postMessage({ id, error: rendered.error });
    else {
      const { results } = rendered;
      // A page handed back crosses as its buffer, not a copy; a written page has none.
      const buffers = results.flatMap(({ body }) => (body === undefined ? [] : [body.buffer]));
      parentPort?.postMessage({ id, results }, buffers);
    }
  });
});

/** The batch's pages rendered in turn; the first that fails ends the batch. */
async function renderBatch(
  jobs: PageJob[],
): Promise<{ results: PageResult[] } | { error: PageFailure }> {
  const results: PageResult[] = [];
  for (const job of jobs) {
    try {
      results.push(await render(job));
    } catch (error) {
      return {
        error: {
          page: job.pathKey,
          ...(error instanceof Error
            ? { message: error.message, stack: error.stack }
            : { message: String(error) }),
        },
      };
    }
  }
  return { results };
}

/** Astro's log lines from this thread, for the main thread to print. */
function forwardLog(log: AstroLog): void {
  parentPort?.postMessage({ log });
}
