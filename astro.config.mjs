// @ts-check
import { fileURLToPath } from "node:url";
import { contentReload } from "./src/integrations/content-reload.ts";
import { earlyLoading } from "./src/integrations/early-loading.ts";
import { loaderPaths } from "./src/integrations/loader-paths.ts";
import { outputFolder } from "./src/integrations/output-folder.ts";
import { outputOutsideProject } from "./src/integrations/output-outside-project.ts";
import { renderThreads } from "./src/integrations/render-threads.ts";
import { staticHost } from "./src/integrations/static-host.ts";
import { writtenPages } from "./src/integrations/written-pages.ts";
import { buildCacheDirectory } from "./src/project-paths.ts";

/**
 * The site's public URL, the one place it is configured: QA_SITE_URL, such as
 * `https://example.org/archive/questions/`. With it the build writes sitemap.xml and canonical
 * links; without it, no absolute URL at all. A missing final "/" is added, so that a sub-path
 * is read as a folder.
 */
const siteUrl = process.env["QA_SITE_URL"]?.replace(/\/?$/, "/") || undefined;

/**
 * Typed by annotation rather than with `defineConfig` from "astro/config": importing that module
 * loads code the build never uses, about 0.2 s of every build (a 3-question build took 0.92x
 * the wall time without it).
 *
 * @type {import("astro").AstroUserConfig}
 */
export default {
  // The listing is one static page; nothing on it needs client-side JavaScript.
  output: "static",
  // Set QA_OUT_DIR to build somewhere else than dist/ (tests build fixtures side by side).
  outDir: process.env["QA_OUT_DIR"] ?? "./dist",
  ...(siteUrl === undefined ? {} : { site: siteUrl }),
  // Per content folder, or QA_CACHE_DIR (see buildCacheDirectory).
  cacheDir: buildCacheDirectory(fileURLToPath(new URL(".", import.meta.url))),
  build: {
    // Pages link their one hashed style sheet (_astro/site.<hash>.css) themselves, by a URL
    // relative to the page (src/components/Page.astro), so nothing is inlined by Astro.
    inlineStylesheets: "never",
    // Every page is <path>/index.html: the relative prefix then follows from the URL's depth.
    format: "directory",
    // Astro's own thread renders every page of a build under 1,000 pages (a thread per core
    // from there, src/machinery/astro/render-threads.ts) and awaits each page's write: with
    // four pages at once, as many as libuv has threads for writes, it renders while they write
    // (scripts/bench.md, "`build.concurrency`").
    concurrency: 4,
  },
  integrations: [
    loaderPaths(),
    // First of those that touch the output folder: it checks the folder, then locks it.
    outputFolder(),
    outputOutsideProject(),
    earlyLoading(),
    // Before staticHost: its files (robots.txt, _headers...) list what is left once this one
    // has deleted what no longer belongs.
    writtenPages(),
    renderThreads(),
    staticHost({ precompress: process.env["QA_PRECOMPRESS"] === "1" }),
    contentReload(),
  ],
};
