import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { listingLines } from "../../scripts/common/listing-lines.ts";
import { reportedProblems } from "../helpers/problem-report.ts";

/**
 * Every folder in tests/fixtures/ is a small named content folder built by the real
 * `astro build`. A good one holds `expected.txt`, the listing's lines (or, for a listing split
 * into pages, `expected/<n>.txt` per page); a bad one holds `expected-problems.txt`, the exact
 * `file: field` list the failed build must report.
 */
const fixturesDir = join(projectRoot, "tests/fixtures");
const outputRoot = join(projectRoot, "tests/.output/build");

const fixtures = readdirSync(fixturesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function readLines(path: string): string[] {
  return readFileSync(path, "utf8").replace(/\n$/, "").split("\n");
}

// Two builds at a time: a small build keeps 1.4 cores busy, and two side by side took the
// fourteen from 34 s to 26 s. Each fixture is a content folder of its own, so no two builds
// share a cache folder (`buildCacheDirectory`) or an output folder.
describe("building the fixtures", { concurrency: 2 }, () => {
  for (const name of fixtures) {
    const contentDir = `tests/fixtures/${name}/content`;
    const outDir = join(outputRoot, name);
    const expectedText = join(fixturesDir, name, "expected.txt");
    const expectedProblems = join(fixturesDir, name, "expected-problems.txt");
    const expectedPages = join(fixturesDir, name, "expected");

    if (existsSync(expectedText)) {
      it(`${name}: builds a listing whose lines are expected.txt`, async () => {
        rmSync(outDir, { recursive: true, force: true });
        const build = await buildSite(contentDir, outDir);
        assert.equal(build.exitCode, 0, build.output);
        const html = readFileSync(join(outDir, "index.html"), "utf8");
        assert.deepEqual(listingLines(html), readLines(expectedText));
      });
    } else if (existsSync(expectedPages)) {
      it(`${name}: builds one page per expected/<n>.txt, each with those lines`, async () => {
        rmSync(outDir, { recursive: true, force: true });
        const build = await buildSite(contentDir, outDir);
        assert.equal(build.exitCode, 0, build.output);
        const pages = readdirSync(expectedPages).map((file) => Number(file.replace(".txt", "")));
        // The listing's pages: index.html and page/<n>/index.html (not the question or tag pages).
        const built = readdirSync(outDir, { recursive: true })
          .map(String)
          .filter((path) => path === "index.html" || /^page\/\d+\/index\.html$/.test(path));
        assert.equal(built.length, pages.length, `pages built: ${built.join(", ")}`);
        for (const page of pages) {
          const html = readFileSync(
            join(outDir, page === 1 ? "" : `page/${page}`, "index.html"),
            "utf8",
          );
          assert.deepEqual(listingLines(html), readLines(join(expectedPages, `${page}.txt`)));
        }
      });
    } else if (existsSync(expectedProblems)) {
      it(`${name}: fails and reports exactly the files and fields of expected-problems.txt`, async () => {
        rmSync(outDir, { recursive: true, force: true });
        const build = await buildSite(contentDir, outDir);
        assert.notEqual(build.exitCode, 0, "a build over bad content must exit non-zero");
        assert.deepEqual(reportedProblems(build.output, contentDir), readLines(expectedProblems));
        assert.equal(existsSync(join(outDir, "index.html")), false, "nothing may be built");
      });
    } else {
      it(`${name}: has expected.txt or expected-problems.txt`, () => {
        assert.fail(`tests/fixtures/${name} says neither what it builds nor what it reports`);
      });
    }
  }
});
