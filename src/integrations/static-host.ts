import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { recordOutputFiles } from "../machinery/incremental/output-files.ts";
import { filesIn, takeFilesLeft } from "../machinery/incremental/written-pages.ts";
import {
  CLOUDFLARE_RULE_LIMIT,
  headerRules,
  headersFile,
  robotsTxt,
  sitemapFiles,
} from "./host-files.ts";
import { isCompressible, writeCompressedCopies } from "./precompress.ts";

export interface StaticHostOptions {
  /** Also write `.br` and `.gz` copies of every text file (QA_PRECOMPRESS=1). */
  precompress: boolean;
}

/**
 * What a static host or CDN needs beside the pages, written once the build is done:
 * `robots.txt`; `sitemap.xml` (an index of sitemaps past 50,000 pages) when the site's URL is
 * configured; `_headers` with the caching rules; and, when asked, precompressed copies of the
 * text files.
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
        // The written-pages integration, which ran first, walked the folder already. In no
        // order: the sitemap and `_headers` sort what they list.
        const left = takeFilesLeft(outDir);
        const built = left?.files ?? filesIn(outDir);
        // The files written here, a few beside the two million names of a million questions'
        // build: those are not copied into a set to add these.
        const hostFiles = ["robots.txt"];
        writeFileSync(join(outDir, "robots.txt"), robotsTxt(site));
        if (site) {
          for (const { file, text } of sitemapFiles(site, built)) {
            writeFileSync(join(outDir, file), text);
            hostFiles.push(file);
          }
        } else logger.info("no sitemap.xml: the site's URL is not configured (QA_SITE_URL)");
        // Written last but one, so it covers robots.txt and the sitemap too. A file of public/
        // by the same name as one of these was overwritten, and is listed once.
        const overwritten = new Set(hostFiles);
        const files = built.filter((file) => !overwritten.has(file));
        files.push(...hostFiles);
        const rules = headerRules(files);
        writeFileSync(join(outDir, "_headers"), headersFile(rules));
        files.push("_headers");
        if (rules.length > CLOUDFLARE_RULE_LIMIT) {
          logger.warn(
            `_headers has ${rules.length} rules and Cloudflare Pages reads only the first ${CLOUDFLARE_RULE_LIMIT}: the files at the root of public/ or of search/ each take a rule of their own; move them into a folder of their own`,
          );
        }

        const copies: string[] = [];
        if (options.precompress) {
          const texts = files.filter(isCompressible);
          for (const file of texts) writeCompressedCopies(join(outDir, file));
          copies.push(...texts.flatMap((file) => [`${file}.br`, `${file}.gz`]));
          logger.info(`wrote .br and .gz copies of ${texts.length} files`);
        }
        // The build has ended well: what it wrote is recorded, as the next build's to delete.
        if (left !== undefined) {
          const foreign = new Set(left.foreign);
          const written = [...files, ...copies].filter((file) => !foreign.has(file));
          recordOutputFiles(left.outputRecord, written);
        }
      },
    },
  };
}
