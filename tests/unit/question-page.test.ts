import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { answerOrder } from "../../src/core/question-page.ts";
import type { AnswerEntry } from "../../src/schemas/answer.ts";
import { instantOnPage } from "../../src/lib/iso-instant.ts";

function answer(id: string, fields: Partial<AnswerEntry>): { id: string; answer: AnswerEntry } {
  return {
    id,
    answer: {
      question: "q",
      answered: "2024-01-01T00:00:00.000000000Z",
      accepted: false,
      score: 0,
      bodyHtml: "",
      bodyWords: "",
      searchText: "",
      ...fields,
    },
  };
}

describe("answerOrder", () => {
  it("puts the accepted answer first, then by score, then oldest first, then by id", () => {
    const answers = [
      answer("late-high", { score: 5, answered: "2024-03-01T00:00:00.000000000Z" }),
      answer("b-tie", { score: 1 }),
      answer("accepted-low", { accepted: true, score: -2 }),
      answer("early-high", { score: 5, answered: "2024-02-01T00:00:00.000000000Z" }),
      answer("a-tie", { score: 1 }),
      answer("negative", { score: -1 }),
    ];
    assert.deepEqual(
      answers.sort(answerOrder).map(({ id }) => id),
      ["accepted-low", "early-high", "late-high", "a-tie", "b-tie", "negative"],
    );
  });
});

describe("instantOnPage", () => {
  it("writes whole seconds, or milliseconds when there is a fraction, and the minute for a reader", () => {
    assert.deepEqual(instantOnPage("2024-03-05T14:22:10.000000000Z"), {
      datetime: "2024-03-05T14:22:10Z",
      text: "2024-03-05 14:22 UTC",
    });
    assert.deepEqual(
      instantOnPage("2024-03-05T14:22:10.123456789Z").datetime,
      "2024-03-05T14:22:10.123Z",
    );
  });
});
