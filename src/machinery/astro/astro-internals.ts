import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { AstroIntegration, AstroPrerenderer, RouteData } from "astro";
import { projectFile } from "../../project-paths.ts";

/*
 * Every use of Astro's internals, the parts past its public API that rendering pages on
 * threads needs: the build app behind Astro's default prerenderer, its route cache (where the
 * static paths Astro listed are kept), its settings and options, and the name Vite gives the
 * page bundle's entry. They change without notice between versions, so the build checks first
 * that the installed Astro is the one this file was written for (`checkAstroVersion`).
 */

/** The Astro version these internals were read from (astro/dist/core/build/). */
export const ASTRO_VERSION_WRITTEN_FOR = "7.3.5";

/**
 * Stops with a clear message when the installed Astro is not the version this adapter was
 * written for: its internals may have moved, and a build would fail somewhere less clear.
 */
export function checkAstroVersion(installed = installedAstroVersion()): void {
  if (installed === ASTRO_VERSION_WRITTEN_FOR) return;
  throw new Error(
    `Astro ${installed} is installed, but src/machinery/astro/astro-internals.ts was written for Astro ${ASTRO_VERSION_WRITTEN_FOR}, whose internals it uses to render pages on threads. Install that version (npm install astro@${ASTRO_VERSION_WRITTEN_FOR}); or build with QA_RENDER_THREADS=0, which renders every page on Astro's own thread without them; or check each use in that file against the new version's astro/dist/core/build/ and update ASTRO_VERSION_WRITTEN_FOR.`,
  );
}

function installedAstroVersion(): string {
  const require = createRequire(projectFile("package.json"));
  return (require("astro/package.json") as { version: string }).version;
}

/** The prefix of the page bundle's entry file (astro/dist/core/build/vite-build-config.js). */
const BUNDLE_ENTRY_PREFIX = "prerender-entry";

/** The page bundle's entry among the files Vite wrote for the prerender environment. */
export function bundleEntryFile(files: readonly string[]): string | undefined {
  return files.find((file) => file.startsWith(BUNDLE_ENTRY_PREFIX));
}

/** A page's params and props, as Astro's route cache keeps them. */
export interface CachedStaticPath {
  params: unknown;
  props: unknown;
}

/** The parts of Astro's build app the main thread reads (BuildApp, astro/dist/core/build/app.js). */
interface BuildApp {
  routeCache: {
    get(route: RouteData): { staticPaths?: { keyed?: Map<string, CachedStaticPath> } } | undefined;
  };
  getSettings(): { scripts: unknown };
  getOptions(): BuildOptions;
}

/** The parts of Astro's build options the main thread reads (StaticBuildOptions). */
interface BuildOptions {
  origin: string;
  settings: {
    config: { base: string; outDir: URL; trailingSlash: string; build: { format: string } };
  };
}

/** What the main thread reads of Astro's build: through its default prerenderer's app. */
export interface AstroBuild {
  /** The static paths Astro listed for a route: the list `getStaticPaths` returned. */
  listedPaths(route: RouteData): object;
  /** A page's params and props, as Astro listed them; none when not to be found. */
  staticPathOf(route: RouteData, pathname: string): CachedStaticPath | undefined;
  /** The scripts integrations inject, which the app puts in each page's head. */
  scripts: unknown;
  origin: string;
  config: BuildOptions["settings"]["config"];
}

/** Astro's build as its default prerenderer has it set up; none when it has no app. */
export function astroBuildOf(prerenderer: AstroPrerenderer): AstroBuild | undefined {
  const app = (prerenderer as { app?: BuildApp }).app;
  if (app === undefined) return undefined;
  const { origin, settings } = app.getOptions();
  return {
    listedPaths: (route) => app.routeCache.get(route)?.staticPaths ?? {},
    staticPathOf: (route, pathname) => app.routeCache.get(route)?.staticPaths?.keyed?.get(pathname),
    scripts: app.getSettings().scripts,
    origin,
    config: settings.config,
  };
}

/** The parts of the page bundle's app a rendering thread uses (BuildApp, as above). */
interface BundleApp {
  manifest: { routes: { routeData: RouteData }[] };
  routeCache: {
    set(route: RouteData, entry: { mod: unknown; staticPaths: KeyedPaths }): void;
  };
  getComponentByRoute(route: RouteData): Promise<unknown>;
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
  /** Whether the page renders as a stream: read by `render` after its first await (BaseApp). */
  resolveStreaming(): boolean | undefined;
}

type KeyedPaths = unknown[] & { keyed: Map<string, CachedStaticPath> };

/** A log line of Astro's, as its logger writes it. */
export interface AstroLog {
  level: string;
  label: string | null;
  message: string;
}

/**
 * Astro's closing count of the pages it built ("5 page(s) built in 1.85s"), made to count the
 * pages `besideAstro()` says were written beside its own loop as well: it counts only its own,
 * and printed after the render threads' line, it read as the whole build's. Done on the log's
 * destination, which every logger of the build shares with the integration's `logger`.
 */
export function countPagesBuiltBeside(logger: unknown, besideAstro: () => number): void {
  const destination = (logger as { options?: { destination?: { write?: unknown } } }).options
    ?.destination;
  if (typeof destination?.write !== "function") return;
  const write = destination.write.bind(destination) as (line: AstroLog) => boolean;
  destination.write = (line: AstroLog): boolean => {
    const counted = /^(\d+) page\(s\) built in /.exec(line.message);
    const beside = besideAstro();
    if (line.label !== "build" || counted === null || beside === 0) return write(line);
    const all = Number(counted[1]) + beside;
    return write({ ...line, message: line.message.replace(/^\d+/, String(all)) });
  };
}

/** One route of the page bundle, with the static paths a thread puts in its route cache. */
export interface BundleRoute {
  routeData: RouteData;
  /** The pages of the route the route cache finds, by their pathname. */
  paths: Map<string, CachedStaticPath>;
}

/** The page bundle's app as a rendering thread drives it, as Astro's own prerenderer does. */
export interface BundleRenderer {
  /** The route named by its pattern and component, registered in the route cache. */
  route(route: string, component: string): Promise<BundleRoute>;
  /**
   * The page's response. `streamed`: its body comes as the page renders, chunk by chunk
   * (Astro's streaming render, which its build app leaves off: a page it writes is held whole
   * anyway); otherwise as one string, as Astro's build renders it.
   */
  render(request: Request, route: BundleRoute, streamed?: boolean): Promise<Response>;
}

/**
 * The app of the page bundle whose entry is at `bundleEntryUrl`, set up as Astro's build sets it up,
 * as far as a page's head needs: Astro reads the build's internals and options only for the
 * page's style sheets (none here: the pages link their own, see src/components/Page.astro)
 * and the scripts integrations inject, handed over as they are. Its log lines go to `log`.
 */
export async function bundleRenderer(
  bundleEntryUrl: string,
  scripts: unknown,
  log: (line: AstroLog) => void,
): Promise<BundleRenderer> {
  const { app } = (await import(/* @vite-ignore */ bundleEntryUrl)) as { app: BundleApp };
  app.setInternals({ pagesByKeys: new Map() });
  app.setOptions({
    settings: { scripts },
    logger: { options: { destination: { write: (line: AstroLog) => writeLog(line) } } },
  });
  const writeLog = (line: AstroLog) => {
    log(line);
    return true;
  };
  // Astro's `render` reads `resolveStreaming` after its first await, and a thread renders
  // two batches at once: each render sets it once the render before it has read it.
  let lastRead: Promise<unknown> = Promise.resolve();
  return {
    async route(route, component) {
      const routeData = app.manifest.routes.find(
        ({ routeData }) => routeData.route === route && routeData.component === component,
      )?.routeData;
      if (routeData === undefined) throw new Error(`The page bundle has no route ${route}.`);
      const keyed = new Map<string, CachedStaticPath>();
      const staticPaths = Object.assign([], { keyed });
      app.routeCache.set(routeData, { mod: await app.getComponentByRoute(routeData), staticPaths });
      return { routeData, paths: keyed };
    },
    async render(request, { routeData }, streamed = false) {
      const before = lastRead;
      const read = Promise.withResolvers<undefined>();
      const hasRead = () => read.resolve(undefined);
      lastRead = read.promise;
      await before;
      app.resolveStreaming = () => {
        hasRead();
        // Undefined, not false: the build environment's default, as the build app answers.
        return streamed ? true : undefined;
      };
      const response = app.render(request, { routeData });
      // A render that fails before it reads it must not hold the next one.
      void response.then(hasRead, hasRead);
      return response;
    },
  };
}

/**
 * Where the pages go, for the build settings this project has (`directory` format at the
 * root); other settings, and every page renders the way Astro's loop renders it.
 */
export interface OutputLayout {
  origin: string;
  outDir: URL;
}

export function outputLayout({ origin, config }: AstroBuild): OutputLayout | undefined {
  const plain =
    config.build.format === "directory" && config.base === "/" && config.trailingSlash !== "never";
  return plain ? { origin, outDir: config.outDir } : undefined;
}

/**
 * A page's request URL and file, as Astro's build makes them for a page route in the
 * `directory` format (`getUrlForPath`, `getOutFolder` and `getOutFile` in astro/dist/core/
 * build/): `/questions/12` is requested as `/questions/12/` and written to
 * `questions/12/index.html`. The threaded prerenderer checks the page of each route that
 * Astro writes too against this.
 */
export function pageLocation(
  pathname: string,
  { origin, outDir }: OutputLayout,
): { url: string; file: string } {
  const folder = pathname === "/" ? "/" : `/${pathname.replace(/^\/+|\/+$/g, "")}/`;
  return {
    url: new URL(folder, origin).href,
    file: fileURLToPath(new URL(`.${encodeURI(folder)}index.html`, outDir)),
  };
}

/** `astro dev`'s Vite server, as Astro hands it to integrations. */
type DevServer = Parameters<
  NonNullable<AstroIntegration["hooks"]["astro:server:setup"]>
>[0]["server"];

/**
 * Tells `astro dev` that the content changed, and the browser to reload. The dev server keeps
 * each route's static paths until a source file changes; on this message, which Astro's own
 * content layer sends when its data store changes, it forgets them all
 * (astro/dist/vite-plugin-app/createAstroServerApp.js).
 */
export function reloadForContentChange(server: DevServer): void {
  for (const [name, environment] of Object.entries(server.environments)) {
    if (name !== "client") environment.hot.send("astro:content-changed", {});
  }
  server.environments["client"]?.hot.send({ type: "full-reload", path: "*" });
}
