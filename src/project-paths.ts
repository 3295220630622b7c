import { createHash } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * Where the project, its content folder and Astro's cache are. The questions loader runs inside the page bundle at
 * build time (a live collection), where `import.meta.url` names a bundled chunk, not the source
 * file; src/integrations/loader-paths.ts hands both folders in as compile-time constants. Code run
 * straight from source (tests, scripts) finds them relative to this file.
 */
declare const __QA_PROJECT_ROOT__: string | undefined;
declare const __QA_CACHE_DIR__: string | undefined;

export const projectRoot: string =
  typeof __QA_PROJECT_ROOT__ === "string"
    ? __QA_PROJECT_ROOT__
    : fileURLToPath(new URL("../", import.meta.url));

/**
 * Astro's cache folder (its `cacheDir`, set in astro.config.mjs), which also holds the entry
 * cache that rebuilds reuse: `QA_CACHE_DIR` (relative to where the command runs) when set.
 * Otherwise Astro's own default, node_modules/.astro, with a folder of its own for each
 * `QA_CONTENT_DIR` folder: building another folder then neither evicts the default folder's
 * entries nor races it when both builds run at once.
 */
export function buildCacheDirectory(root = projectRoot): string {
  const fromEnvironment = process.env["QA_CACHE_DIR"];
  if (fromEnvironment) return resolve(fromEnvironment);
  const astroDefault = join(root, "node_modules/.astro");
  const contentDir = process.env["QA_CONTENT_DIR"];
  if (!contentDir) return astroDefault;
  const key = createHash("sha1").update(resolve(contentDir)).digest("hex").slice(0, 12);
  return join(astroDefault, `content-${key}`);
}

/** Astro's cache folder for this build, as the configuration resolved it. */
export const cacheDirectory: string =
  typeof __QA_CACHE_DIR__ === "string" ? __QA_CACHE_DIR__ : buildCacheDirectory();

/** A source file of the project, by its path from the project's root. */
export function projectFile(path: string): string {
  return resolve(projectRoot, path);
}

/**
 * The content folder to build: `QA_CONTENT_DIR` (relative to where the command runs) when set,
 * otherwise `content/` in the project's root, beside astro.config.mjs.
 */
export function contentDirectory(root = projectRoot): string {
  const fromEnvironment = process.env["QA_CONTENT_DIR"];
  return fromEnvironment ? resolve(fromEnvironment) : join(root, "content");
}

/** `QA_CONTENT_DIR` as typed, when it names `directory`: what messages about the folder quote. */
export function contentDirectorySetting(directory: string): string | undefined {
  const fromEnvironment = process.env["QA_CONTENT_DIR"];
  return fromEnvironment && resolve(fromEnvironment) === directory ? fromEnvironment : undefined;
}

/** `path` made absolute with its links resolved, as far as it exists: the rest as written. */
export function realPathOf(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  const parent = dirname(absolute);
  return parent === absolute ? absolute : join(realPathOf(parent), basename(absolute));
}
