import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { collapseWhitespace } from "../../src/lib/whitespace.ts";

describe("collapseWhitespace", () => {
  const cases: ReadonlyArray<{ rule: string; input: string; expected: string }> = [
    { rule: "a run of spaces becomes one space", input: "a    b", expected: "a b" },
    { rule: "a tab becomes a space", input: "a\tb", expected: "a b" },
    { rule: "a line feed becomes a space", input: "a\nb", expected: "a b" },
    { rule: "a carriage return becomes a space", input: "a\rb", expected: "a b" },
    { rule: "a form feed becomes a space", input: "a\fb", expected: "a b" },
    { rule: "a mixed run of all five becomes one space", input: "a \t\n\f\r b", expected: "a b" },
    {
      rule: "CRLF line endings become one space",
      input: "one\r\ntwo\r\n\r\nthree",
      expected: "one two three",
    },
    {
      rule: "leading and trailing whitespace is trimmed",
      input: " \t\n a b \r\n ",
      expected: "a b",
    },
    {
      rule: "a no-break space stays, and is not trimmed",
      input: "\u00a0a\u00a0 \u00a0b\u00a0",
      expected: "\u00a0a\u00a0 \u00a0b\u00a0",
    },
    {
      rule: "spaces around a no-break space collapse on each side",
      input: "a  \u00a0  b",
      expected: "a \u00a0 b",
    },
    {
      rule: "a vertical tab is not ASCII whitespace for HTML and stays",
      input: "a\u000bb",
      expected: "a\u000bb",
    },
    { rule: "an em space (non-ASCII) stays", input: "a\u2003b", expected: "a\u2003b" },
    { rule: "a line separator (non-ASCII) stays", input: "a\u2028b", expected: "a\u2028b" },
    { rule: "whitespace only becomes the empty string", input: " \t\r\n\f ", expected: "" },
    { rule: "the empty string stays empty", input: "", expected: "" },
    {
      rule: "text without whitespace runs is unchanged",
      input: "already one line",
      expected: "already one line",
    },
  ];
  for (const { rule, input, expected } of cases) {
    it(rule, () => {
      assert.equal(collapseWhitespace(input), expected);
    });
  }
});
