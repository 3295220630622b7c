// @ts-check
import module from "node:module";
import { fileURLToPath } from "node:url";

/*
 * Node's compile cache keeps each module compiled, and a TypeScript one stripped of its types,
 * from one build to the next: Astro's, Vite's and Rolldown's code is most of what a small
 * community's build loads (scripts/bench.md, "The example's fixed cost"). One folder for
 * `npm run build` (scripts/build.ts), its worker threads (worker-entry.mjs) and the tests
 * (tests/helpers/compile-cache.ts). Plain JavaScript importing only Node's own modules: it is
 * loaded before the cache is on, by a thread that has not loaded Node's type stripper.
 */
export const COMPILE_CACHE_FOLDER = fileURLToPath(
  new URL("../../../node_modules/.cache/node-compile-cache", import.meta.url),
);

/** Turns the project's compile cache on for the modules this thread loads from now on. */
export function enableProjectCompileCache() {
  module.enableCompileCache(COMPILE_CACHE_FOLDER);
}
