// @ts-check
// The project's own Astro configuration, with the content data store (Astro's `cacheDir`) moved
// to QA_BENCH_CACHE_DIR. The bench deletes that folder for a cold build; with its own folder it
// neither wipes the cache of other builds in this checkout nor sees their content in a warm one.
import projectConfig from "../../astro.config.mjs";

const cacheDir = process.env["QA_BENCH_CACHE_DIR"];

export default cacheDir === undefined ? projectConfig : { ...projectConfig, cacheDir };
