import { it } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";

/**
 * With `math: tex`, a formula the typesetter cannot read is shown as its source and named in
 * one warning line of its own, by every build (a rebuild takes the entry from the cache, and
 * must still say so); the build succeeds. The lines come from the loading thread, so they are
 * checked where a user reads them: whole lines of the build's output, not glued to Astro's.
 */
it("a formula left as TeX source gets one warning line per build, and fails nothing", async () => {
  const work = join(projectRoot, "tests/.output/math-warnings");
  const contentDir = join(work, "content");
  const outDir = join(work, "dist");
  rmSync(work, { recursive: true, force: true });
  cpSync(join(projectRoot, "tests/fixtures/basic/content"), contentDir, { recursive: true });
  writeFileSync(
    join(contentDir, "community.yaml"),
    `${readFileSync(join(contentDir, "community.yaml"), "utf8")}math: tex\n`,
  );
  mkdirSync(join(contentDir, "questions"), { recursive: true });
  writeFileSync(
    join(contentDir, "questions/delta.md"),
    [
      "---",
      "title: Which formulas typeset?",
      "tags: [math]",
      'asked: "2024-03-06T10:00:00Z"',
      "---",
      "A good one, $x^2$, and one that is not: $\\frac{1}{$ ends early.",
      "",
    ].join("\n"),
  );
  const expected = `[math] ${join("tests/.output/math-warnings/content/questions/delta.md")}: left as TeX source: "$\\\\frac{1}{$"`;

  for (const build of ["first", "cached"]) {
    const result = await buildSite(contentDir, outDir);
    assert.equal(result.exitCode, 0, result.output);
    // From stderr alone: in the interleaved output, under load, the warning was once glued to
    // the end of Astro's half-written "├─ /404.html" line on stdout.
    const lines = result.stderr.split("\n").filter((line) => line.includes("[math]"));
    assert.equal(lines.length, 1, `${build} build: one warning line\n${result.output}`);
    assert.ok(lines[0]?.startsWith(expected), `${build} build: ${lines[0]}`);
  }
  const page = readFileSync(join(outDir, "questions/delta/index.html"), "utf8");
  assert.match(page, /<math>.*<msup>.*<\/math>/s, "the good formula is MathML");
  assert.ok(page.includes("$\\frac{1}{$"), "the bad one is its source, as text");
});
