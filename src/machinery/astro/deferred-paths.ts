/*
 * A route's static paths, past its first, made one at a time as the render threads take them
 * rather than all listed for Astro, which keeps every path it lists, params and props, to the
 * end of the build (scripts/bench.md, "Why the constants are what they are"). The threaded
 * prerenderer (render-threads.ts) says, before Astro asks the routes for
 * their paths, from how many pages a route's rest may be deferred; the query module
 * (src/content.ts) then hands Astro a route's first path, which Astro renders and the threads
 * render too, to compare, and leaves the rest here, keyed by the list it returned.
 *
 * The two sides are different copies of this module (the integration's and the page
 * bundle's), so the state is in the build's state (src/machinery/build-state.ts).
 */

import { stateSlot } from "../build-state.ts";

/** A static path as Astro takes it from `getStaticPaths`. */
export interface StaticPath {
  params: Record<string, string | undefined>;
  props: unknown;
}

/** The paths of a route past the first one, each made when it is asked for. */
export interface DeferredPaths {
  /** How many there are. */
  count: number;
  /** The path at `index` (0 is the one after the first). */
  at(index: number): StaticPath;
  /**
   * Where a path's page is served (`/questions/12/`): the path the content links to, which
   * must be the one Astro makes from the path's params (the prerenderer checks the first).
   */
  pathnameOf(path: StaticPath): string;
}

interface Deferral {
  /** The fewest deferred paths worth deferring: below it, Astro lists them as usual. */
  fromPaths: number;
  /** The rest of each route that deferred, by the list its `getStaticPaths` returned. */
  rests: Map<object, DeferredPaths>;
}

const deferral = stateSlot<Deferral>("deferredPaths");

/**
 * Lets the routes asked for their paths from now on defer all but their first, when they have
 * at least `fromPaths` more. Until `endDeferring`.
 */
export function startDeferring(fromPaths: number): void {
  deferral.set({ fromPaths, rests: new Map() });
}

/**
 * Ends the deferral: the routes asked from now on list every path. Returns the rest of each
 * route that deferred, to be found by the list its `getStaticPaths` returned.
 */
export function endDeferring(): Map<object, DeferredPaths> {
  const ended = deferral.get();
  deferral.set(undefined);
  return ended?.rests ?? new Map();
}

/**
 * A route's static paths, as `getStaticPaths` returns them: `count` paths, the one at `index`
 * made by `pathAt`. While a build defers (`startDeferring`), and there are enough of them,
 * only the first, with the rest kept aside for the render threads; otherwise all of them.
 */
export function staticPaths<Path extends StaticPath>(
  count: number,
  pathAt: (index: number) => Path,
  pathnameOf: (path: Path) => string,
): Path[] {
  const deferring = deferral.get();
  if (deferring === undefined || count - 1 < Math.max(deferring.fromPaths, 1)) {
    return Array.from({ length: count }, (_, index) => pathAt(index));
  }
  const listed = [pathAt(0)];
  deferring.rests.set(listed, {
    count: count - 1,
    at: (index) => pathAt(index + 1),
    pathnameOf: pathnameOf as (path: StaticPath) => string,
  });
  return listed;
}
