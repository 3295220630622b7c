import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { nuErrors } from "../helpers/nu-checker.ts";

/**
 * Every page built from a real dump passes the Nu HTML Checker, as the pages of the test
 * communities do (tests/e2e/built-files.spec.ts). Beer is the smallest of the five real dumps
 * with a body the sanitizer once let through as invalid HTML (answer 6322's `<ol>` of text);
 * the other four are checked by hand (scripts/bench.md, "Lists").
 */
const dumpsDir = join(projectRoot, "../shared/data/stackexchange");
const site = "beer.stackexchange.com";
const withDump = existsSync(join(dumpsDir, site))
  ? {}
  : { skip: `the real dumps are not at ${dumpsDir} (shared/ beside the repository)` };
const outputDir = join(projectRoot, "tests/.output/import/nu");

describe("the Nu HTML Checker on a real import", withDump, () => {
  it(`${site}: no error on any page`, async () => {
    const content = join(outputDir, "content");
    const dist = join(outputDir, "dist");
    rmSync(outputDir, { recursive: true, force: true });
    const imported = spawnSync(
      process.execPath,
      [join(projectRoot, "scripts/import.ts"), join(dumpsDir, site), "--out", content],
      { cwd: projectRoot, encoding: "utf8" },
    );
    assert.equal(imported.status, 0, imported.stderr);
    const build = await buildSite(content, dist);
    assert.equal(build.exitCode, 0, build.output);

    const pages = readdirSync(dist, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".html"))
      .map((file) => join(dist, file));
    assert.ok(pages.length > 591, "a page per question, and more");
    assert.deepEqual(
      nuErrors(pages, (path) => relative(dist, path)),
      [],
    );
  });
});
