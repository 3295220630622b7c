import { after, before, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFloor, writeFloorProject } from "../../scripts/bench/astro-floor.ts";

let folder: string;
before(() => (folder = mkdtempSync(join(tmpdir(), "qa-astro-floor-"))));
after(() => rmSync(folder, { recursive: true, force: true }));

it("builds a bare Astro project of as many trivial pages as asked, cold each time", () => {
  const project = join(folder, "floor");
  writeFloorProject(project, 3);
  for (const run of [1, 2]) {
    const timing = buildFloor(project, 120);
    assert.equal(timing.exitCode, 0, `run ${run}: ${timing.output.slice(-2000)}`);
    assert.ok(timing.wallSeconds > 0 && timing.peakKib > 0);
  }
  const pages = ["index.html", "2/index.html", "3/index.html"].map((page) =>
    readFileSync(join(project, "dist", page), "utf8"),
  );
  assert.deepEqual(
    pages.map((html) => /<h1>(.*?)<\/h1>/.exec(html)?.[1]),
    ["Page 1", "Page 2", "Page 3"],
  );
  assert.equal(existsSync(join(project, "dist", "4")), false);
  // Its cache in its own folder, not in node_modules/.astro: that is this project's, linked.
  assert.equal(existsSync(join(project, ".astro-cache")), true);
});
