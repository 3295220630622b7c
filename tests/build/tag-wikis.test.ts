import { it } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { htmlToText } from "../../src/lib/html-text.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { nuErrors } from "../helpers/nu-checker.ts";

/*
 * Tag wikis as a reader meets them: the excerpt opens its tag's page and sits under its name
 * on tags/, a wiki with a body has its page at tags/<folder>/info/ (`.net`'s at _net/), a
 * hostile wiki is made as harmless as a hostile body, an edit to a wiki shows after a rebuild,
 * and a wiki of a tag no question carries fails the build, named.
 */
const fixture = join(projectRoot, "tests/fixtures/tag-wikis/content");

/** The text of the first element with `marker` in its opening tag, tags stripped. */
function textOf(html: string, marker: string): string | undefined {
  const start = html.indexOf(marker);
  if (start === -1) return undefined;
  const from = html.indexOf(">", start) + 1;
  const end = html.indexOf("</p>", from);
  return htmlToText(html.slice(from, end)).trim();
}

it("shows each tag's wiki on its page, on tags/ and at info/, valid and harmless", async () => {
  const work = mkdtempSync(join(tmpdir(), "qa-tag-wikis-"));
  try {
    const content = join(work, "content");
    cpSync(fixture, content, { recursive: true });
    const outDir = join(work, "dist");
    const env = { QA_CACHE_DIR: join(work, "cache") };
    const build = await buildSite(content, outDir, "npm run build", env);
    assert.equal(build.exitCode, 0, build.output);
    const read = (path: string) => readFileSync(join(outDir, path), "utf8");

    const net = read("tags/_net/index.html");
    assert.equal(
      textOf(net, 'class="tag-wiki-excerpt"'),
      "Microsoft's .NET, for brewers who code. About this tag",
    );
    assert.match(net, /<a class="tag-wiki-link" href="\.\.\/\.\.\/tags\/_net\/info\/index\.html">/);
    // An excerpt alone: no wiki page, and no link to one.
    const brewing = read("tags/brewing/index.html");
    assert.equal(
      textOf(brewing, 'class="tag-wiki-excerpt"'),
      "Making beer at home: malt, hops & yeast.",
    );
    assert.ok(!brewing.includes("About this tag"));
    assert.ok(!existsSync(join(outDir, "tags/brewing/info")));

    const index = read("tags/index.html");
    assert.equal(textOf(index, 'class="tag-excerpt"'), "Making beer at home: malt, hops & yeast.");
    assert.equal(index.split('class="tag-excerpt"').length - 1, 3, "three excerpts");

    const info = read("tags/_net/info/index.html");
    assert.match(
      info,
      /<h1>About the tag <a class="tag" href="\.\.\/\.\.\/\.\.\/tags\/_net\/index\.html">\.net<\/a><\/h1>/,
    );
    assert.match(info, /<h2>Using \.NET<\/h2>/, "the wiki's headings sit under the page's h1");
    // Links to the community's site lead into the archive, relative, for file://.
    assert.match(info, /<a href="\.\.\/\.\.\/\.\.\/questions\/1\/index\.html">which yeast<\/a>/);
    assert.match(info, /<a href="\.\.\/\.\.\/\.\.\/tags\/brewing\/index\.html">brewing<\/a>/);
    assert.match(info, /<time datetime="2024-02-03T10:00:00Z">2024-02-03 10:00 UTC<\/time>/);
    assert.match(info, /href="https:\/\/beer\.example\.org\/tags\/\.net\/info"/);
    assert.match(info, /Questions and wikis from beer\.example\.org/, "the attribution");

    const hostile = read("tags/hostile/info/index.html");
    const body = hostile.slice(hostile.indexOf("<main"), hostile.indexOf("</main>"));
    assert.doesNotMatch(body, /<script|<iframe|javascript:|onerror|onclick|style=/i);
    assert.doesNotMatch(body, /<img[^>]*evil\.example/, "no remote image is loaded");
    assert.match(body, /&lt;script&gt;alert\(&#39;excerpt&#39;\)&lt;\/script&gt; is only text/);
    assert.doesNotMatch(read("tags/index.html"), /<script>alert/);

    // The home listing and the question pages are as they were: the wikis add nothing there.
    const without = join(work, "without");
    cpSync(fixture, without, { recursive: true });
    rmSync(join(without, "tags"), { recursive: true });
    const plain = await buildSite(without, join(work, "plain"), "npm run build", {
      QA_CACHE_DIR: join(work, "plain-cache"),
    });
    assert.equal(plain.exitCode, 0, plain.output);
    for (const page of ["index.html", "questions/1/index.html"]) {
      assert.equal(readFileSync(join(work, "plain", page), "utf8"), read(page), page);
    }
    assert.ok(!readFileSync(join(work, "plain/tags/index.html"), "utf8").includes("excerpt"));

    const pages = ["tags/index.html", "tags/_net/index.html", "tags/_net/info/index.html"];
    pages.push("tags/hostile/info/index.html", "tags/brewing/index.html");
    assert.deepEqual(nuErrors(pages.map((page) => join(outDir, page))), []);

    // An edit to a wiki shows after a rebuild: its pages are written again.
    writeFileSync(
      join(content, "tags/_net.md"),
      '---\nexcerpt: "Edited excerpt."\n---\nEdited body.\n',
    );
    const rebuild = await buildSite(content, outDir, "npm run build", env);
    assert.equal(rebuild.exitCode, 0, rebuild.output);
    assert.equal(
      textOf(read("tags/_net/index.html"), 'class="tag-wiki-excerpt"'),
      "Edited excerpt. About this tag",
    );
    assert.match(read("tags/_net/info/index.html"), /<p>Edited body\.<\/p>/);
    assert.match(read("tags/index.html"), /<p class="tag-excerpt">Edited excerpt\.<\/p>/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

it("fails the build for a wiki of a tag no question carries, and a bad name, in one run", async () => {
  const work = mkdtempSync(join(tmpdir(), "qa-tag-wikis-bad-"));
  try {
    const content = join(work, "content");
    cpSync(fixture, content, { recursive: true });
    writeFileSync(join(content, "tags/lager.md"), '---\nexcerpt: "Lager."\n---\n');
    writeFileSync(join(content, "tags/IPA.md"), '---\nexcerpt: "IPA."\n---\n');
    const build = await buildSite(content, join(work, "dist"), "npm run build", {
      QA_CACHE_DIR: join(work, "cache"),
    });
    assert.notEqual(build.exitCode, 0);
    assert.match(
      build.output,
      /tags\/IPA\.md\n\s+- "IPA" names no tag;[^\n]*rename it, such as tags\/ipa\.md/,
    );
    assert.match(
      build.output,
      /tags\/lager\.md\n\s+- is the wiki of the tag lager, which no question carries[^\n]*tag a question lager, or remove tags\/lager\.md/,
    );
    assert.ok(!existsSync(join(work, "dist", "index.html")), "nothing is built");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
