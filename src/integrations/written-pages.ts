import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { codeDigest } from "../machinery/incremental/code-digest.ts";
import {
  finishWrittenPages,
  pageRecordFile,
  startWrittenPages,
} from "../machinery/incremental/written-pages.ts";

/**
 * Rebuilds write only the pages whose inputs changed (src/machinery/incremental/written-pages.ts): the output
 * folder is not emptied before a build, the query module leaves out the pages that would come
 * out the same, and once the build is done every file it neither wrote nor kept is deleted.
 * A page is kept only under the same code and settings: the render key covers src/, public/,
 * the configuration, the dependencies and Astro's resolved settings.
 */
export function writtenPages(): AstroIntegration {
  let start: (() => void) | undefined;
  return {
    name: "qa-written-pages",
    hooks: {
      "astro:config:setup": ({ command, updateConfig }) => {
        // Only builds; Astro's emptyDir would otherwise take every kept page first.
        if (command === "build") updateConfig({ vite: { build: { emptyOutDir: false } } });
      },
      "astro:config:done": ({ config }) => {
        const outDir = fileURLToPath(config.outDir);
        const renderKey = [
          codeDigest(["src", "public"], ["astro.config.mjs", "package.json", "package-lock.json"]),
          JSON.stringify({ site: config.site, base: config.base, build: config.build }),
        ].join("\0");
        start = () =>
          startWrittenPages(
            outDir,
            pageRecordFile(fileURLToPath(config.cacheDir), outDir),
            renderKey,
            fileURLToPath(config.publicDir),
          );
      },
      "astro:build:start": () => start?.(),
      "astro:build:done": ({ logger }) => {
        const finished = finishWrittenPages();
        if (finished && (finished.kept > 0 || finished.deleted > 0)) {
          logger.info(
            `${finished.kept} pages and index files kept as the last build wrote them; ${finished.deleted} pages of earlier builds deleted`,
          );
        }
      },
    },
  };
}
