import { it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { assertSameFiles, filesUnder } from "../helpers/files-under.ts";

it("two builds of the example content, by `astro build` and `npm run build`, produce byte-identical output", async () => {
  const outputs = [
    join(projectRoot, "tests/.output/twice-1"),
    join(projectRoot, "tests/.output/twice-2"),
  ];
  for (const [outDir, command] of [
    [outputs[0], "astro build"],
    [outputs[1], "npm run build"],
  ] as const) {
    assert.ok(outDir);
    rmSync(outDir, { recursive: true, force: true });
    const build = await buildSite("content", outDir, command);
    assert.equal(build.exitCode, 0, build.output);
    // npm run build's head start is kept: the build script found the folders Astro uses.
    assert.doesNotMatch(build.output, /loading again/);
    // Too few pages to be worth starting threads for: Astro's main thread renders them all.
    assert.doesNotMatch(build.output, /\[render-threads\]/);
  }
  const [first, second] = outputs.map(filesUnder);
  assert.ok(first && second);
  assert.ok(first.size > 0, "the build wrote files");
  assertSameFiles(second, first, "differs between builds");
});
