import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { codeDigest } from "../machinery/incremental/code-digest.ts";
import { outputFilesRecord } from "../machinery/incremental/output-files.ts";
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
        const cacheDir = fileURLToPath(config.cacheDir);
        start = () =>
          startWrittenPages(
            outDir,
            pageRecordFile(cacheDir, outDir),
            renderKey,
            fileURLToPath(config.publicDir),
            outputFilesRecord(cacheDir, outDir),
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
        if (finished && finished.foreign.length > 0)
          logger.warn(foreignFilesWarning(finished.foreign));
      },
    },
  };
}

/** What a build says of the files in its output folder that no build of this project wrote. */
export function foreignFilesWarning(foreign: readonly string[]): string {
  const shown = foreign.slice(0, FOREIGN_FILES_SHOWN).join(", ");
  const more =
    foreign.length > FOREIGN_FILES_SHOWN
      ? `, and ${foreign.length - FOREIGN_FILES_SHOWN} more`
      : "";
  return `the output folder holds ${foreign.length} file${foreign.length === 1 ? "" : "s"} no build of this project wrote, left as ${foreign.length === 1 ? "it is" : "they are"} and published with the site: ${shown}${more}. Put files the site should have in public/; delete the others, or the whole output folder, which the next build then writes afresh`;
}

/** How many of the files no build wrote a build names. */
const FOREIGN_FILES_SHOWN = 10;
