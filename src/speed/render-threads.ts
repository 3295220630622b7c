import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import type { AstroPrerenderer, PathWithRoute, RouteData } from "astro";
import { projectFile } from "../project-paths.ts";
import { HELPING_THREAD_LIMITS, startWorkerThread } from "./reading-threads.ts";
import {
  endDeferring,
  startDeferring,
  type DeferredPaths,
  type StaticPath as DeferredStaticPath,
} from "./deferred-paths.ts";

/*
 * Astro writes the pages one at a time on its main thread: at 100,000 questions that was one
 * core rendering for most of the build while the other waited. This prerenderer (Astro's
 * `setPrerenderer`, wrapping Astro's own) has worker threads render and write the pages of the
 * routes with parameters (the listing's pages, the question pages, the tag pages), each thread
 * with the page bundle Astro built and that bundle's own app (render-worker.ts). Handing the
 * pages through Astro's loop instead left the threads idle two thirds of the time, waiting on
 * the main thread's request, response, `mkdir` and `writeFile` for each page.
 *
 * A page's static path (its params and props) comes from the route cache of the main thread's
 * app, where Astro put it when it listed the paths: a thread never works out a route's paths
 * itself, which would load the content again. Astro's loop keeps the routes without parameters
 * (the tag index, the 404 page, the search files), any page whose static path is not to be
 * found, and one page of each route with parameters: that page is rendered on a thread too,
 * and the build stops if the two differ in their bytes or in the file they go to.
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
  /** The request's URL, as Astro's build makes it for the page (`pageLocation`). */
  url: string;
  /** The page's pathname as the route cache keys its static path. */
  pathKey: string;
  params: unknown;
  props: unknown;
  /** Where the thread writes the page; none: it hands the page back instead. */
  file?: string | undefined;
}

/** A rendered page as a thread hands it back: its status, and its bytes unless it wrote them. */
export interface PageResult {
  status: number;
  /** The page's bytes, for a job with no file to write (`PageJob.file`). */
  body?: Uint8Array<ArrayBuffer> | undefined;
}

/** A log line of Astro's that a thread passes on. */
interface RenderLog {
  level: string;
  label: string | null;
  message: string;
}

/** Pages handed to a thread in one message, rendered one after another (`PAGES_PER_BATCH`). */
export interface PageBatch {
  id: number;
  jobs: PageJob[];
}

/** Why a page of a batch could not be rendered; the pages after it in the batch were not. */
export interface PageFailure {
  /** The page's pathname (`PageJob.pathKey`). */
  page: string;
  message: string;
  stack?: string | undefined;
}

type WorkerMessage =
  { id: number; results: PageResult[] } | { id: number; error: PageFailure } | { log: RenderLog };

/** The parts of Astro's build app the main thread reads (BuildApp, astro/dist/core/build/app.js). */
interface BuildApp {
  routeCache: {
    get(route: RouteData): { staticPaths?: { keyed?: Map<string, StaticPath> } } | undefined;
  };
  getSettings(): { scripts: unknown };
  getOptions(): BuildOptions;
}

/** The parts of Astro's build options the main thread reads (StaticBuildOptions). */
interface BuildOptions {
  origin: string;
  settings: {
    config: {
      base: string;
      outDir: URL;
      trailingSlash: string;
      build: { format: string };
    };
  };
}

interface StaticPath {
  params: unknown;
  props: unknown;
}

/**
 * Below this many pages for the threads, a build renders every page on Astro's main thread:
 * starting a thread loads the page bundle and its app, some 0.7 s of CPU. Measured cold on
 * generated communities (2 cores, two builds each way): 732 pages took 4.3 to 5.2 s either
 * way, with a second of CPU more on threads; 1,920 pages 6.4 to 6.8 s on threads against 8.1
 * to 8.5 s without; 4,514 pages 10.6 to 11.1 s against 14.0 to 15.2 s.
 */
export const PAGES_WORTH_THREADS = 1_000;

/** How a build renders its pages: on how many threads, once it has how many pages for them. */
export interface RenderThreadSetting {
  threads: number;
  /** The fewest pages for the threads at which they start; fewer, and Astro renders them all. */
  fromPages: number;
}

/**
 * How many threads render pages: `QA_RENDER_THREADS` (0 renders every page on the main thread,
 * as Astro does), whatever the number of pages; unset, one per core once a build has
 * `PAGES_WORTH_THREADS` pages for them.
 */
export function renderThreadSetting(
  environment: NodeJS.ProcessEnv = process.env,
): RenderThreadSetting {
  const setting = environment["QA_RENDER_THREADS"];
  if (setting === undefined || setting === "") {
    return { threads: availableParallelism(), fromPages: PAGES_WORTH_THREADS };
  }
  if (!/^\d+$/.test(setting)) {
    throw new Error(
      `QA_RENDER_THREADS is "${setting}": it must be a whole number of threads to render pages on (0 renders them on the main thread); set it to one, or leave it unset for one per core (${availableParallelism()} here) once a build has ${PAGES_WORTH_THREADS.toLocaleString("en-US")} pages for them.`,
    );
  }
  return { threads: Number(setting), fromPages: 0 };
}

/*
 * Pages go to a thread in batches, each with its results handed back in one message. With a
 * message each way per page, and four pages ahead, each thread spent 7% of its time posting
 * and 6% idle waiting for the main thread on a cold build of 100,000 questions (`--cpu-prof`);
 * in batches of 16, two ahead, 2.5% and under 1%, and each thread rendered its half of the
 * pages in 36 s rather than 46. A thread holds two batches, so that it never waits.
 */
const PAGES_PER_BATCH = 16;
const BATCHES_AHEAD_PER_THREAD = 2;

/**
 * Astro's prerenderer with the pages of routes with parameters rendered and written on
 * `threads` worker threads, when there are `fromPages` of them or more. `bundleEntry` says
 * where the page bundle's entry is once Astro has built it.
 */
export function threadedPrerenderer(
  astroPrerenderer: AstroPrerenderer,
  {
    threads,
    fromPages,
    bundleEntry,
  }: RenderThreadSetting & { bundleEntry: () => string | undefined },
): AstroPrerenderer {
  let pool: RenderPool | undefined;
  let app: BuildApp | undefined;
  let layout: OutputLayout | undefined;
  let workerData: RenderWorkerData | undefined;
  /** The page of each route that Astro renders and writes too, to compare with the threads'. */
  let checks = new Map<RouteData, { path: PathWithRoute; job: PageJob }>();
  let pass: Promise<number> | undefined;
  /** The pages Astro's loop renders (endpoints aside), to say how many pages were written. */
  let astroPages = 0;
  return {
    name: "qa-threaded-pages",
    async setup() {
      await astroPrerenderer.setup?.();
      app = (astroPrerenderer as { app?: BuildApp }).app;
      const entry = bundleEntry();
      if (threads === 0 || app === undefined || entry === undefined) return;
      layout = outputLayout(app.getOptions());
      if (layout === undefined) return;
      workerData = { bundleEntry: entry, scripts: app.getSettings().scripts };
    },
    async getStaticPaths() {
      if (workerData === undefined || layout === undefined) {
        return astroPrerenderer.getStaticPaths();
      }
      // A route with more pages than are worth threads lists Astro its first and leaves the
      // rest to be made as the threads take them (src/speed/deferred-paths.ts).
      startDeferring(fromPages);
      let paths: PathWithRoute[];
      let rests: Map<object, DeferredPaths>;
      try {
        paths = await astroPrerenderer.getStaticPaths();
      } finally {
        rests = endDeferring();
      }
      const forAstro: PathWithRoute[] = [];
      const forThreads: PathWithRoute[] = [];
      const deferred: DeferredRoute[] = [];
      const checked = new Map<RouteData, { path: PathWithRoute; job: PageJob }>();
      for (const path of paths) {
        if (!threadable(path) || staticPathOf(path) === undefined) {
          forAstro.push(path);
        } else if (!checked.has(path.route)) {
          checked.set(path.route, { path, job: { ...jobFor(path, layout), file: undefined } });
          forAstro.push(path);
          const listed = app?.routeCache.get(path.route)?.staticPaths ?? {};
          const rest = rests.get(listed);
          if (rest !== undefined) {
            deferred.push(deferredRoute(path, rest));
            rests.delete(listed);
          }
        } else {
          forThreads.push(path);
        }
      }
      if (rests.size > 0) {
        // A route kept the rest of its paths aside, but Astro did not list its first.
        throw new Error(
          `${rests.size} route(s) left pages to the render threads whose first page Astro did not list: they would not be written. Set QA_RENDER_THREADS=0 to render every page on the main thread, and report this.`,
        );
      }
      const deferredCount = deferred.reduce((sum, { rest }) => sum + rest.count, 0);
      const threadCount = forThreads.length + deferredCount;
      // Too few pages to be worth starting threads for: Astro's loop renders every one. (A
      // route defers only when its rest alone is worth them.)
      if (threadCount === 0 || threadCount < fromPages) return paths;
      checks = checked;
      pool = new RenderPool(threads, workerData);
      const outputs = layout;
      // Each page's job is made as the page is handed out, not all of them at once.
      pass = pool.renderAll(threadCount, (index) => {
        if (index < forThreads.length) return jobFor(forThreads[index] as PathWithRoute, outputs);
        let at = index - forThreads.length;
        for (const route of deferred) {
          if (at < route.rest.count) return deferredJob(route, at, outputs);
          at -= route.rest.count;
        }
        throw new Error(`No page ${index} among the ${threadCount} for the threads.`);
      });
      // Handled by the pass, and so no longer needed here.
      pass.catch(() => undefined);
      return forAstro;
    },
    async render(request, options) {
      if (options.routeData.type === "page") astroPages++;
      const check = pool && checks.get(options.routeData);
      const threaded = check && pool?.render(check.job);
      const rendered = await astroPrerenderer.render(request, options);
      if (check === undefined || threaded === undefined) return rendered;
      const response = rendered instanceof Response ? rendered : rendered.response;
      const own = Buffer.from(await response.arrayBuffer());
      const { body, status } = await threaded;
      if (status !== response.status || body === undefined || !own.equals(body)) {
        throw new Error(
          `The page ${check.path.pathname} rendered on a worker thread differs from the same page rendered by Astro on the main thread: the page bundle must read something besides the page's props that the threads do not have. Set QA_RENDER_THREADS=0 to render every page on the main thread, and report this.`,
        );
      }
      return new Response(own, {
        status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },
    async teardown() {
      try {
        const written = await pass;
        for (const { path, job } of checks.values()) {
          const astroFile = path.route.distURL?.[0];
          if (astroFile === undefined || fileURLToPath(astroFile) !== fileOf(job, layout)) {
            throw new Error(
              `Astro wrote the page ${path.pathname} to ${astroFile === undefined ? "no file" : fileURLToPath(astroFile)}, not ${fileOf(job, layout)} where the threads write the pages of its route. Set QA_RENDER_THREADS=0 to render every page on the main thread, and report this.`,
            );
          }
        }
        if (written !== undefined) {
          // Astro's own count of the pages built, printed after this, counts only its own.
          console.info(
            `[render-threads] ${written} pages rendered and written on ${threads} threads; Astro wrote the other ${astroPages}`,
          );
        }
      } finally {
        await pool?.close();
        await astroPrerenderer.teardown?.();
      }
    },
  };

  /** The page's params and props, as Astro listed them; none when not to be found. */
  function staticPathOf({ route, pathname }: PathWithRoute): StaticPath | undefined {
    return app?.routeCache.get(route)?.staticPaths?.keyed?.get(pathname);
  }

  /** The page as a thread takes it; only for a page whose static path is to be found. */
  function jobFor(path: PathWithRoute, { origin, outDir }: OutputLayout): PageJob {
    const { params, props } = staticPathOf(path) as StaticPath;
    const { route, component } = path.route;
    const { url, file } = pageLocation(path.pathname, origin, outDir);
    return { route, component, url, pathKey: path.pathname, params, props, file };
  }

  /**
   * A route's deferred paths, with how Astro keys them (`stringifyParams`): the pathname the
   * content serves each page at, without its final slash, or with it where Astro keeps one
   * (`trailingSlash: "always"`), as the route's first path, which Astro listed, shows. Checked
   * on that first path: the threads' route cache must find each page under the key Astro
   * looks it up by.
   */
  function deferredRoute(first: PathWithRoute, rest: DeferredPaths): DeferredRoute {
    const keepsSlash = first.pathname.endsWith("/");
    const keyOf = (servedAt: string) => (keepsSlash ? servedAt : servedAt.replace(/\/+$/, ""));
    const servedAt = rest.pathnameOf(staticPathOf(first) as DeferredStaticPath);
    if (keyOf(servedAt) !== first.pathname) {
      throw new Error(
        `Astro lists the page ${first.pathname}, where the content serves it at ${servedAt}: the rest of the route ${first.route.route}, made for the threads, would not be found. Set QA_RENDER_THREADS=0 to render every page on the main thread, and report this.`,
      );
    }
    return { route: first.route, rest, keyOf };
  }

  /** The deferred route's page `at`, as a thread takes it. */
  function deferredJob(
    { route: { route, component }, rest, keyOf }: DeferredRoute,
    at: number,
    { origin, outDir }: OutputLayout,
  ): PageJob {
    const path = rest.at(at);
    const pathKey = keyOf(rest.pathnameOf(path));
    const { url, file } = pageLocation(pathKey, origin, outDir);
    return { route, component, url, pathKey, params: path.params, props: path.props, file };
  }
}

/** A route whose pages past the first are made as the threads take them. */
interface DeferredRoute {
  route: RouteData;
  rest: DeferredPaths;
  /** The key Astro's route cache finds a page's static path by, from where it is served. */
  keyOf: (servedAt: string) => string;
}

/** A page route with parameters: a listing, question or tag page, not an endpoint or the 404. */
function threadable({ route }: PathWithRoute): boolean {
  return route.type === "page" && route.params.length > 0;
}

/**
 * Where the pages go, for the build settings this project has (`directory` format at the
 * root); other settings, and every page renders the way Astro's loop renders it.
 */
interface OutputLayout {
  origin: string;
  outDir: URL;
}

function outputLayout(options: BuildOptions): OutputLayout | undefined {
  const { config } = options.settings;
  const plain =
    config.build.format === "directory" && config.base === "/" && config.trailingSlash !== "never";
  return plain ? { origin: options.origin, outDir: config.outDir } : undefined;
}

/**
 * A page's request URL and file, as Astro's build makes them for a page route in the
 * `directory` format (`getUrlForPath`, `getOutFolder` and `getOutFile` in astro/dist/core/
 * build/): `/questions/12` is requested as `/questions/12/` and written to
 * `questions/12/index.html`. The page of each route that Astro writes too is checked against
 * this (see `teardown`).
 */
export function pageLocation(
  pathname: string,
  origin: string,
  outDir: URL,
): { url: string; file: string } {
  const folder = pathname === "/" ? "/" : `/${pathname.replace(/^\/+|\/+$/g, "")}/`;
  return {
    url: new URL(folder, origin).href,
    file: fileURLToPath(new URL(`.${encodeURI(folder)}index.html`, outDir)),
  };
}

function fileOf(job: PageJob, layout: OutputLayout | undefined): string | undefined {
  return layout && pageLocation(job.pathKey, layout.origin, layout.outDir).file;
}

/** The rendering threads, each handed batches of pages as it finishes others. */
class RenderPool {
  readonly #threads: { worker: Worker; pending: number }[];
  readonly #waiting = new Map<
    number,
    { resolve: (results: PageResult[]) => void; reject: (error: Error) => void }
  >();
  #nextId = 0;
  #failure: Error | undefined;

  constructor(count: number, data: RenderWorkerData) {
    const entry = projectFile("src/speed/render-worker.ts");
    this.#threads = Array.from({ length: count }, () => {
      const worker = startWorkerThread(entry, { ...data }, HELPING_THREAD_LIMITS);
      const thread = { worker, pending: 0 };
      worker.on("message", (message: WorkerMessage) => this.#receive(thread, message));
      worker.on("error", (error) => this.#fail(error));
      worker.on("exit", (code) => {
        if (code !== 0)
          this.#fail(new Error(`A page rendering thread stopped with exit code ${code}.`));
      });
      return thread;
    });
  }

  /** Renders one page on the least busy thread. */
  async render(job: PageJob): Promise<PageResult> {
    const [result] = await this.#renderBatch([job]);
    return result as PageResult;
  }

  /**
   * Has the threads render and write `count` pages, the job of each made by `jobAt` as its
   * batch is handed out, a couple of batches ahead per thread: resolves with the count once
   * every one is written, or rejects with the first that could not be.
   */
  renderAll(count: number, jobAt: (index: number) => PageJob): Promise<number> {
    const ahead = this.#threads.length * BATCHES_AHEAD_PER_THREAD;
    return new Promise((resolve, reject) => {
      let next = 0;
      let written = 0;
      let failed = false;
      const handOut = () => {
        while (!failed && next < count && this.#waiting.size < ahead) {
          const jobs: PageJob[] = [];
          for (const end = Math.min(next + PAGES_PER_BATCH, count); next < end; next++) {
            jobs.push(jobAt(next));
          }
          this.#renderBatch(jobs).then(
            () => {
              written += jobs.length;
              if (written === count) resolve(written);
              else handOut();
            },
            (error: Error) => {
              failed = true;
              reject(error);
            },
          );
        }
      };
      if (count === 0) resolve(0);
      else handOut();
    });
  }

  async close(): Promise<void> {
    this.#failure ??= new Error("The page rendering threads have been stopped.");
    await Promise.all(this.#threads.map(({ worker }) => worker.terminate()));
  }

  #renderBatch(jobs: PageJob[]): Promise<PageResult[]> {
    if (this.#failure) return Promise.reject(this.#failure);
    const thread = this.#threads.reduce((least, thread) =>
      thread.pending < least.pending ? thread : least,
    );
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      thread.pending++;
      thread.worker.postMessage({ id, jobs } satisfies PageBatch);
    });
  }

  #receive(thread: { pending: number }, message: WorkerMessage): void {
    if ("log" in message) {
      const { level, label, message: text } = message.log;
      const print =
        level === "error" ? console.error : level === "warn" ? console.warn : console.info;
      print(label ? `[${label}] ${text}` : text);
      return;
    }
    const waiting = this.#waiting.get(message.id);
    this.#waiting.delete(message.id);
    thread.pending--;
    if ("results" in message) {
      waiting?.resolve(message.results);
    } else {
      const { page, message: reason, stack } = message.error;
      const cause = new Error(reason);
      if (stack !== undefined) cause.stack = stack;
      waiting?.reject(new Error(`The page ${page} could not be written: ${reason}`, { cause }));
    }
  }

  #fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    for (const { reject } of this.#waiting.values()) reject(error);
    this.#waiting.clear();
  }
}
