import { it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { listingLines } from "../../scripts/common/listing-lines.ts";
import { generateCorpus } from "../../scripts/bench/gen-corpus.ts";

/**
 * A generated community of a few thousand questions, large enough that the loader shares the
 * files out among worker threads, keeps the contract of the small fixtures: every question
 * once, newest first, equal instants by id.
 */
it("a generated community of 4,000 questions lists every question, in order", async () => {
  const count = 4_000;
  const contentDir = "tests/.output/large/content";
  const outDir = join(projectRoot, "tests/.output/large/dist");
  generateCorpus({ count, out: join(projectRoot, contentDir), seed: 7 });
  rmSync(outDir, { recursive: true, force: true });
  const build = await buildSite(contentDir, outDir);
  assert.equal(build.exitCode, 0, build.output);
  // Its packed batches grow past their first size, which once printed Node's DEP0005.
  assert.doesNotMatch(build.output, /DeprecationWarning/);
  // Enough pages that, unasked, the build renders them on a thread per core.
  assert.match(build.output, /\[render-threads\] \d+ pages rendered and written on \d+ threads/);

  // The expected order, read from the files with the yaml package and Date.parse alone.
  const questionsDir = join(projectRoot, contentDir, "questions");
  const expected = readdirSync(questionsDir)
    .map((name) => {
      const text = readFileSync(join(questionsDir, name), "utf8");
      const data = parse(text.split("\n---\n")[0]?.replace(/^---\n/, "") ?? "") as {
        title: string;
        asked: string;
        state?: string;
      };
      const marker = data.state === "open" || data.state === undefined ? "" : ` [${data.state}]`;
      return { id: name.slice(0, -3), line: data.title + marker, time: Date.parse(data.asked) };
    })
    .sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : 1));

  const lines = listingLines(readFileSync(join(outDir, "index.html"), "utf8"));
  const titles = lines.filter((_, index) => index % 3 === 1);
  assert.equal(titles.length, count);
  assert.deepEqual(
    titles,
    expected.map((question) => question.line),
  );
});

it("a listing of 501 pages writes every page, 404 and 500 included", async () => {
  const contentDir = "tests/.output/pages-501/content";
  const outDir = join(projectRoot, "tests/.output/pages-501/dist");
  generateCorpus({ count: 501, out: join(projectRoot, contentDir), seed: 3 });
  writeFileSync(join(projectRoot, contentDir, "community.yaml"), "name: Many pages\npageSize: 1\n");
  rmSync(outDir, { recursive: true, force: true });
  const build = await buildSite(contentDir, outDir);
  assert.equal(build.exitCode, 0, build.output);

  // The listing's pages: index.html and page/<n>/index.html (not the question or tag pages).
  const pages = readdirSync(outDir, { recursive: true })
    .map(String)
    .filter((path) => path === "index.html" || /^page\/\d+\/index\.html$/.test(path));
  assert.equal(pages.length, 501);
  assert.equal(readdirSync(join(outDir, "questions")).length, 501, "a page per question");
  for (const number of [404, 500]) {
    const html = readFileSync(join(outDir, `page/${number}/index.html`), "utf8");
    assert.equal(listingLines(html).length, 4, `page ${number}: the heading and one question`);
  }
  // Astro writes its error pages as 404.html and 500.html: only our own 404 page may be there.
  assert.deepEqual(
    readdirSync(outDir).filter((name) => /^\d+\.html$/.test(name)),
    ["404.html"],
  );
});
