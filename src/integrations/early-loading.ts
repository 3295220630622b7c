import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { contentDirectory } from "../loaders/content-source.ts";
import { entryCacheFile } from "../loaders/entry-cache.ts";
import { startEarlyLoad } from "../loaders/early-load.ts";

/**
 * Starts loading the questions as soon as `astro build` has its configuration, on a thread of
 * their own, so that reading and deriving them runs beside Astro's own start-up work instead of
 * after it; the questions loader then takes the result (see src/loaders/early-load.ts).
 */
export function earlyLoading(): AstroIntegration {
  let loadFinished: Promise<void> | undefined;
  return {
    name: "qa-early-loading",
    hooks: {
      "astro:config:setup": ({ command, config }) => {
        // Only for builds: the dev server loads on each request, as the files are then.
        if (command !== "build") return;
        // The same folders the loader finds through loader-paths.ts's constants.
        const root = fileURLToPath(config.root);
        const directory = contentDirectory(root);
        const cacheFile = entryCacheFile(directory, fileURLToPath(config.cacheDir));
        loadFinished = startEarlyLoad(
          join(root, "src/loaders/load-worker.ts"),
          directory,
          cacheFile,
        ).finished;
      },
      // The loading thread writes the entry cache after handing over the questions; Astro
      // exits the process when the build is done, which would cut that short.
      "astro:build:done": async () => {
        await loadFinished;
      },
    },
  };
}
