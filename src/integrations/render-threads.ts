import { join } from "node:path";
import type { AstroIntegration } from "astro";
import {
  bundleEntryFile,
  checkAstroVersion,
  countPagesBuiltBeside,
} from "../machinery/astro/astro-internals.ts";
import { renderThreadSetting, threadedPrerenderer } from "../machinery/astro/render-threads.ts";

/**
 * Renders and writes the pages on worker threads beside Astro's main thread (src/machinery/astro/
 * render-threads.ts): one per core once there are enough pages, or `QA_RENDER_THREADS`. A
 * plugin notes where Vite wrote the page bundle's entry, for the threads to import.
 */
export function renderThreads(): AstroIntegration {
  const setting = renderThreadSetting();
  const { threads } = setting;
  let bundleEntry: string | undefined;
  // The pages the threads wrote, which Astro's closing count of the pages built adds to its own.
  let writtenOnThreads = 0;
  return {
    name: "qa-render-threads",
    hooks: {
      "astro:config:setup": ({ command, updateConfig, logger }) => {
        if (command !== "build" || threads === 0) return;
        checkAstroVersion();
        countPagesBuiltBeside(logger, () => writtenOnThreads);
        updateConfig({
          vite: {
            plugins: [
              {
                name: "qa-page-bundle-entry",
                applyToEnvironment: (environment) => environment.name === "prerender",
                writeBundle(output, bundle) {
                  const entry = bundleEntryFile(Object.keys(bundle));
                  if (entry !== undefined && output.dir !== undefined) {
                    bundleEntry = join(output.dir, entry);
                  }
                },
              },
            ],
          },
        });
      },
      "astro:build:start": ({ setPrerenderer }) => {
        if (threads === 0) return;
        setPrerenderer((astroPrerenderer) =>
          threadedPrerenderer(astroPrerenderer, {
            ...setting,
            bundleEntry: () => bundleEntry,
            onWritten: (pages) => (writtenOnThreads = pages),
          }),
        );
      },
    },
  };
}
