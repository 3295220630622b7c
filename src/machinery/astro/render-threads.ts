import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { AstroPrerenderer, PathWithRoute, RouteData } from "astro";
import {
  astroBuildOf,
  outputLayout,
  pageLocation,
  type AstroBuild,
  type OutputLayout,
} from "./astro-internals.ts";
import { endDeferring, startDeferring, type DeferredPaths } from "./deferred-paths.ts";
import { RenderPool, type PageJob, type RenderWorkerData } from "./render-pool.ts";

/*
 * Astro writes the pages one at a time on its main thread. This prerenderer (Astro's
 * `setPrerenderer`, wrapping Astro's own) has worker threads render and write the pages of the
 * routes with parameters (the listing's pages, the question pages, the tag pages), each thread
 * with the page bundle Astro built and that bundle's own app (render-worker.ts).
 *
 * A page's static path (its params and props) comes from the route cache of the main thread's
 * app, where Astro put it when it listed the paths: a thread never works out a route's paths
 * itself, which would load the content again. Astro's loop keeps the routes without parameters
 * (the tag index, the 404 page, the search files), any page whose static path is not to be
 * found, and one page of each route with parameters: that page is rendered on a thread too,
 * and the build stops if the two differ in their bytes or in the file they go to.
 */

/**
 * Below this many pages for the threads, a build renders every page on Astro's main thread:
 * starting a thread loads the page bundle and its app (scripts/bench.md, "Why the constants
 * are what they are").
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

/** What to do when the threads and Astro disagree: the way out, and a request to report it. */
const FALL_BACK =
  "Set QA_RENDER_THREADS=0 to render every page on the main thread, and report this.";

/**
 * Astro's prerenderer with the pages of routes with parameters rendered and written on
 * `threads` worker threads, when there are `fromPages` of them or more. `bundleEntry` says
 * where the page bundle's entry is once Astro has built it.
 */
export function threadedPrerenderer(
  astroPrerenderer: AstroPrerenderer,
  setting: RenderThreadSetting & {
    bundleEntry: () => string | undefined;
    /** Told how many pages the threads wrote, once they are done. */
    onWritten?: (pages: number) => void;
  },
): AstroPrerenderer {
  const threaded = new ThreadedPages(astroPrerenderer, setting);
  return {
    name: "qa-threaded-pages",
    setup: () => threaded.setup(),
    getStaticPaths: () => threaded.getStaticPaths(),
    render: (request, options) => threaded.render(request, options),
    teardown: () => threaded.teardown(),
  };
}

/** The page of a route that Astro renders and writes too, to compare with the threads'. */
interface CheckedPage {
  path: PathWithRoute;
  job: PageJob;
}

/** A route whose pages past the first are made as the threads take them. */
interface DeferredRoute {
  route: RouteData;
  rest: DeferredPaths;
  /** The key Astro's route cache finds a page's static path by, from where it is served. */
  keyOf: (servedAt: string) => string;
}

/** How the listed paths are shared out: Astro's loop, the threads, and the deferred routes. */
interface SharedOut {
  forAstro: PathWithRoute[];
  forThreads: PathWithRoute[];
  /** Those of the threads' pages written as they render (`PageJob.streamed`). */
  streamed: Set<PathWithRoute>;
  deferred: DeferredRoute[];
  checked: Map<RouteData, CheckedPage>;
}

/** One build's threaded prerendering, step by step as Astro calls its prerenderer. */
class ThreadedPages {
  readonly #astro: AstroPrerenderer;
  readonly #threads: number;
  readonly #fromPages: number;
  readonly #bundleEntry: () => string | undefined;
  readonly #onWritten: ((pages: number) => void) | undefined;
  #pool: RenderPool | undefined;
  #build: AstroBuild | undefined;
  #layout: OutputLayout | undefined;
  #workerData: RenderWorkerData | undefined;
  #checks = new Map<RouteData, CheckedPage>();
  #pass: Promise<number> | undefined;
  /** The pages Astro's loop renders (endpoints aside), to say how many pages were written. */
  #astroPages = 0;

  constructor(astro: AstroPrerenderer, setting: Parameters<typeof threadedPrerenderer>[1]) {
    this.#astro = astro;
    this.#threads = setting.threads;
    this.#fromPages = setting.fromPages;
    this.#bundleEntry = setting.bundleEntry;
    this.#onWritten = setting.onWritten;
  }

  async setup(): Promise<void> {
    await this.#astro.setup?.();
    this.#build = astroBuildOf(this.#astro);
    const entry = this.#bundleEntry();
    if (this.#threads === 0 || this.#build === undefined || entry === undefined) return;
    this.#layout = outputLayout(this.#build);
    if (this.#layout === undefined) return;
    this.#workerData = { bundleEntry: entry, scripts: this.#build.scripts };
  }

  async getStaticPaths(): Promise<PathWithRoute[]> {
    const workerData = this.#workerData;
    if (workerData === undefined || this.#layout === undefined) {
      return this.#astro.getStaticPaths();
    }
    // A route with more pages than are worth threads lists Astro its first and leaves the
    // rest to be made as the threads take them (deferred-paths.ts).
    startDeferring(this.#fromPages);
    let paths: PathWithRoute[];
    let rests: Map<object, DeferredPaths>;
    try {
      paths = await this.#astro.getStaticPaths();
    } finally {
      rests = endDeferring();
    }
    const shared = this.#shareOut(paths, rests, this.#layout);
    const threadCount =
      shared.forThreads.length + shared.deferred.reduce((sum, { rest }) => sum + rest.count, 0);
    // Too few pages to be worth starting threads for: Astro's loop renders every one. (A
    // route defers only when its rest alone is worth them.)
    if (threadCount === 0 || threadCount < this.#fromPages) return paths;
    this.#checks = shared.checked;
    this.#pool = new RenderPool(this.#threads, workerData);
    this.#pass = this.#pool.renderAll(threadCount, this.#jobAt(shared, threadCount));
    // Handled by the pass, and so no longer needed here.
    this.#pass.catch(() => undefined);
    return shared.forAstro;
  }

  /**
   * The first page of each route with parameters goes to Astro's loop and is checked against
   * the threads' rendering of it; the rest go to the threads, and so do deferred routes.
   */
  #shareOut(
    paths: PathWithRoute[],
    rests: Map<object, DeferredPaths>,
    layout: OutputLayout,
  ): SharedOut {
    const shared: SharedOut = {
      forAstro: [],
      forThreads: [],
      streamed: new Set(),
      deferred: [],
      checked: new Map(),
    };
    for (const path of paths) {
      if (!threadable(path) || this.#staticPathOf(path) === undefined) {
        shared.forAstro.push(path);
      } else if (this.#onlyPageOf(path, rests)) {
        shared.forThreads.push(path);
        shared.streamed.add(path);
      } else if (!shared.checked.has(path.route)) {
        shared.checked.set(path.route, {
          path,
          job: { ...this.#jobFor(path, layout), file: undefined },
        });
        shared.forAstro.push(path);
        const listed = this.#build?.listedPaths(path.route) ?? {};
        const rest = rests.get(listed);
        if (rest !== undefined) {
          shared.deferred.push(this.#deferredRoute(path, rest));
          rests.delete(listed);
        }
      } else {
        shared.forThreads.push(path);
      }
    }
    if (rests.size > 0) {
      // A route kept the rest of its paths aside, but Astro did not list its first.
      throw new Error(
        `${rests.size} route(s) left pages to the render threads whose first page Astro did not list: they would not be written. ${FALL_BACK}`,
      );
    }
    return shared;
  }

  /** Each page's job, made as the page is handed out, not all of them at once. */
  #jobAt({ forThreads, streamed, deferred }: SharedOut, count: number): (index: number) => PageJob {
    const layout = this.#layout as OutputLayout;
    return (index) => {
      const path = forThreads[index];
      if (path !== undefined) {
        const job = this.#jobFor(path, layout);
        return streamed.has(path) ? { ...job, streamed: true } : job;
      }
      let at = index - forThreads.length;
      for (const route of deferred) {
        if (at < route.rest.count) return deferredJob(route, at, layout);
        at -= route.rest.count;
      }
      throw new Error(`No page ${index} among the ${count} for the threads.`);
    };
  }

  async render(
    request: Request,
    options: Parameters<AstroPrerenderer["render"]>[1],
  ): ReturnType<AstroPrerenderer["render"]> {
    if (options.routeData.type === "page") this.#astroPages++;
    const check = this.#pool && this.#checks.get(options.routeData);
    const threaded = check && this.#pool?.render(check.job);
    const rendered = await this.#astro.render(request, options);
    if (check === undefined || threaded === undefined) return rendered;
    const response = rendered instanceof Response ? rendered : rendered.response;
    const astroBytes = Buffer.from(await response.arrayBuffer());
    const { body, status } = await threaded;
    if (status !== response.status || body === undefined || !astroBytes.equals(body)) {
      throw new Error(
        `The page ${check.path.pathname} rendered on a worker thread differs from the same page rendered by Astro on the main thread: the page bundle must read something besides the page's props that the threads do not have. ${FALL_BACK}`,
      );
    }
    return new Response(astroBytes, {
      status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  async teardown(): Promise<void> {
    try {
      const written = await this.#pass;
      this.#checkFilesOfCheckedPages();
      if (written !== undefined) {
        this.#onWritten?.(written);
        console.info(
          `[render-threads] ${written} pages rendered and written on ${this.#threads} threads; Astro wrote the other ${this.#astroPages}`,
        );
      }
    } finally {
      await this.#pool?.close();
      await this.#astro.teardown?.();
    }
  }

  /** Astro wrote each checked page where the threads write the pages of its route. */
  #checkFilesOfCheckedPages(): void {
    for (const { path, job } of this.#checks.values()) {
      const astroFile = path.route.distURL?.[0];
      const threadFile = this.#layout && pageLocation(job.pathKey, this.#layout).file;
      if (astroFile === undefined || fileURLToPath(astroFile) !== threadFile) {
        throw new Error(
          `Astro wrote the page ${path.pathname} to ${astroFile === undefined ? "no file" : fileURLToPath(astroFile)}, not ${threadFile} where the threads write the pages of its route. ${FALL_BACK}`,
        );
      }
    }
  }

  /**
   * Whether the page is its route's only one, as a listing not split into pages is: a thread
   * renders it and writes it as it renders (`PageJob.streamed`), unchecked, since no page of
   * its route is Astro's. Astro's loop holds a page whole, as one string and then its bytes,
   * and a page of 100,000 questions held so was most of a build's peak (scripts/bench.md, "Why
   * the constants are what they are").
   */
  #onlyPageOf({ route }: PathWithRoute, rests: Map<object, DeferredPaths>): boolean {
    const listed = this.#build?.listedPaths(route);
    return Array.isArray(listed) && listed.length === 1 && !rests.has(listed);
  }

  /** The page's params and props, as Astro listed them; none when not to be found. */
  #staticPathOf({ route, pathname }: PathWithRoute) {
    return this.#build?.staticPathOf(route, pathname);
  }

  /** The page as a thread takes it; only for a page whose static path is to be found. */
  #jobFor(path: PathWithRoute, layout: OutputLayout): PageJob {
    const { params, props } = this.#staticPathOf(path) as { params: unknown; props: unknown };
    const { route, component } = path.route;
    const { url, file } = pageLocation(path.pathname, layout);
    return { route, component, url, pathKey: path.pathname, params, props, file };
  }

  /**
   * A route's deferred paths, with how Astro keys them (`stringifyParams`): the pathname the
   * content serves each page at, without its final slash, or with it where Astro keeps one
   * (`trailingSlash: "always"`), as the route's first path, which Astro listed, shows. Checked
   * on that first path: the threads' route cache must find each page under the key Astro
   * looks it up by.
   */
  #deferredRoute(first: PathWithRoute, rest: DeferredPaths): DeferredRoute {
    const keepsSlash = first.pathname.endsWith("/");
    const keyOf = (servedAt: string) => (keepsSlash ? servedAt : servedAt.replace(/\/+$/, ""));
    const firstPath = this.#staticPathOf(first) as Parameters<DeferredPaths["pathnameOf"]>[0];
    const servedAt = rest.pathnameOf(firstPath);
    if (keyOf(servedAt) !== first.pathname) {
      throw new Error(
        `Astro lists the page ${first.pathname}, where the content serves it at ${servedAt}: the rest of the route ${first.route.route}, made for the threads, would not be found. ${FALL_BACK}`,
      );
    }
    return { route: first.route, rest, keyOf };
  }
}

/** The deferred route's page `at`, as a thread takes it. */
function deferredJob(
  { route: { route, component }, rest, keyOf }: DeferredRoute,
  at: number,
  layout: OutputLayout,
): PageJob {
  const path = rest.at(at);
  const pathKey = keyOf(rest.pathnameOf(path));
  const { url, file } = pageLocation(pathKey, layout);
  return { route, component, url, pathKey, params: path.params, props: path.props, file };
}

/** A page route with parameters: a listing, question or tag page, not an endpoint or the 404. */
function threadable({ route }: PathWithRoute): boolean {
  return route.type === "page" && route.params.length > 0;
}
