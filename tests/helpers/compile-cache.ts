import module from "node:module";
import { COMPILE_CACHE_FOLDER } from "../../src/machinery/threads/compile-cache.mjs";

/*
 * Node's compile cache for the whole test run: this process and every one it starts (the test
 * files, the builds and their threads, the import command) keep the code they compile, and the
 * TypeScript they strip, in one folder, so the fifty-odd builds and thirty imports of a run
 * compile Astro, Vite and our sources once. Loaded with `--import` by `npm run test:node` and
 * by playwright.config.ts. Astro and Vite turn it on for their own code only outside CI, since
 * a one-off build never reads it back; a test run reads it back at every build: the import
 * command and fixture tests took 0.73x the time with it (two pairs, 44 s against 61 s).
 */
process.env["NODE_COMPILE_CACHE"] ??= COMPILE_CACHE_FOLDER;
module.enableCompileCache(process.env["NODE_COMPILE_CACHE"]);
