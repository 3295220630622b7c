import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { duplicateNotice } from "../../src/lib/duplicate-notice.ts";

describe("duplicateNotice", () => {
  const cases: ReadonlyArray<{ rule: string; answers: number; expected: string }> = [
    {
      rule: "zero answers is plural: (0 answers)",
      answers: 0,
      expected: "This question already has an answer here: How do I read a file? (0 answers)",
    },
    {
      rule: "one answer is singular: (1 answer)",
      answers: 1,
      expected: "This question already has an answer here: How do I read a file? (1 answer)",
    },
    {
      rule: "two answers is plural: (2 answers)",
      answers: 2,
      expected: "This question already has an answer here: How do I read a file? (2 answers)",
    },
    {
      rule: "eleven answers is plural: (11 answers)",
      answers: 11,
      expected: "This question already has an answer here: How do I read a file? (11 answers)",
    },
  ];
  for (const { rule, answers, expected } of cases) {
    it(rule, () => {
      assert.equal(duplicateNotice("How do I read a file?", answers), expected);
    });
  }

  it("quotes the original title as typed, characters included", () => {
    assert.equal(
      duplicateNotice('Why does <script> & "quotes" show up?', 3),
      'This question already has an answer here: Why does <script> & "quotes" show up? (3 answers)',
    );
  });
});
