import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readQuestionFile } from "../../src/core/question-file.ts";
import { readAnswerFile } from "../../src/core/answer-file.ts";
import type { FileProblem } from "../../src/core/folder.ts";

const SETTINGS = { excerptLength: 200, bodyFormat: "markdown", math: "off" } as const;

/** The problems an author is shown for a question file holding `text`. */
function questionProblems(text: string): FileProblem[] | undefined {
  return readQuestionFile(text, "q", SETTINGS).problems;
}

function answerProblems(text: string): FileProblem[] | undefined {
  return readAnswerFile(text, "a", SETTINGS).problems;
}

describe("a question or answer file whose frontmatter cannot be read", () => {
  it("with no opening line ---, is told to start the file with one", () => {
    assert.deepEqual(questionProblems("title: x\nBody"), [
      {
        field: "frontmatter",
        reason:
          "is missing; start the file with a line ---, then the fields (title, tags, asked, ...), then a line ---",
      },
    ]);
  });

  it("with an opening line --- and no closing one, is told to add the closing line", () => {
    const text =
      '---\ntitle: Unclosed\ntags: [a]\nasked: "2024-01-01"\nBody without a closing line\n';
    assert.deepEqual(questionProblems(text), [
      {
        field: "frontmatter",
        reason:
          "has no closing line ---; the file's first line --- opens the fields (title, tags, asked, ...), so add a line --- after the last of them, before the body",
      },
    ]);
  });

  it("says the same of an answer, naming an answer's fields", () => {
    assert.deepEqual(answerProblems("---\r\nquestion: q\r\nanswered: 2024-01-01\r\n"), [
      {
        field: "frontmatter",
        reason:
          "has no closing line ---; the file's first line --- opens the fields (question, answered, ...), so add a line --- after the last of them, before the body",
      },
    ]);
  });

  it("counts a file of only the opening line, after a byte-order mark, as opened", () => {
    assert.match(questionProblems("\uFEFF---")?.[0]?.reason ?? "", /^has no closing line ---;/);
  });

  it("names the title and shows it quoted when an unquoted colon in it breaks the YAML, at its file line", () => {
    const text = '---\ntags: [net]\ntitle: Error: cannot connect\nasked: "2024-01-01"\n---\nBody\n';
    assert.deepEqual(questionProblems(text), [
      {
        field: "frontmatter",
        reason:
          'is not valid YAML at line 3: the value of title holds a colon followed by a space, which YAML reads as the start of another field; put the whole value in quotes: title: "Error: cannot connect"',
      },
    ]);
  });
});
