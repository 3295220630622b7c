import { copyFileSync, linkSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/*
 * The built site as a ZIM holds it: every page, style sheet, script and icon, without what only
 * a web host reads. Files are hard-linked (copied across file systems), so staging a million
 * pages writes no page twice.
 */

/**
 * Files a host reads and a ZIM has no use for, at the site's root: `404.html` (Kiwix shows its
 * own, and its link home is the host's root), `_headers`, `robots.txt`, the sitemaps.
 */
const HOST_ONLY = /^(?:404\.html|_headers|robots\.txt|\.nojekyll|sitemap[\w-]*\.xml)$/;
/** Precompressed copies (QA_PRECOMPRESS): a ZIM compresses its clusters itself. */
const PRECOMPRESSED = /\.(?:br|gz)$/;

/** `site`'s files as paths relative to it, with `/`, the host's own left out. */
export function zimFiles(site: string): string[] {
  return readdirSync(site, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(site, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .filter((file) => !HOST_ONLY.test(file) && !PRECOMPRESSED.test(file))
    .sort();
}

/** `files` of `site` linked (or copied) into the empty folder `stage`. */
export function stageFiles(site: string, files: readonly string[], stage: string): void {
  const made = new Set<string>();
  for (const file of files) {
    const target = join(stage, file);
    const folder = dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    try {
      linkSync(join(site, file), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      copyFileSync(join(site, file), target);
    }
  }
}
