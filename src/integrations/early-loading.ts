import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { startBuildLoad } from "../speed/early-load.ts";

/**
 * Starts loading the questions as soon as `astro build` has its configuration, on a thread of
 * their own, so that reading and deriving them runs beside Astro's own start-up work instead of
 * after it; the questions loader then takes the result (see s../speed/early-load.ts). Under
 * `npm run build` the load is already under way, and is kept.
 */
export function earlyLoading(): AstroIntegration {
  let loadFinished: Promise<void> | undefined;
  return {
    name: "qa-early-loading",
    hooks: {
      "astro:config:setup": ({ command, config }) => {
        // Only for builds: the dev server loads on each request, as the files are then.
        if (command !== "build") return;
        loadFinished = startBuildLoad(
          fileURLToPath(config.root),
          fileURLToPath(config.cacheDir),
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
