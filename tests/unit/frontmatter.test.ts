import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { opensFrontmatter, splitFrontmatter } from "../../src/lib/frontmatter.ts";

describe("splitFrontmatter", () => {
  const found: ReadonlyArray<{ rule: string; text: string; yaml: string; body: string }> = [
    {
      rule: "splits the fields from the body",
      text: "---\ntitle: x\ntags: [a]\n---\nbody\n",
      yaml: "title: x\ntags: [a]",
      body: "body\n",
    },
    { rule: "an empty block gives empty YAML", text: "---\n---\nbody", yaml: "", body: "body" },
    {
      rule: "a block with one blank line gives empty YAML",
      text: "---\n\n---\nb",
      yaml: "",
      body: "b",
    },
    {
      rule: "a byte-order mark before the opening line is ignored",
      text: "\uFEFF---\ntitle: x\n---\n",
      yaml: "title: x",
      body: "",
    },
    {
      rule: "CRLF line endings are accepted, and the body keeps its own",
      text: "---\r\ntitle: x\r\n---\r\nbody\r\n",
      yaml: "title: x",
      body: "body\r\n",
    },
    {
      rule: "trailing spaces and tabs on the fence lines are accepted",
      text: "---  \na: 1\n---\t\nb",
      yaml: "a: 1",
      body: "b",
    },
    {
      rule: "a closing fence at the very end of the file is accepted",
      text: "---\na: 1\n---",
      yaml: "a: 1",
      body: "",
    },
    {
      rule: "a line of four dashes does not close the block",
      text: "---\na: 1\n----\nb\n---\nc",
      yaml: "a: 1\n----\nb",
      body: "c",
    },
    {
      rule: "an indented --- inside a YAML block scalar does not close it",
      text: "---\na: |\n  ---\n---\nbody",
      yaml: "a: |\n  ---",
      body: "body",
    },
    {
      rule: "the first closing fence ends the block; later --- lines belong to the body",
      text: "---\na: 1\n---\nbody\n---\nmore",
      yaml: "a: 1",
      body: "body\n---\nmore",
    },
  ];
  for (const { rule, text, yaml, body } of found) {
    it(rule, () => {
      assert.deepEqual(splitFrontmatter(text), { yaml, yamlFirstLine: 2, body });
    });
  }

  const missing: ReadonlyArray<{ rule: string; text: string }> = [
    { rule: "a file without a fence has no frontmatter", text: "title: x\nbody" },
    {
      rule: "a fence that is not on the first line does not count",
      text: "intro\n---\na: 1\n---\n",
    },
    { rule: "a fence after a blank first line does not count", text: "\n---\na: 1\n---\n" },
    { rule: "an unclosed block is not frontmatter", text: "---\na: 1\n" },
    { rule: "an opening line of four dashes is not a fence", text: "----\na: 1\n---\n" },
    { rule: "a lone --- with no line end is not a block", text: "---" },
    { rule: "an empty file has no frontmatter", text: "" },
  ];
  for (const { rule, text } of missing) {
    it(rule, () => {
      assert.equal(splitFrontmatter(text), undefined);
    });
  }
});

describe("opensFrontmatter", () => {
  const cases: ReadonlyArray<{ text: string; opens: boolean }> = [
    { text: "---\na: 1\n", opens: true },
    { text: "\uFEFF--- \r\na: 1", opens: true },
    { text: "---", opens: true },
    { text: "----\na: 1\n---\n", opens: false },
    { text: "\n---\na: 1\n---\n", opens: false },
    { text: "title: x", opens: false },
  ];
  for (const { text, opens } of cases) {
    it(`${JSON.stringify(text)} ${opens ? "opens" : "does not open"} a block`, () => {
      assert.equal(opensFrontmatter(text), opens);
    });
  }
});
