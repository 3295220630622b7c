import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { answerOrder } from "../../src/core/question-page.ts";
import type { Community } from "../../src/schemas/community.ts";
import { communityWith, pagesOf } from "../helpers/content-in-memory.ts";
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
      answers.sort(answerOrder()).map(({ id }) => id),
      ["accepted-low", "early-high", "late-high", "a-tie", "b-tie", "negative"],
    );
  });

  it("with answerOrder: score, orders by score alone, the accepted answer in its place", () => {
    const answers = [
      answer("accepted-low", { accepted: true, score: 2 }),
      answer("high", { score: 9 }),
      answer("late-low", { score: 2, answered: "2024-03-01T00:00:00.000000000Z" }),
    ];
    assert.deepEqual(
      answers.sort(answerOrder("score")).map(({ id }) => id),
      ["high", "accepted-low", "late-low"],
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

describe("a question's page with community.yaml's answerOrder", () => {
  const questions = { q: "---\ntitle: Q\ntags: [t]\nasked: 2024-01-01\n---\nBody.\n" };
  const answerFile = (score: number, accepted: boolean) =>
    `---\nquestion: q\nanswered: 2024-01-02\nscore: ${score}\naccepted: ${accepted}\n---\nA.\n`;
  const answers = { low: answerFile(1, true), high: answerFile(7, false) };
  const order = (community: Community) =>
    pagesOf(community, questions, answers)
      .pages?.get("q")
      ?.answers.map(({ id }) => id);

  it("shows the accepted answer first by default, and by score alone with score", () => {
    assert.deepEqual(order(communityWith()), ["low", "high"]);
    assert.deepEqual(order(communityWith({ answerOrder: "score" })), ["high", "low"]);
  });
});
