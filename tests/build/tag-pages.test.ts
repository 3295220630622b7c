import { it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Parser } from "htmlparser2";
import { buildSite } from "../../scripts/common/build-site.ts";
import { listingLines } from "../../scripts/common/listing-lines.ts";
import { tagFolder } from "../../src/lib/tag-folder.ts";
import { projectRoot } from "../../src/project-paths.ts";

/*
 * Tag pages over a fixture of awkward tags (`.net`, `..a`, `a..b`, `1.0`, `net` beside `.net`,
 * and `con`, a name Windows keeps for a device), in pages of two: every tag's pages hold exactly the listing's questions that carry
 * it, in the listing's order, and nothing is written outside the output folder. The expected
 * lines come from the fixture's hand-written listing (expected/<n>.txt), not from the code.
 */
const fixture = join(projectRoot, "tests/fixtures/awkward-tags");
const pageSize = 2;

/** The listing's questions as [title, tags, excerpt] lines, from the hand-written pages. */
function listedQuestions(): string[][] {
  const questions: string[][] = [];
  for (const file of readdirSync(join(fixture, "expected")).sort()) {
    const lines = readFileSync(join(fixture, "expected", file), "utf8")
      .trimEnd()
      .split("\n");
    for (let index = 1; index < lines.length; index += 3)
      questions.push(lines.slice(index, index + 3));
  }
  return questions;
}

/** The text of every `a.tag` of a page with the text after it, as the tags index shows them. */
function tagIndexLines(html: string): string[] {
  const lines: string[] = [];
  let inItem = false;
  let line = "";
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "li" && attributes["class"] === undefined) {
        inItem = true;
        line = "";
      }
    },
    ontext(text) {
      if (inItem) line += text;
    },
    onclosetag(name) {
      if (name === "li" && inItem) {
        lines.push(line.trim());
        inItem = false;
      }
    },
  });
  parser.write(html.slice(html.indexOf("<main"), html.indexOf("</main>")));
  parser.end();
  return lines;
}

it("writes a page per tag, paged like the listing, in tags/ and nowhere else, with awkward tags", async () => {
  const work = mkdtempSync(join(tmpdir(), "qa-tag-pages-"));
  // A cache folder of its own: the fixture tests may be building the same folder meanwhile.
  const cache = mkdtempSync(join(tmpdir(), "qa-tag-pages-cache-"));
  try {
    const outDir = join(work, "dist");
    const build = await buildSite(join(fixture, "content"), outDir, "npm run build", {
      QA_CACHE_DIR: cache,
    });
    assert.equal(build.exitCode, 0, build.output);
    assert.deepEqual(readdirSync(work), ["dist"], "nothing is written beside the output folder");

    const questions = listedQuestions();
    const tags = [...new Set(questions.flatMap(([, tagLine]) => (tagLine ?? "").split(",")))];
    // One folder per tag, none hidden, none shared: `.` is written `_`, which no tag can hold,
    // and a name Windows keeps gets a `~`.
    assert.deepEqual(readdirSync(join(outDir, "tags")).sort(), [
      "1_0",
      "__a",
      "_net",
      "a__b",
      "con~",
      "gc",
      "index.html",
      "net",
    ]);

    for (const tag of tags) {
      const tagged = questions.filter(([, tagLine]) => (tagLine ?? "").split(",").includes(tag));
      const folder = join(outDir, "tags", tagFolder(tag));
      for (let page = 1; page <= Math.ceil(tagged.length / pageSize); page++) {
        const html = readFileSync(
          join(folder, page === 1 ? "" : `page/${page}`, "index.html"),
          "utf8",
        );
        assert.deepEqual(
          listingLines(html),
          [
            `Questions tagged ${tag}`,
            ...tagged.slice((page - 1) * pageSize, page * pageSize).flat(),
          ],
          `tag ${tag}, page ${page}`,
        );
      }
    }

    // The tags index: every tag with its number of questions, most used first, then by name.
    const counted = tags
      .map((tag) => ({
        tag,
        count: questions.filter(([, line]) => (line ?? "").split(",").includes(tag)).length,
      }))
      .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1));
    assert.deepEqual(
      tagIndexLines(readFileSync(join(outDir, "tags/index.html"), "utf8")),
      counted.map(({ tag, count }) => `${tag} × ${count}`),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
});
