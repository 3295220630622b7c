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
