import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { oneLineTextProblem } from "../../src/lib/one-line-text.ts";

describe("oneLineTextProblem", () => {
  const fine: ReadonlyArray<{ rule: string; text: string }> = [
    { rule: "a plain sentence is fine", text: "How do I read a file line by line?" },
    {
      rule: "markup characters are fine (titles are text)",
      text: 'Why does <script> & "quotes" show up?',
    },
    { rule: "inner runs of spaces are fine", text: "a  b" },
    { rule: "a no-break space inside is fine", text: "10\u00a0GB" },
    { rule: "emoji are fine", text: "Docker 🐳 networking" },
  ];
  for (const { rule, text } of fine) {
    it(rule, () => {
      assert.equal(oneLineTextProblem(text), undefined);
    });
  }

  const problems: ReadonlyArray<{ rule: string; text: string; expected: string }> = [
    {
      rule: "the empty string is empty",
      text: "",
      expected: "is empty; write the text on the same line as the field",
    },
    {
      rule: "spaces only count as empty",
      text: "   ",
      expected: "is empty; write the text on the same line as the field",
    },
    {
      rule: "a line feed only counts as empty",
      text: "\n",
      expected: "is empty; write the text on the same line as the field",
    },
    {
      rule: "a line feed inside spans lines",
      text: "a\nb",
      expected: "spans more than one line; put it on one line",
    },
    {
      rule: "a carriage return inside spans lines",
      text: "a\rb",
      expected: "spans more than one line; put it on one line",
    },
    {
      rule: "a line separator inside spans lines",
      text: "a\u2028b",
      expected: "spans more than one line; put it on one line",
    },
    {
      rule: "a paragraph separator inside spans lines",
      text: "a\u2029b",
      expected: "spans more than one line; put it on one line",
    },
    {
      rule: "a tab is named as a control character",
      text: "a\tb",
      expected: "contains the control character U+0009; remove it",
    },
    {
      rule: "NUL is named as a control character",
      text: "a\u0000b",
      expected: "contains the control character U+0000; remove it",
    },
    {
      rule: "ESC is named as a control character",
      text: "a\u001bb",
      expected: "contains the control character U+001B; remove it",
    },
    {
      rule: "DEL is named as a control character",
      text: "a\u007fb",
      expected: "contains the control character U+007F; remove it",
    },
    {
      rule: "a leading space is reported",
      text: " x",
      expected: "starts or ends with spaces; remove them",
    },
    {
      rule: "a trailing space is reported",
      text: "x ",
      expected: "starts or ends with spaces; remove them",
    },
    {
      rule: "a leading no-break space is reported",
      text: "\u00a0x",
      expected: "starts or ends with spaces; remove them",
    },
    {
      rule: "a trailing tab is a control character first",
      text: "x\t",
      expected: "contains the control character U+0009; remove it",
    },
  ];
  for (const { rule, text, expected } of problems) {
    it(rule, () => {
      assert.equal(oneLineTextProblem(text), expected);
    });
  }

  const c1Controls: ReadonlyArray<{ rule: string; text: string; expected: string }> = [
    {
      rule: "U+0080 (a C1 control) is named as a control character",
      text: "a\u0080b",
      expected: "contains the control character U+0080; remove it",
    },
    {
      rule: "U+009B (CSI, a C1 control used in terminal escapes) is named as a control character",
      text: "a\u009bb",
      expected: "contains the control character U+009B; remove it",
    },
    {
      rule: "U+009F (the last C1 control) is named as a control character",
      text: "a\u009fb",
      expected: "contains the control character U+009F; remove it",
    },
  ];
  for (const { rule, text, expected } of c1Controls) {
    it(rule, () => {
      assert.equal(oneLineTextProblem(text), expected);
    });
  }

  it("U+0085 (NEXT LINE, a C1 control and a Unicode line break) is rejected", () => {
    assert.notEqual(oneLineTextProblem("a\u0085b"), undefined);
  });
});
