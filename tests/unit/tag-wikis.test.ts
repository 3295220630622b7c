import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assembleContent } from "../../src/core/content.ts";
import { questionFiles } from "../../src/core/question-file.ts";
import { readTagWikis } from "../../src/machinery/loading/tag-wikis.ts";
import { communityWith, readFolder } from "../helpers/content-in-memory.ts";
import { inTempFolder } from "../helpers/temp-folder.ts";

/*
 * The content's tags/ as a user writes it: each file's problems named with its field, reason
 * and fix, all in one run after the questions' own, and the wikis that read well settled as
 * their pages show them.
 */

const community = communityWith({ origin: "https://example.org" });

const questions = {
  "1": "---\ntitle: Brewing at home\ntags: [brewing, hops]\nasked: 2024-01-01\n---\nHow?\n",
  // Its title is bad, but its tags read: a wiki of one of them is not reported as unused.
  "2": "---\ntitle: 7\ntags: [yeast]\nasked: 2024-01-02\n---\nWhy?\n",
};

/** `files` written to a content folder's tags/, read and assembled with `questions`. */
function assembled(
  files: Record<string, string>,
  withQuestions: Record<string, string> = questions,
) {
  return inTempFolder("tag-wikis-", (folder) => {
    mkdirSync(join(folder, "tags"));
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(folder, "tags", name), text);
    }
    const tagWikis = readTagWikis(folder, community, folder);
    return assembleContent(
      { community, problems: [], tagWikis },
      readFolder(questionFiles, withQuestions, community),
    );
  });
}

describe("tag wikis", () => {
  it("reports every bad file of tags/ after the questions' problems, each with its fix", () => {
    const read = assembled({
      "Hops.md": '---\nexcerpt: "Hops."\n---\n',
      ".net.md": '---\nexcerpt: "Dot net."\n---\n',
      "notes.txt": "notes",
      "brewing.md": '---\nexcerp: "Brewing."\nedited: yesterday\n---\nBody\n',
      "hops.md": "---\n---\n\n",
      "yeast.md": '---\nexcerpt: "Yeast."\n---\n',
      "lager.md": '---\nexcerpt: "Lager."\n---\nA wiki.\n',
    });
    assert.ok("problems" in read);
    assert.deepEqual(
      read.problems.map(({ file, field, reason }) => [file, field, reason.split(";")[0]]),
      [
        ["questions/2.md", "title", "must be one line of text, but YAML read the number 7"],
        ["tags/.net.md", undefined, '".net" names no tag'],
        ["tags/Hops.md", undefined, '"Hops" names no tag'],
        ["tags/brewing.md", "edited", '"yesterday" is not an ISO 8601 date or date-time'],
        ["tags/brewing.md", "excerp", "is not a field of a tag wiki"],
        [
          "tags/hops.md",
          "excerpt",
          "is missing, and the file has no body: the wiki of hops says nothing",
        ],
        ["tags/notes.txt", undefined, "is not a tag wiki"],
        [
          "tags/lager.md",
          undefined,
          "is the wiki of the tag lager, which no question carries, so the site has no page for it",
        ],
      ],
    );
    const fixes = Object.fromEntries(read.problems.map(({ file, reason }) => [file, reason]));
    assert.match(fixes["tags/.net.md"] ?? "", /rename it, such as tags\/_net\.md/);
    assert.match(fixes["tags/Hops.md"] ?? "", /rename it, such as tags\/hops\.md/);
    assert.match(fixes["tags/lager.md"] ?? "", /tag a question lager, or remove tags\/lager\.md/);
  });

  it("settles a wiki's links and images as a body's, its code coloured, sorted by tag", () => {
    const read = assembled(
      {
        "hops.md": '---\nexcerpt: "Hops."\nedited: 2024-02-03\n---\n',
        "brewing.md": [
          "---",
          'excerpt: "Making beer."',
          "license: CC BY-SA 4.0",
          "---",
          "See [the question](https://example.org/questions/1) and [hops](https://example.org/questions/tagged/hops).",
          "",
          '<script>alert(1)</script><a href="javascript:alert(1)">run</a>',
          "",
        ].join("\n"),
      },
      { "1": questions["1"] },
    );
    assert.ok("content" in read, JSON.stringify("problems" in read && read.problems));
    const [brewing, hops] = read.content.tagWikis;
    assert.deepEqual(hops, {
      tag: "hops",
      excerpt: "Hops.",
      bodyHtml: "",
      edited: { datetime: "2024-02-03T00:00:00Z", text: "2024-02-03 00:00 UTC" },
    });
    assert.equal(brewing?.tag, "brewing");
    assert.equal(brewing?.license, "CC BY-SA 4.0");
    const html = brewing?.bodyHtml ?? "";
    assert.match(html, /<a href="\.\.\/\.\.\/\.\.\/questions\/1\/index\.html">the question<\/a>/);
    assert.match(html, /<a href="\.\.\/\.\.\/\.\.\/tags\/hops\/index\.html">hops<\/a>/);
    assert.doesNotMatch(html, /script|javascript:|alert/);
  });

  it("leaves content without tags/ as it was: no wikis, no problems", () => {
    const read = assembleContent(
      { community, problems: [] },
      readFolder(questionFiles, { "1": questions["1"] }, community),
    );
    assert.ok("content" in read);
    assert.deepEqual(read.content.tagWikis, []);
  });
});
