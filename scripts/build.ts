/**
 * `npm run build`: Astro's own `astro build`, every argument passed on to it, with the
 * questions' loading started first.
 *
 * Astro reads its configuration, and so starts the early-loading integration, only once it has
 * loaded its own code: more than half a second into a build, during which the second core has
 * nothing to do. Started here, the loading thread uses that time; the integration then finds
 * the load under way for the same folders and keeps it (src/machinery/loading/early-load.ts). On the 10k
 * bench corpus (2 cores) that took a cold build to 0.90x the wall time of `astro build`
 * (12 alternating runs).
 *
 * The folders are worked out as astro.config.mjs and the integration work them out
 * (`buildCacheDirectory`, `startBuildLoad`). When they cannot be known before Astro reads its
 * configuration (another --config or --root) nothing is started here, and the integration
 * starts the load as it does under a plain `astro build`, which builds the same site.
 */
// Only Node's own modules here, and the compile cache's: this process may start again at once
// (below), and what it loaded before is loaded twice. The project's modules come after, through
// the compile cache.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { enableProjectCompileCache } from "../src/machinery/threads/compile-cache.mjs";

/*
 * Rolldown (Vite's bundler), Astro's compiler and resvg are native modules that allocate with
 * mimalloc, which commits its 1 GiB arena up front and keeps what it has touched: Rolldown's
 * bundling left 150 MiB resident in it to the end of the example's cold build, over a third of
 * its peak (scripts/bench.md, "mimalloc's arena"). Committed as used and given back at once
 * when freed, the build peaks lower. mimalloc reads these as a native module loads it, so they
 * are set before anything loads one, here and in the process that starts again below; a value
 * the user set stays.
 */
process.env["MIMALLOC_ARENA_EAGER_COMMIT"] ??= "0";
process.env["MIMALLOC_PURGE_DELAY"] ??= "0";

/*
 * glibc's malloc gives each thread that allocates an arena of its own, up to eight per core,
 * and an arena keeps the memory it once held for its thread to use again. A build's threads
 * (Astro's, the loading thread, two reading and two rendering) each allocate file buffers,
 * messages and typed arrays: in a cold build of 300,000 questions malloc held 277 MiB at the
 * build's peak, 191 of it in the threads' arenas. With two arenas, 184 MiB, and the peak fell
 * from 1,077 to 1,001 MiB. glibc reads the setting only as a process starts (musl ignores it),
 * so on Linux the build starts again with it: `execve` keeps the process, its id and output.
 */
if (process.platform === "linux" && process.env["MALLOC_ARENA_MAX"] === undefined) {
  process.execve?.(
    process.execPath,
    [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      ...process.env,
      MALLOC_ARENA_MAX: "2",
    },
  );
}

enableProjectCompileCache();
const { startBuildLoad } = await import("../src/machinery/loading/early-load.ts");
const { buildCacheDirectory, projectFile, projectRoot } = await import("../src/project-paths.ts");

const astroArguments = process.argv.slice(2);

const { values: flags } = parseArgs({
  args: astroArguments,
  strict: false,
  options: {
    config: { type: "string" },
    root: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
// Astro's root is the folder the command runs in, as with `astro build`.
const buildsThisProject = join(process.cwd(), "/") === join(projectRoot, "/");
if (buildsThisProject && flags.config === undefined && flags.root === undefined && !flags.help) {
  startBuildLoad(projectRoot, buildCacheDirectory(projectRoot));
}

// Astro's command line, exactly as `astro build` runs it.
process.argv = [process.argv[0] ?? "node", "astro", "build", ...astroArguments];
await import(pathToFileURL(projectFile("node_modules/astro/bin/astro.mjs")).href);
