import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { ContentError } from "../core/content-error.ts";
import type { ContentProblem } from "../lib/problems.ts";
import { startBuildLoad } from "../machinery/loading/early-load.ts";

/**
 * Starts loading the questions as soon as `astro build` has its configuration, on a thread of
 * their own, so that reading and deriving them runs beside Astro's own start-up work instead of
 * after it; the questions loader then takes the result (see
 * src/machinery/loading/early-load.ts). Under `npm run build` the load is already under way,
 * and is kept.
 *
 * When the load has found problems in the content by the time Astro is about to bundle the
 * pages, the build stops there with the report, as the loader would have stopped it two or
 * three seconds later, and before anything is written to the output folder.
 */
export function earlyLoading(): AstroIntegration {
  let loadFinished: Promise<void> | undefined;
  let problemsFound: readonly ContentProblem[] | undefined;
  return {
    name: "qa-early-loading",
    hooks: {
      "astro:config:setup": ({ command, config }) => {
        // Only for builds: the dev server loads on each request, as the files are then.
        if (command !== "build") return;
        const load = startBuildLoad(fileURLToPath(config.root), fileURLToPath(config.cacheDir));
        loadFinished = load.finished;
        void load.outcome.then((outcome) => {
          if ("problems" in outcome) problemsFound = outcome.problems;
          // Told at once, before a loader waiting on the load throws it as its own failure.
          if ("report" in outcome && outcome.report !== undefined) {
            console.error(outcome.report);
            process.exit(1);
          }
        });
      },
      // Not waited for: a load still under way goes on beside the bundling, and its problems,
      // if any, are reported by the loader, in the same words.
      "astro:build:start": () => {
        if (problemsFound === undefined) return;
        // Printed and ended here rather than thrown: Astro would put the report under a line
        // calling it an unhandled error of this integration. Writes to a pipe, a file or a
        // terminal are synchronous on Linux and macOS, so the report is out before the exit.
        console.error(new ContentError(problemsFound).message);
        process.exit(1);
      },
      // The loading thread writes the entry cache after handing over the questions; Astro
      // exits the process when the build is done, which would cut that short.
      "astro:build:done": async () => {
        await loadFinished;
      },
    },
  };
}
