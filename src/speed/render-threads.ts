import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import type { AstroPrerenderer, PathWithRoute, RouteData } from "astro";
import { projectFile } from "../project-paths.ts";
import { startWorkerThread } from "./reading-threads.ts";

/*
 * Astro writes the pages one at a time on its main thread: at 100,000 questions that is one
 * core rendering for most of the build while the other waits. This prerenderer (Astro's
 * `setPrerenderer`, wrapping Astro's own) has worker threads render the pages of the routes
 * with parameters (the listing's pages, the question pages, the tag pages), each thread with
 * the page bundle Astro built and that bundle's own app (render-worker.ts), while Astro's loop
 * on the main thread goes on as before: it asks for each page, and writes what comes back.
 *
 * A page's static path (its params and props) comes from the route cache of the main thread's
 * app, where Astro put it when it listed the paths: a thread never works out a route's paths
 * itself, which would load the content again. Anything this cannot hand over (a route without
 * parameters, a page it cannot find among the listed paths) renders on the main thread as
 * before, so the output does not depend on it; the first page of each route is rendered both
 * ways and compared, so the build stops rather than write pages that differ.
 */

/** What a rendering thread starts with (render-worker.ts). */
export interface RenderWorkerData {
  /** The page bundle's entry: the file Astro's own prerenderer imports. */
  bundleEntry: string;
  /** The scripts integrations inject, which the app puts in each page's head. */
  scripts: unknown;
}

/** One page for a thread to render. */
export interface PageJob {
  route: string;
  component: string;
  /** The request's URL, as Astro made it for the page. */
  url: string;
  /** The page's pathname as the route cache keys its static path. */
  pathKey: string;
  params: unknown;
  props: unknown;
}

/** A rendered page as a thread hands it back: a response, taken apart to cross threads. */
export interface PageResult {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

/** A log line of Astro's that a thread passes on. */
interface RenderLog {
  level: "warn" | "error";
  label: string | null;
  message: string;
}

type WorkerMessage =
  | { id: number; result: PageResult }
  | { id: number; error: { message: string; stack?: string } }
  | { log: RenderLog };

/** The parts of Astro's build app the main thread reads (BuildApp, astro/dist/core/build/app.js). */
interface BuildApp {
  routeCache: {
    get(route: RouteData): { staticPaths?: { keyed?: Map<string, StaticPath> } } | undefined;
  };
  getSettings(): { scripts: unknown };
}

interface StaticPath {
  params: unknown;
  props: unknown;
}

/**
 * How many threads render pages: `QA_RENDER_THREADS` (0 renders every page on the main thread,
 * as Astro does), or one per core.
 */
export function renderThreadCount(environment: NodeJS.ProcessEnv = process.env): number {
  const setting = environment["QA_RENDER_THREADS"];
  if (setting === undefined || setting === "") return availableParallelism();
  if (!/^\d+$/.test(setting)) {
    throw new Error(
      `QA_RENDER_THREADS is "${setting}": it must be a whole number of threads to render pages on (0 renders them on the main thread); set it to one, or leave it unset for one per core (${availableParallelism()} here).`,
    );
  }
  return Number(setting);
}

/** How many pages each thread is handed ahead, so that it never waits for the main thread. */
export const PAGES_AHEAD_PER_THREAD = 4;

/**
 * Astro's prerenderer with the pages of routes with parameters rendered on `threads` worker
 * threads. `bundleEntry` says where the page bundle's entry is once Astro has built it.
 */
export function threadedPrerenderer(
  astroPrerenderer: AstroPrerenderer,
  { threads, bundleEntry }: { threads: number; bundleEntry: () => string | undefined },
): AstroPrerenderer {
  let pool: RenderPool | undefined;
  let app: BuildApp | undefined;
  /** The listed paths of routes with parameters, by the pathname their request has. */
  const pathsByUrl = new Map<string, PathWithRoute>();
  /** Routes whose first page has been rendered both ways and compared. */
  const checked = new Map<RouteData, Promise<void>>();
  const counts = { threads: 0, main: 0 };
  return {
    name: "qa-threaded-pages",
    async setup() {
      await astroPrerenderer.setup?.();
      app = (astroPrerenderer as { app?: BuildApp }).app;
      const entry = bundleEntry();
      if (threads === 0 || app === undefined || entry === undefined) return;
      pool = new RenderPool(threads, { bundleEntry: entry, scripts: app.getSettings().scripts });
    },
    async getStaticPaths() {
      const paths = await astroPrerenderer.getStaticPaths();
      if (pool !== undefined) {
        for (const path of paths) {
          if (path.route.type === "page" && path.route.params.length > 0) {
            pathsByUrl.set(urlPathKey(path.pathname), path);
          }
        }
      }
      return paths;
    },
    async render(request, options) {
      const job = pool && !options.collectMetadata ? jobFor(request, options.routeData) : undefined;
      if (pool === undefined || job === undefined) {
        counts.main++;
        return astroPrerenderer.render(request, options);
      }
      counts.threads++;
      const threaded = pool.render(job);
      let check = checked.get(options.routeData);
      if (check === undefined) {
        check = compareWithAstro(request, options, threaded);
        checked.set(options.routeData, check);
      }
      await check;
      const { status, statusText, headers, body } = await threaded;
      return new Response(body, { status, statusText, headers });
    },
    async teardown() {
      await pool?.close();
      pathsByUrl.clear();
      if (counts.threads > 0) {
        console.info(
          `[render-threads] ${counts.threads} pages rendered on ${threads} threads, ${counts.main} on the main thread`,
        );
      }
      await astroPrerenderer.teardown?.();
    },
  };

  /** The page as a thread takes it, or undefined if it is not one of the listed paths. */
  function jobFor(request: Request, routeData: RouteData): PageJob | undefined {
    const path = pathsByUrl.get(urlPathKey(new URL(request.url).pathname));
    if (path === undefined || path.route !== routeData) return undefined;
    const staticPath = app?.routeCache.get(routeData)?.staticPaths?.keyed?.get(path.pathname);
    if (staticPath === undefined) return undefined;
    const { route, component } = routeData;
    const { params, props } = staticPath;
    return { route, component, url: request.url, pathKey: path.pathname, params, props };
  }

  /** Renders the page on the main thread too, and stops the build if the two differ. */
  async function compareWithAstro(
    request: Request,
    options: Parameters<AstroPrerenderer["render"]>[1],
    threaded: Promise<PageResult>,
  ): Promise<void> {
    const rendered = await astroPrerenderer.render(request, options);
    const response = rendered instanceof Response ? rendered : rendered.response;
    const own = Buffer.from(await response.arrayBuffer());
    const { body, status } = await threaded;
    if (status !== response.status || !own.equals(body)) {
      throw new Error(
        `A page rendered on a worker thread differs from the same page rendered by Astro on the main thread (${new URL(request.url).pathname}, route ${options.routeData.route}): the page bundle must be reading something besides its props that the threads do not have. Set QA_RENDER_THREADS=0 to render every page on the main thread, and report this.`,
      );
    }
  }
}

/**
 * A request's pathname as its listed path's pathname reads once both are compared: decoded,
 * and without the final "/" the `directory` build format adds.
 */
function urlPathKey(pathname: string): string {
  return decodeURI(pathname).replace(/(.)\/$/, "$1");
}

/** The rendering threads, each handed pages as it finishes others. */
class RenderPool {
  readonly #threads: { worker: Worker; pending: number }[];
  readonly #waiting = new Map<
    number,
    { resolve: (result: PageResult) => void; reject: (error: Error) => void }
  >();
  #nextId = 0;
  #failure: Error | undefined;

  constructor(count: number, data: RenderWorkerData) {
    const entry = projectFile("src/speed/render-worker.ts");
    this.#threads = Array.from({ length: count }, () => {
      const thread = { worker: startWorkerThread(entry, { ...data }), pending: 0 };
      thread.worker.on("message", (message: WorkerMessage) => this.#receive(thread, message));
      thread.worker.on("error", (error) => this.#fail(error));
      thread.worker.on("exit", (code) => {
        if (code !== 0)
          this.#fail(new Error(`A page rendering thread stopped with exit code ${code}.`));
      });
      return thread;
    });
  }

  render(job: PageJob): Promise<PageResult> {
    if (this.#failure) return Promise.reject(this.#failure);
    const thread = this.#threads.reduce((least, thread) =>
      thread.pending < least.pending ? thread : least,
    );
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      thread.pending++;
      thread.worker.postMessage({ ...job, id });
    });
  }

  async close(): Promise<void> {
    this.#failure ??= new Error("The page rendering threads have been stopped.");
    await Promise.all(this.#threads.map(({ worker }) => worker.terminate()));
  }

  #receive(thread: { pending: number }, message: WorkerMessage): void {
    if ("log" in message) {
      const { level, label, message: text } = message.log;
      (level === "error" ? console.error : console.warn)(label ? `[${label}] ${text}` : text);
      return;
    }
    const waiting = this.#waiting.get(message.id);
    this.#waiting.delete(message.id);
    thread.pending--;
    if ("result" in message) {
      waiting?.resolve(message.result);
    } else {
      const error = new Error(message.error.message);
      if (message.error.stack !== undefined) error.stack = message.error.stack;
      waiting?.reject(error);
    }
  }

  #fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    for (const { reject } of this.#waiting.values()) reject(error);
    this.#waiting.clear();
  }
}
