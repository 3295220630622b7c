import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { projectRoot } from "./project-paths.ts";

/**
 * The content folder to build: `QA_CONTENT_DIR` (relative to where the command runs) when set,
 * otherwise `content/` in the project's root, beside astro.config.mjs.
 */
export function contentDirectory(root = projectRoot): string {
  const fromEnvironment = process.env["QA_CONTENT_DIR"];
  return fromEnvironment ? resolve(fromEnvironment) : join(root, "content");
}

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
