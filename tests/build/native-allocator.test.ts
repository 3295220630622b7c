import { it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";

/**
 * `npm run build` has the native modules' allocator (mimalloc, in Rolldown, Astro's compiler
 * and resvg) commit memory as used and give back what is freed, for a lower peak
 * (scripts/build.ts); a setting the user gives keeps its value. mimalloc's verbose mode prints
 * the options it read, as each module loads it.
 */
it("the build's native modules allocate as the build sets, the user's settings first", async () => {
  const work = join(projectRoot, "tests/.output/native-allocator");
  rmSync(work, { recursive: true, force: true });
  const result = await buildSite(
    join(projectRoot, "tests/fixtures/basic/content"),
    join(work, "dist"),
    "npm run build",
    { MIMALLOC_VERBOSE: "1", MIMALLOC_PURGE_DELAY: "250", QA_CACHE_DIR: join(work, "cache") },
  );
  assert.equal(result.exitCode, 0, result.output);
  const options = (name: string) =>
    new Set(result.stderr.match(new RegExp(`option '${name}': \\S+`, "g")));
  assert.deepEqual(options("arena_eager_commit"), new Set(["option 'arena_eager_commit': 0"]));
  assert.deepEqual(options("purge_delay"), new Set(["option 'purge_delay': 250"]));
  rmSync(work, { recursive: true, force: true });
});
