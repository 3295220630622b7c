import { it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cacheWriteReport } from "../../src/machinery/loading/cache-write-report.ts";
import { loadContent } from "../../src/machinery/loading/load-content.ts";
import { projectRoot } from "../../src/project-paths.ts";

/*
 * A full cache disk stopped the build with "Unexpected error loading collection images:
 * ENOSPC", a stack into the load, and no word of the cache folder or of a fix.
 */

it("tells a cache write that failed from any other failure, naming the folder and the fix", () => {
  const full = Object.assign(new Error("ENOSPC: no space left on device, write"), {
    code: "ENOSPC",
  });
  assert.match(
    cacheWriteReport(full, "/cache") ?? "",
    /^The build's cache folder \/cache .*could not be written: no space is left on its disk \(ENOSPC\)\. .*Free space there, or set QA_CACHE_DIR to a folder on a disk with room/,
  );
  const denied = (path: string) => Object.assign(new Error("EACCES"), { code: "EACCES", path });
  assert.ok(cacheWriteReport(denied("/cache/texts/a.html"), "/cache"));
  assert.equal(cacheWriteReport(denied("/content/questions/a.md"), "/cache"), undefined);
  assert.equal(cacheWriteReport(new Error("other"), "/cache"), undefined);
});

it("ends a load whose cache disk is full with that report, not a failure of its own", async (t) => {
  const work = mkdtempSync(join(tmpdir(), "qa-cache-full-"));
  const cache = join(work, "cache");
  mkdirSync(cache);
  const mount = spawnSync("mount", ["-t", "tmpfs", "-o", "size=4k", "tmpfs", cache]);
  try {
    if (mount.status !== 0) return t.skip("cannot mount a small file system here");
    const content = join(work, "content");
    cpSync(join(projectRoot, "tests/fixtures/answers/content"), content, { recursive: true });
    const { outcome } = await loadContent(content, { cacheDirectory: cache, displayFrom: content });
    assert.ok("report" in outcome, JSON.stringify(outcome));
    assert.match(outcome.report ?? "", /could not be written: no space is left on its disk/);
  } finally {
    if (mount.status === 0) spawnSync("umount", ["-l", cache]);
    rmSync(work, { recursive: true, force: true });
  }
});
