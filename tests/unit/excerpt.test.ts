import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ELLIPSIS, cutExcerpt } from "../../src/lib/excerpt.ts";

describe("cutExcerpt", () => {
  it("uses three ASCII dots as the ellipsis", () => {
    assert.equal(ELLIPSIS, "...");
  });

  // "aaaa bbbb cccc" is 14 characters; its spaces are at indexes 4 and 9.
  const words = "aaaa bbbb cccc";
  const cases: ReadonlyArray<{ rule: string; text: string; maxLength: number; expected: string }> =
    [
      {
        rule: "text of exactly maxLength is unchanged, with no dots",
        text: words,
        maxLength: 14,
        expected: "aaaa bbbb cccc",
      },
      {
        rule: "text shorter than maxLength is unchanged",
        text: words,
        maxLength: 200,
        expected: "aaaa bbbb cccc",
      },
      {
        rule: "text of maxLength + 1 is cut at the last space that fits",
        text: words,
        maxLength: 13,
        expected: "aaaa bbbb...",
      },
      {
        rule: "a space exactly at maxLength - 3 keeps the whole word before it",
        text: words,
        maxLength: 12,
        expected: "aaaa bbbb...",
      },
      {
        rule: "a space one past maxLength - 3 falls back to the space before",
        text: words,
        maxLength: 11,
        expected: "aaaa...",
      },
      {
        rule: "no space is left before the dots",
        text: "one two three four five",
        maxLength: 20,
        expected: "one two three...",
      },
      {
        rule: "a first word longer than maxLength - 3 is cut hard at maxLength - 3",
        text: "abcdefghijklmnop",
        maxLength: 10,
        expected: "abcdefg...",
      },
      {
        rule: "a hard cut counts UTF-16 code units",
        text: "abcdefg😀xyzw",
        maxLength: 10,
        expected: "abcdefg...",
      },
      {
        rule: "a hard cut that would split an emoji cuts one shorter",
        text: "abcdef😀xyzw",
        maxLength: 10,
        expected: "abcdef...",
      },
      {
        rule: "an emoji that ends exactly at maxLength - 3 is kept whole",
        text: "abcde😀xyzw",
        maxLength: 10,
        expected: "abcde😀...",
      },
      {
        rule: "a word of emoji is cut between pairs",
        text: "😀😀😀😀😀😀😀😀",
        maxLength: 10,
        expected: "😀😀😀...",
      },
      {
        rule: "a no-break space is not a place to cut",
        text: "aaaa\u00a0bbbb cccc",
        maxLength: 12,
        expected: "aaaa\u00a0bbbb...",
      },
      {
        rule: "with no ordinary space in reach, a no-break space is cut through hard",
        text: "aaaa\u00a0bbbb cccc",
        maxLength: 11,
        expected: "aaaa\u00a0bbb...",
      },
    ];
  for (const { rule, text, maxLength, expected } of cases) {
    it(rule, () => {
      const excerpt = cutExcerpt(text, maxLength);
      assert.equal(excerpt, expected);
      assert.ok(
        excerpt.length <= maxLength,
        `${JSON.stringify(excerpt)} is longer than ${maxLength}`,
      );
    });
  }

  it("cuts a 200-character default excerpt between words", () => {
    const text = "word ".repeat(60).trim(); // 299 characters
    const excerpt = cutExcerpt(text, 200);
    assert.equal(excerpt, `${"word ".repeat(38)}word...`);
    assert.equal(excerpt.length, 197);
  });

  it("with math: tex, never cuts inside a formula, as quantumcomputing's '$| \\beta...'", () => {
    const text = "Let the state be $| \\beta \\rangle = a|0\\rangle + b|1\\rangle$ for now";
    // Cut between words, the excerpt would end inside the formula: it ends before it.
    assert.equal(cutExcerpt(text, 30, "tex"), "Let the state be...");
    assert.equal(cutExcerpt(text, 30), "Let the state be $| \\beta...");
    // A formula that ends before the cut, and an environment, stay whole.
    assert.equal(cutExcerpt("Take $x + y$ and more words here", 20, "tex"), "Take $x + y$ and...");
    const environment = "\\begin{align} a &= b \\end{align} and then text";
    assert.equal(cutExcerpt(`So ${environment}`, 20, "tex"), "So...");
    // A `$` that opens no formula is text, cut as text.
    assert.equal(cutExcerpt("It costs $5 to buy one of these", 20, "tex"), "It costs $5 to...");
  });
});
