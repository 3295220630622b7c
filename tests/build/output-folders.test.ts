import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { linkPackagesIfOutside } from "../../src/integrations/output-outside-project.ts";
import { projectRoot } from "../../src/project-paths.ts";

/*
 * Every output folder works, wherever it is. Astro tells a folder inside the project from one
 * outside by comparing paths as strings, so a folder beside the project whose name begins
 * with the project's (the project in `qa-archive`, the site in `qa-archive-site`) counted as
 * inside, and the build failed: "Cannot find package ... imported from <out>/.prerender/...".
 */
describe("an output folder beside the project", () => {
  it("builds the example into a sibling whose path begins with the project's", async () => {
    const outDir = `${projectRoot.replace(/\/$/, "")}-site-beside`;
    rmSync(outDir, { recursive: true, force: true });
    try {
      const build = await buildSite("content", outDir, "npm run build", {
        QA_CACHE_DIR: mkdtempSync(join(tmpdir(), "qa-")),
      });
      assert.equal(build.exitCode, 0, build.output);
      assert.ok(existsSync(join(outDir, "index.html")), "the listing was written");
      assert.ok(
        existsSync(join(outDir, "questions/best-nas-os/index.html")),
        "a question page too",
      );
      // The bundle's folder, and the link made in it, are gone once the build is done.
      assert.deepEqual(
        readdirSync(outDir).filter((name) => name.startsWith(".") || name === "node_modules"),
        [],
      );
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it("links the project's packages only into a bundle folder outside the project", () => {
    const work = mkdtempSync(join(tmpdir(), "qa-bundle-"));
    try {
      const project = join(work, "qa-archive");
      const inside = join(project, "dist/.prerender");
      const beside = join(`${project}-site`, ".prerender");
      for (const folder of [inside, beside]) mkdirSync(folder, { recursive: true });
      assert.equal(linkPackagesIfOutside(inside, project), false);
      assert.equal(existsSync(join(inside, "node_modules")), false);
      assert.equal(linkPackagesIfOutside(beside, project), true);
      assert.ok(lstatSync(join(beside, "node_modules")).isSymbolicLink());
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
