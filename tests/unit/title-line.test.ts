import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { markerAtEnd, titleLine, titleOfLine } from "../../src/lib/title-line.ts";

describe("titleLine", () => {
  it("shows an open question's title as it is", () => {
    assert.equal(titleLine("How do I read a file?", "open"), "How do I read a file?");
  });

  it('appends " [duplicate]" to a duplicate\'s title', () => {
    assert.equal(
      titleLine("How do I read a file?", "duplicate"),
      "How do I read a file? [duplicate]",
    );
  });

  it('appends " [closed]" to a closed question\'s title', () => {
    assert.equal(titleLine("How do I read a file?", "closed"), "How do I read a file? [closed]");
  });
});

describe("markerAtEnd", () => {
  const cases: ReadonlyArray<{ rule: string; title: string; expected: string | undefined }> = [
    { rule: 'finds " [duplicate]" at the end', title: "Foo [duplicate]", expected: " [duplicate]" },
    { rule: 'finds " [closed]" at the end', title: "Foo [closed]", expected: " [closed]" },
    { rule: "a plain title has no marker", title: "How do I read a file?", expected: undefined },
    {
      rule: "a marker in the middle is not at the end",
      title: "Foo [closed] again",
      expected: undefined,
    },
    {
      rule: "a marker without its leading space is not a marker",
      title: "Foo[closed]",
      expected: undefined,
    },
    { rule: "the marker is matched case-sensitively", title: "Foo [Closed]", expected: undefined },
    {
      rule: "a title that is only the bracket word has no marker",
      title: "[duplicate]",
      expected: undefined,
    },
  ];
  for (const { rule, title, expected } of cases) {
    it(rule, () => {
      assert.equal(markerAtEnd(title), expected);
    });
  }
});

describe("titleOfLine", () => {
  for (const state of ["open", "duplicate", "closed"] as const) {
    it(`undoes titleLine for a ${state} question, spaces and brackets kept`, () => {
      const title = "Why  [does] this end with ] ?";
      assert.equal(titleOfLine(titleLine(title, state), state), title);
    });
  }
});
