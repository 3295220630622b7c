// A page rendering worker thread's module (started through worker-entry.mjs; see
// render-threads.ts): imports the page bundle Astro built, then renders each batch of pages it
// is handed with that bundle's own app, one page after another, writing each or handing it
// back, and posts the batch's results in one message.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import type {
  PageBatch,
  PageFailure,
  PageJob,
  PageResult,
  RenderWorkerData,
} from "./render-threads.ts";

/*
 * What this thread uses of the bundle's app is what Astro's own prerenderer uses
 * (astro/dist/core/build/default-prerenderer.js): `app.render`, its route cache and its
 * component lookup. A page's static path (params and props) is not worked out here, which
 * would load the whole content folder again in every thread: the main thread hands it over
 * with the page, and it goes into the route cache as the one entry Astro then finds for it.
 */

/** The parts of the bundle's app this thread uses (BuildApp, astro/dist/core/build/app.js). */
interface BundleApp {
  manifest: { routes: { routeData: RouteData }[] };
  routeCache: {
    get(route: RouteData): { staticPaths?: KeyedPaths } | undefined;
    set(route: RouteData, entry: { mod: unknown; staticPaths: KeyedPaths }): void;
  };
  getComponentByRoute(route: RouteData): Promise<unknown>;
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
}

interface RouteData {
  route: string;
  component: string;
}

type KeyedPaths = unknown[] & { keyed: Map<string, { params: unknown; props: unknown }> };

const { bundleEntry, scripts } = workerData as RenderWorkerData;
const { app } = (await import(pathToFileURL(bundleEntry).href)) as { app: BundleApp };

// Astro's build hands its app the build's internals and options; the app reads them only for
// a page's head elements: the page's style sheets (none here: the pages link their own, see
// src/components/Page.astro) and the scripts integrations inject, handed over as they are.
app.setInternals({ pagesByKeys: new Map() });
app.setOptions({
  settings: { scripts },
  logger: { options: { destination: { write: forwardLog } } },
});

/** Routes by `route` and component, and the static paths of each, as this thread knows them. */
const routes = new Map<string, { routeData: RouteData; paths: KeyedPaths }>();

async function routeOf(route: string, component: string) {
  const key = `${route}\0${component}`;
  let known = routes.get(key);
  if (known === undefined) {
    const routeData = app.manifest.routes.find(
      ({ routeData }) => routeData.route === route && routeData.component === component,
    )?.routeData;
    if (routeData === undefined) throw new Error(`The page bundle has no route ${route}.`);
    const paths = Object.assign([], { keyed: new Map() }) as KeyedPaths;
    app.routeCache.set(routeData, {
      mod: await app.getComponentByRoute(routeData),
      staticPaths: paths,
    });
    known = { routeData, paths };
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
}: PageJob): Promise<PageResult> {
  const { routeData, paths } = await routeOf(route, component);
  paths.keyed.set(pathKey, { params, props });
  try {
    const response = await app.render(new Request(url), { routeData });
    const body = new Uint8Array(await response.arrayBuffer());
    if (file === undefined) return { status: response.status, body };
    // Written here as Astro's loop writes a page; only a plain page can be, not a redirect.
    if (response.status !== 200) {
      throw new Error(`it answered with status ${response.status}, where a page answers 200`);
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    return { status: response.status };
  } finally {
    paths.keyed.delete(pathKey);
  }
}

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

/** Astro's log lines from this thread, for the main thread to print (`RenderLog`). */
function forwardLog({
  level,
  label,
  message,
}: {
  level: string;
  label: string | null;
  message: string;
}): boolean {
  parentPort?.postMessage({ log: { level, label, message } });
  return true;
}
