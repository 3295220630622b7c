import { it } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { listingLines } from "../../scripts/common/listing-lines.ts";
import { reportedProblems } from "../helpers/problem-report.ts";

/**
 * Rebuilds reuse what the last build read from unchanged files (the entry cache, src/speed/).
 * These are the edits where reuse could go stale: another file changes what an entry shows.
 */
it("a rebuild shows every edit, including those that change other questions' entries", async () => {
  const work = "tests/.output/rebuild";
  const contentDir = `${work}/content`;
  const outDir = join(projectRoot, work, "dist");
  rmSync(join(projectRoot, work), { recursive: true, force: true });
  cpSync(join(projectRoot, "tests/fixtures/basic/content"), join(projectRoot, contentDir), {
    recursive: true,
  });
  const build = async () => {
    const result = await buildSite(contentDir, outDir);
    assert.equal(result.exitCode, 0, result.output);
    return listingLines(readFileSync(join(outDir, "index.html"), "utf8"));
  };
  const edit = (file: string, from: string, to: string) => {
    const path = join(projectRoot, contentDir, "questions", file);
    const text = readFileSync(path, "utf8");
    assert.ok(text.includes(from), `${file} holds ${from}`);
    writeFileSync(path, text.replace(from, to));
  };

  const first = await build();
  assert.deepEqual(await build(), first, "an unchanged rebuild shows the same listing");

  // The original's new title and answer count must reach the duplicate's notice, though the
  // duplicate's own file did not change.
  edit("alpha.md", "title: How do I read a file line by line?", "title: Read lines");
  edit("alpha.md", "answers: 1", "answers: 2");
  const second = await build();
  assert.equal(second[3], "This question already has an answer here: Read lines (2...");
  assert.equal(second[4], "Read lines");

  // A body edit shows in that question's excerpt.
  edit("gamma.md", "Because titles", "Since titles");
  assert.equal((await build())[9], "Since titles are plain text & never markup.");

  // Deleting the original leaves a dangling duplicateOf in a file that did not change.
  rmSync(join(projectRoot, contentDir, "questions/alpha.md"));
  const broken = await buildSite(contentDir, outDir);
  assert.notEqual(broken.exitCode, 0);
  assert.deepEqual(reportedProblems(broken.output, contentDir), ["questions/beta.md: duplicateOf"]);
});
