import { it } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { htmlToText } from "../../src/lib/html-text.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { nuErrors } from "../helpers/nu-checker.ts";

/*
 * People as a reader meets them: a credit leads to its author's page, which shows their
 * profile and exactly what they wrote, paged; users/ lists everyone by reputation; every page
 * is valid HTML; and editing one person's file writes their page and the pages that show
 * what changed, and nothing else.
 */
const fixture = join(projectRoot, "tests/fixtures/users/content");

/** The visible text of each element of `html` whose opening tag holds `marker`. */
function textsOf(html: string, marker: string, closing: string): string[] {
  return html
    .split(marker)
    .slice(1)
    .map((part) => htmlToText(part.slice(part.indexOf(">") + 1, part.indexOf(closing))).trim());
}

/** Every page of a built folder and when it was written. */
function writtenAt(outDir: string): Map<string, number> {
  return new Map(
    readdirSync(outDir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".html"))
      .map((file) => [file, statSync(join(outDir, file)).mtimeMs]),
  );
}

/** The pages written again between two builds, sorted. */
function rewritten(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after]
    .filter(([file, mtime]) => before.get(file) !== mtime)
    .map(([file]) => file)
    .sort();
}

it("links every credit to its person's page, which lists what they wrote, and users/", async () => {
  const work = mkdtempSync(join(tmpdir(), "qa-users-"));
  try {
    const outDir = join(work, "dist");
    const build = await buildSite(fixture, outDir, "npm run build", {
      QA_CACHE_DIR: join(work, "cache"),
    });
    assert.equal(build.exitCode, 0, build.output);
    const read = (path: string) => readFileSync(join(outDir, path), "utf8");

    // Credits: the asker, the editor, the answerer and each commenter lead to their page; a
    // name with no page stays a name.
    const one = read("questions/1/index.html");
    assert.match(one, /<a class="author" href="\.\.\/\.\.\/users\/7\/index\.html">Ada<\/a>/);
    assert.match(one, /<a class="author" href="\.\.\/\.\.\/users\/8\/index\.html">Bob<\/a>/);
    assert.match(one, /– <a href="\.\.\/\.\.\/users\/8\/index\.html">Bob<\/a> <time/);
    assert.match(one, /– Gone <time/);
    assert.match(
      read("questions/2/index.html"),
      /Edited <time[^>]*>[^<]*<\/time> by <a class="author" href="\.\.\/\.\.\/users\/8\/index\.html">Bob<\/a>/,
    );
    assert.match(read("questions/3/index.html"), /<span class="author">Someone Deleted<\/span>/);
    assert.match(read("index.html"), /<a href="users\/index\.html">Users<\/a>/, "the navigation");

    // Ada's page: her profile, badges by class, her answers' tags, and her posts by score.
    const ada = read("users/7/index.html");
    assert.deepEqual(textsOf(ada, "<dd", "</dd>"), [
      "1,500",
      "2019-01-01 00:00 UTC",
      "2024-03-04 08:00 UTC",
      "Ghent, Belgium",
      "https://ada.example.org",
      "42",
    ]);
    assert.match(ada, /<a href="\.\.\/\.\.\/questions\/2\/index\.html">dry hopping<\/a>/);
    assert.deepEqual(textsOf(ada, 'class="badge-count badge', "</span>"), [
      "1 gold",
      "1 silver",
      "2 bronze",
      "1 of unknown class",
    ]);
    assert.deepEqual(textsOf(ada, '<li class="badge ', "</li>"), [
      "gold: Famous Question",
      "silver: Yearling",
      "bronze: Nice Question × 2",
      "Badge of unknown class: Old Name",
    ]);
    assert.deepEqual(textsOf(ada, '<h2 id="user-', "</h2>"), [
      "About me",
      "Badges",
      "Top tags",
      "2 questions",
      "1 answer",
    ]);
    assert.deepEqual(textsOf(ada, '<li><span class="score"', "</li>"), [
      "Score 9 How long to dry hop? 2024-02-01 10:00 UTC",
      "Score 4 Which yeast for a lager? 2024-01-01 10:00 UTC",
      "Score 1 Is a starter needed? 2024-03-03 10:00 UTC",
    ]);
    assert.match(ada, /href="\.\.\/\.\.\/questions\/3\/index\.html#answer-a4"/);
    assert.match(ada, /<a href="https:\/\/brew\.example\.org\/users\/7"[^>]*>Original profile/);

    // Bob's three answers, two a page; his second page names him and goes on.
    const bob = read("users/8/index.html");
    assert.deepEqual(textsOf(bob, '<li><span class="score"', "</li>").length, 2);
    assert.match(bob, /<h2 id="user-answers">3 answers<\/h2>/);
    assert.match(bob, /No questions in the archive\./);
    const bob2 = read("users/8/page/2/index.html");
    assert.match(bob2, /<h1>Bob<\/h1>/);
    assert.doesNotMatch(bob2, /Reputation/, "the profile is on the first page only");
    assert.deepEqual(textsOf(bob2, '<li><span class="score"', "</li>"), [
      "Score 2 How long to dry hop? 2024-02-03 10:00 UTC",
    ]);
    assert.match(read("users/9/index.html"), /No answers in the archive\./);

    // users/: by reputation, two a page.
    assert.deepEqual(textsOf(read("users/index.html"), 'class="user-name"', "</a>"), [
      "Bob",
      "Ada",
    ]);
    assert.deepEqual(textsOf(read("users/page/2/index.html"), 'class="user-name"', "</a>"), ["Cy"]);

    const pages = [...writtenAt(outDir).keys()].map((page) => join(outDir, page));
    assert.deepEqual(nuErrors(pages), []);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

it("rewrites, for an edit to a person's file, their page and the pages that show the change", async () => {
  const work = mkdtempSync(join(tmpdir(), "qa-users-edit-"));
  try {
    const content = join(work, "content");
    cpSync(fixture, content, { recursive: true });
    const outDir = join(work, "dist");
    const build = async () => {
      const result = await buildSite(content, outDir, "npm run build", {
        QA_CACHE_DIR: join(work, "cache"),
      });
      assert.equal(result.exitCode, 0, result.output);
      return writtenAt(outDir);
    };
    const edit = (from: string, to: string) => {
      const path = join(content, "users/7.md");
      const text = readFileSync(path, "utf8");
      assert.ok(text.includes(from), from);
      writeFileSync(path, text.replace(from, to));
    };
    // The pages every build writes, having no list of paths to leave out.
    const always = ["404.html", "tags/index.html"];
    const first = await build();
    assert.deepEqual(rewritten(first, await build()), always);

    // "About me" shows on her page alone.
    let before = await build();
    edit("Home brewer since 2010.", "Home brewer since 2011.");
    let after = await build();
    assert.deepEqual(rewritten(before, after), [...always, "users/7/index.html"].sort());

    // Her location shows on users/ too.
    before = after;
    edit("Ghent, Belgium", "Bruges, Belgium");
    after = await build();
    assert.deepEqual(
      rewritten(before, after),
      [...always, "users/7/index.html", "users/index.html"].sort(),
    );
    assert.match(readFileSync(join(outDir, "users/index.html"), "utf8"), /Bruges, Belgium/);

    // Her reputation moves her to the top of users/: its first page changes, not its second.
    before = after;
    edit("reputation: 1500", "reputation: 5000");
    after = await build();
    assert.deepEqual(
      rewritten(before, after),
      [...always, "users/7/index.html", "users/index.html"].sort(),
    );
    const index = readFileSync(join(outDir, "users/index.html"), "utf8");
    assert.deepEqual(textsOf(index, 'class="user-name"', "</a>"), ["Ada", "Bob"]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
