import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { parseDocument } from "yaml";
import { readFlatYaml } from "../../src/lib/flat-yaml.ts";
import { splitFrontmatter } from "../../src/lib/frontmatter.ts";

/** What the full parser reads, with the options the loader uses. */
function fullYaml(text: string): unknown {
  const doc = parseDocument(text, { schema: "core", uniqueKeys: true });
  return doc.errors.length > 0 ? "an error" : doc.toJS();
}

/** `lines` read as `expected` by the fast reader, and as the full parser reads them. */
function assertReadsAsYaml(lines: string[], expected: Record<string, unknown>): void {
  const text = lines.join("\n");
  const fast = readFlatYaml(text);
  assert.deepEqual(fast, expected);
  assert.deepEqual(fast, fullYaml(text));
}

describe("readFlatYaml", () => {
  it("reads typical frontmatter exactly as the YAML core schema does", () => {
    assertReadsAsYaml(
      [
        'title: "\\"ModuleNotFoundError\\" in sockets-4 #62"',
        "tags: [sockets-4, docker-routing, .net, c99, 3d]",
        "asked: 2015-12-30T12:01:10Z",
        "state: duplicate",
        "duplicateOf: q000123",
        "answers: 12",
      ],
      {
        title: '"ModuleNotFoundError" in sockets-4 #62',
        tags: ["sockets-4", "docker-routing", ".net", "c99", "3d"],
        asked: "2015-12-30T12:01:10Z",
        state: "duplicate",
        duplicateOf: "q000123",
        answers: 12,
      },
    );
  });

  // Each line either takes the fast path with the same result as the full parser, or is left
  // to the full parser (undefined): never a different reading.
  const lines: ReadonlyArray<{ line: string; fast: boolean }> = [
    { line: 'title: Why doesn\'t my "proxy" [nginx] work?', fast: true },
    { line: "title: It's 50% done, a:b and c#d", fast: true },
    { line: "title: 'It''s quoted'", fast: true },
    { line: 'title: "Tab\\tand \\u00e9"', fast: true },
    { line: "title: Yes", fast: true },
    { line: "asked: 2024-03-05", fast: true },
    { line: "tags: []", fast: true },
    { line: "tags: ['a b', \"c\"]", fast: true },
    { line: "answers: 0", fast: true },
    { line: "score: -12", fast: true },
    { line: "accepted: true", fast: true },
    { line: "accepted: false", fast: true },
    { line: "accepted: True", fast: false },
    { line: "score: -0", fast: false },
    { line: "score: +1", fast: false },
    { line: "title: Null", fast: false },
    { line: "title: 1.10", fast: false },
    { line: "title: 0x1F", fast: false },
    { line: "title: .inf", fast: false },
    { line: "answers: 007", fast: false },
    { line: "title: a # comment", fast: false },
    { line: "title: ends with colon:", fast: false },
    { line: "title: key: value", fast: false },
    { line: "title: &anchor x", fast: false },
    { line: "title: *alias", fast: false },
    { line: "title: !tag x", fast: false },
    { line: "title: |", fast: false },
    { line: "title: - dash", fast: false },
    { line: 'title: "\\x41 escape JSON lacks"', fast: false },
    { line: 'title: "an "inner" quote"', fast: false },
    { line: "title: 'lone ' quote'", fast: false },
    { line: "tags: [a, 1.0]", fast: false },
    { line: "tags: [a, true]", fast: false },
    { line: "tags: [a:, b]", fast: false },
    { line: "tags: [a b, c]", fast: false },
    { line: 'tags: ["a,b", c]', fast: false },
    { line: "tags: [a, b,]", fast: false },
    { line: "tags: [a, [b]]", fast: false },
    { line: "tags:", fast: false },
    { line: "- a list", fast: false },
    { line: "  # an indented comment", fast: false },
  ];
  for (const { line, fast } of lines) {
    it(`${fast ? "reads" : "leaves to the full parser"}: ${line}`, () => {
      const result = readFlatYaml(line);
      if (fast) {
        assert.notEqual(result, undefined, "expected the fast path");
        assert.deepEqual(result, fullYaml(line));
      } else {
        assert.equal(result, undefined);
      }
    });
  }

  it("reads a block list of flat maps, a post's comments, as the full parser does", () => {
    for (const indent of ["", "  "]) {
      assertReadsAsYaml(
        [
          "title: Comments",
          "comments:",
          `${indent}- id: "1"`,
          `${indent}  text: "Which *version*? a: b # c"`,
          `${indent}  commented: 2024-01-02`,
          `${indent}  score: 3`,
          `${indent}- id: '2'`,
          `${indent}  text: plain words, and a colon:here`,
          "answers: 1",
        ],
        {
          title: "Comments",
          comments: [
            { id: "1", text: "Which *version*? a: b # c", commented: "2024-01-02", score: 3 },
            { id: "2", text: "plain words, and a colon:here" },
          ],
          answers: 1,
        },
      );
    }
  });

  it("reads a block list of one-line flow maps, a user's badges, as the full parser does", () => {
    assertReadsAsYaml(
      [
        "name: Priya",
        "badges:",
        "  - { name: Good Answer, class: silver }",
        '  - { name: "c#", class: bronze, tagBased: true, count: 12 }',
        "  - {name: 'It''s, quoted', count: -1}",
        "  - { name: Editor }",
        "views: 98",
      ],
      {
        name: "Priya",
        badges: [
          { name: "Good Answer", class: "silver" },
          { name: "c#", class: "bronze", tagBased: true, count: 12 },
          { name: "It's, quoted", count: -1 },
          { name: "Editor" },
        ],
        views: 98,
      },
    );
  });

  it("leaves any other flow map to the full parser", () => {
    for (const item of [
      "{}",
      "{ name: a, }",
      "{ name: a,, class: b }",
      "{ name: a, name: b }",
      "{ name: a # comment }",
      "{ name: a: b }",
      "{ name:a }",
      "{ name: [a] }",
      "{ name: { a: b } }",
      "{ name: 1.5 }",
      "{ name: True }",
      "{ name: null }",
      "{ name: &x a }",
      "{ name: 'lone ' quote' }",
      "{ name: a } trailing",
    ]) {
      const text = `badges:\n  - ${item}`;
      assert.equal(readFlatYaml(text), undefined, text);
    }
    for (const list of [
      "badges:\n  - { name: a }\n    class: b",
      "badges:\n  - { name: a }\n - { name: b }",
      "badges:\n  - name: a\n  - { name: b }\n    class: c",
    ]) {
      assert.equal(readFlatYaml(list), undefined, list);
    }
  });

  it("leaves any other block list to the full parser", () => {
    for (const list of [
      "comments:",
      "comments:\n  - plain item",
      "comments:\n  - id: 1\n   text: misaligned",
      "comments:\n  - id: 1\n\n  - id: 2",
      "comments:\n  - id: 1\n    tags: [a, b]",
      "comments:\n  - id: 1\n    id: 2",
      "comments:\n  - id: 1\n    nested:\n      - x",
      "comments:\n  - id: 1\ncomments:\n  - id: 2",
      // A comment line inside one: YAML reads on past it, where this reader would end the list.
      'comments:\n# first\n  - id: "1"',
      'comments:\n  - id: "1"\n# between\n  - id: "2"',
      'comments:\n  - id: "1"\n  # indented',
    ]) {
      assert.equal(readFlatYaml(list), undefined, list);
    }
  });

  it("skips comment lines at the margin, as the importer writes one atop every file", () => {
    assertReadsAsYaml(
      [
        '# From https://beer.stackexchange.com/a/182, answered by "L. K." (https://x.org/u/1).',
        'question: "181"',
        "#another: comment, not a field",
        "score: 18",
        "comments:",
        '  - id: "225"',
        '    text: "Nice # not a comment"',
        "# after the list",
      ],
      {
        question: "181",
        score: 18,
        comments: [{ id: "225", text: "Nice # not a comment" }],
      },
    );
  });

  it("leaves a repeated key to the full parser, which reports it", () => {
    assert.equal(readFlatYaml("title: a\ntitle: b"), undefined);
  });

  it("reads CRLF lines like LF lines", () => {
    assert.deepEqual(readFlatYaml("title: a\r\nanswers: 2\r"), { title: "a", answers: 2 });
  });

  it("agrees with the full parser on every example and fixture question and user it reads", () => {
    const fixtures = readdirSync("tests/fixtures").map((name) => `tests/fixtures/${name}/content`);
    const dirs = ["content", ...fixtures]
      .flatMap((folder) => [`${folder}/questions`, `${folder}/users`])
      .filter((dir) => existsSync(dir));
    let compared = 0;
    for (const dir of dirs) {
      for (const name of readdirSync(dir).filter((file) => file.endsWith(".md"))) {
        const split = splitFrontmatter(readFileSync(`${dir}/${name}`, "utf8"));
        const fast = split && readFlatYaml(split.yaml);
        if (!split || !fast) continue;
        assert.deepEqual(fast, fullYaml(split.yaml), `${dir}/${name}`);
        compared++;
      }
    }
    assert.ok(compared >= 40, `only ${compared} files took the fast path`);
  });
});
