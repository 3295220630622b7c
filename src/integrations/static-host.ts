import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { filesIn, takeFilesLeft } from "../speed/written-pages.ts";
import { headersFile, robotsTxt, sitemapXml } from "./host-files.ts";
import { isCompressible, writeCompressedCopies } from "./precompress.ts";

export interface StaticHostOptions {
  /** Also write `.br` and `.gz` copies of every text file (QA_PRECOMPRESS=1). */
  precompress: boolean;
}

/**
 * What a static host or CDN needs beside the pages, written once the build is done:
 * `robots.txt`; `sitemap.xml` when the site's URL is configured; `_headers` with the caching
 * rules; and, when asked, precompressed copies of the text files.
 */
export function staticHost(options: StaticHostOptions): AstroIntegration {
  let site: URL | undefined;
  return {
    name: "qa-static-host",
    hooks: {
      "astro:config:done": ({ config }) => {
        site = config.site === undefined ? undefined : new URL(config.site);
      },
      "astro:build:done": ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        // The written-pages integration, which ran first, walked the folder already.
        const built = takeFilesLeft(outDir) ?? filesIn(outDir).sort();
        const pages = built.filter((file) => file.endsWith(".html"));
        const written = new Set(built);

        writeFileSync(join(outDir, "robots.txt"), robotsTxt(site));
        written.add("robots.txt");
        if (site) {
          writeFileSync(join(outDir, "sitemap.xml"), sitemapXml(site, pages));
          written.add("sitemap.xml");
        } else logger.info("no sitemap.xml: the site's URL is not configured (QA_SITE_URL)");
        // Written last but one, so it lists robots.txt and sitemap.xml too.
        const files = [...written].sort();
        writeFileSync(join(outDir, "_headers"), headersFile(files));
        files.push("_headers");

        if (options.precompress) {
          const texts = files.filter(isCompressible);
          for (const file of texts) writeCompressedCopies(join(outDir, file));
          logger.info(`wrote .br and .gz copies of ${texts.length} files`);
        }
      },
    },
  };
}
