import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { questionTags } from "../../scripts/bench/corpus-stats.ts";

describe("questionTags", () => {
  it("reads the flow list gen-corpus.mjs writes", () => {
    const text = '---\ntitle: "How: this?"\ntags: [google-chrome, .net, c99]\n---\nBody\n';
    assert.deepEqual(questionTags(text), ["google-chrome", ".net", "c99"]);
  });

  it("reads a block list too, through the full YAML reader", () => {
    const text = "---\ntitle: T\ntags:\n  - java\n  - spring\n---\n";
    assert.deepEqual(questionTags(text), ["java", "spring"]);
  });

  it("gives none without frontmatter, tags or readable YAML", () => {
    assert.deepEqual(questionTags("no frontmatter"), []);
    assert.deepEqual(questionTags("---\ntitle: T\n---\n"), []);
    assert.deepEqual(questionTags("---\ntags: [a\n---\n"), []);
  });
});
