import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSite, type BuildCommand } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";

/**
 * A QA_CONTENT_DIR that names no folder (a typo, or a folder not made yet) is one problem, said
 * as such: not a missing community.yaml and a missing questions folder inside it.
 */
const work = "tests/.output/missing-content-folder";

describe("a build whose QA_CONTENT_DIR is not a folder", () => {
  for (const command of ["npm run build", "astro build"] as const satisfies BuildCommand[]) {
    it(`${command}: reports only that the folder does not exist, with the path as given and resolved`, async () => {
      const contentDir = `${work}/no-such-content`;
      const outDir = join(projectRoot, work, "dist");
      rmSync(join(projectRoot, work), { recursive: true, force: true });
      const build = await buildSite(contentDir, outDir, command);
      assert.notEqual(build.exitCode, 0, build.output);
      const resolved = join(projectRoot, contentDir);
      const report = [
        "The content has problems:",
        contentDir,
        `  - is not a folder that exists (QA_CONTENT_DIR=${contentDir}, that is ${resolved}); create it with community.yaml and questions/ in it, or correct QA_CONTENT_DIR`,
        "Found 1 problem in 1 file; nothing was built.",
      ];
      assert.ok(build.output.includes(report.join("\n")), build.output);
      assert.equal(existsSync(join(outDir, "index.html")), false, "nothing may be built");
    });
  }

  it("npm run build: reports a file named as the content folder as not a folder", async () => {
    const contentDir = `${work}/content.yaml`;
    rmSync(join(projectRoot, work), { recursive: true, force: true });
    mkdirSync(join(projectRoot, work), { recursive: true });
    writeFileSync(join(projectRoot, contentDir), "name: Mine\n");
    const build = await buildSite(contentDir, join(projectRoot, work, "dist"));
    assert.notEqual(build.exitCode, 0, build.output);
    const report = [
      "The content has problems:",
      contentDir,
      `  - is a file, not a folder (QA_CONTENT_DIR=${contentDir}, that is ${join(projectRoot, contentDir)}); set QA_CONTENT_DIR to the folder that holds community.yaml and questions/`,
      "Found 1 problem in 1 file; nothing was built.",
    ];
    assert.ok(build.output.includes(report.join("\n")), build.output);
  });
});
