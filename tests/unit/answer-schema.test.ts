import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { answerFrontmatterSchema } from "../../src/schemas/answer.ts";

const valid: Record<string, unknown> = { question: "alpha", answered: "2024-03-05T10:00:00Z" };

function problems(changes: Record<string, unknown>): string[] {
  const merged = Object.fromEntries(
    Object.entries({ ...valid, ...changes }).filter(([, value]) => value !== undefined),
  );
  const result = answerFrontmatterSchema.safeParse(merged);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("answerFrontmatterSchema", () => {
  it("fills in score 0 and accepted false, and turns answered into its UTC key", () => {
    assert.deepEqual(answerFrontmatterSchema.parse(valid), {
      question: "alpha",
      answered: "2024-03-05T10:00:00.000000000Z",
      accepted: false,
      score: 0,
    });
  });

  it("keeps every field written", () => {
    const answer = {
      question: "alpha",
      answered: "2024-03-05",
      accepted: true,
      score: -1,
      author: "Grace",
      authorUrl: "https://example.org/users/2",
      source: "https://example.org/a/9",
      license: "CC BY-SA 3.0",
    };
    assert.deepEqual(answerFrontmatterSchema.parse(answer), {
      ...answer,
      answered: "2024-03-05T00:00:00.000000000Z",
    });
  });

  const rules: ReadonlyArray<[string, Record<string, unknown>, string[]]> = [
    [
      "question is required",
      { question: undefined },
      [
        "question: is missing; add the id of the question this answers, such as question: nginx-reverse-proxy",
      ],
    ],
    [
      "question is an id, quoted when YAML reads a number",
      { question: 12 },
      [
        'question: must be the id of a question, but YAML read the number 12; put it in quotes: question: "12"',
      ],
    ],
    [
      "question follows the id rule",
      { question: "Alpha Beta" },
      [
        'question: "Alpha Beta" cannot be a question id; ids are file names without .md, made of lower-case letters, digits, "-" and "_"',
      ],
    ],
    [
      "answered is required",
      { answered: undefined },
      [
        'answered: is missing; add the date the answer was written, such as answered: "2024-03-05T14:22:10Z"',
      ],
    ],
    [
      "answered is a real date",
      { answered: "2024-02-30" },
      [
        'answered: "2024-02-30" is not a real date-time: 2024-02 has no day 30; write it as "2024-03-05", "2024-03-05T14:22:10Z" or "2024-03-05T16:22:10+02:00"',
      ],
    ],
    [
      "accepted is true or false",
      { accepted: "yes" },
      [
        'accepted: must be true or false, but YAML read the text "yes"; write accepted: true, or leave it out for false',
      ],
    ],
    [
      "an unknown field is named, with the fields there are",
      { acepted: true },
      [
        ": acepted: is not a field of an answer; the fields are question, answered, accepted, comments, author, authorUrl, user, score, source, license, edited, editor, editorUrl, editorUser, communityWiki. Check the spelling, or remove it",
      ],
    ],
  ];
  for (const [rule, changes, expected] of rules) {
    it(rule, () => assert.deepEqual(problems(changes), expected));
  }

  it("reports several problems at once", () => {
    assert.deepEqual(
      problems({
        question: undefined,
        answered: "soon",
        accepted: 1,
        authorUrl: "https://x.org",
      }).map((problem) => problem.split(":")[0]),
      ["question", "answered", "accepted", "authorUrl"],
    );
  });
});
