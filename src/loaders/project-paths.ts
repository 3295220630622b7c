import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * Where the project and Astro's cache are. The questions loader runs inside the page bundle at
 * build time (a live collection), where `import.meta.url` names a bundled chunk, not the source
 * file; src/integrations/loader-paths.ts hands both folders in as compile-time constants. Code run
 * straight from source (tests, scripts) finds them relative to this file.
 */
declare const __QA_PROJECT_ROOT__: string | undefined;
declare const __QA_CACHE_DIR__: string | undefined;

export const projectRoot: string =
  typeof __QA_PROJECT_ROOT__ === "string"
    ? __QA_PROJECT_ROOT__
    : fileURLToPath(new URL("../../", import.meta.url));

/** Astro's cache folder (per content folder; see astro.config.mjs). */
export const cacheDirectory: string =
  typeof __QA_CACHE_DIR__ === "string"
    ? __QA_CACHE_DIR__
    : resolve(projectRoot, "node_modules/.astro");

/** A source file of the project, by its path from the project's root. */
export function projectFile(path: string): string {
  return resolve(projectRoot, path);
}
