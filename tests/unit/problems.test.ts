import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fieldPath, formatProblems } from "../../src/lib/problems.ts";

describe("formatProblems", () => {
  it("writes one problem as a file line, an indented field line and a singular count", () => {
    assert.equal(
      formatProblems([
        {
          file: "content/questions/one.md",
          field: "title",
          reason: "is empty; write the text on the same line as the field",
        },
      ]),
      [
        "content/questions/one.md",
        "  - title: is empty; write the text on the same line as the field",
        "Found 1 problem in 1 file; nothing was built.",
      ].join("\n"),
    );
  });

  it("groups problems under their file, files in the order first given, problems in the order given", () => {
    const report = formatProblems([
      { file: "content/questions/a.md", field: "title", reason: "first" },
      { file: "content/questions/b.md", field: "asked", reason: "second" },
      { file: "content/questions/a.md", field: "tags[1]", reason: "third" },
    ]);
    assert.equal(
      report,
      [
        "content/questions/a.md",
        "  - title: first",
        "  - tags[1]: third",
        "content/questions/b.md",
        "  - asked: second",
        "Found 3 problems in 2 files; nothing was built.",
      ].join("\n"),
    );
  });

  it("writes a problem about the whole file without a field name", () => {
    assert.equal(
      formatProblems([{ file: "content/questions/Four.md", reason: "is not a question file" }]),
      [
        "content/questions/Four.md",
        "  - is not a question file",
        "Found 1 problem in 1 file; nothing was built.",
      ].join("\n"),
    );
  });

  it("counts several problems in one file as plural problems, singular file", () => {
    const report = formatProblems([
      { file: "content/community.yaml", field: "name", reason: "is missing" },
      {
        file: "content/community.yaml",
        field: "excerptLength",
        reason:
          "must be at least 20, not 10; write a whole number of 20 or more, such as excerptLength: 200",
      },
    ]);
    assert.equal(
      report,
      [
        "content/community.yaml",
        "  - name: is missing",
        "  - excerptLength: must be at least 20, not 10; write a whole number of 20 or more, such as excerptLength: 200",
        "Found 2 problems in 1 file; nothing was built.",
      ].join("\n"),
    );
  });

  it("keeps two problems on the same field as two lines", () => {
    const report = formatProblems([
      { file: "q.md", field: "title", reason: "r1" },
      { file: "q.md", field: "title", reason: "r2" },
    ]);
    assert.equal(
      report,
      "q.md\n  - title: r1\n  - title: r2\nFound 2 problems in 1 file; nothing was built.",
    );
  });
});

describe("fieldPath", () => {
  const cases: ReadonlyArray<{ rule: string; path: readonly PropertyKey[]; expected: string }> = [
    { rule: "a top-level field is its name", path: ["title"], expected: "title" },
    { rule: "a list index is written in brackets", path: ["tags", 2], expected: "tags[2]" },
    { rule: "nested names are joined with dots", path: ["a", "b", 0, "c"], expected: "a.b[0].c" },
    { rule: "a leading index has no dot", path: [0], expected: "[0]" },
    { rule: "the empty path is the empty string", path: [], expected: "" },
  ];
  for (const { rule, path, expected } of cases) {
    it(rule, () => {
      assert.equal(fieldPath(path), expected);
    });
  }
});
