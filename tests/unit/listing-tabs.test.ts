import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { questionsOfTab, tabFacts, type TabFacts } from "../../src/core/listing-tabs.ts";
import type { QuestionPage, ShownAnswer } from "../../src/core/page-data.ts";
import { instantOnPage } from "../../src/lib/iso-instant.ts";

/** A question page with only what the tabs read. */
function page(fields: {
  answers?: Partial<ShownAnswer>[];
  answerCount?: number;
  modified?: string;
}) {
  const answers = (fields.answers ?? []).map((answer) => ({
    accepted: false,
    score: 0,
    ...answer,
  }));
  return {
    score: 0,
    asked: instantOnPage("2024-03-05T14:22:10.000000000Z"),
    ...(fields.modified !== undefined && { modified: instantOnPage(fields.modified) }),
    answers,
    answerCount: fields.answerCount ?? answers.length,
  } as unknown as QuestionPage;
}

describe("what the tabs know of a question", () => {
  it("is answered by an accepted answer, whatever its score, or one scored above zero", () => {
    assert.equal(tabFacts(page({ answers: [{ accepted: true, score: -1 }] })).answered, true);
    assert.equal(tabFacts(page({ answers: [{ score: 0 }, { score: 1 }] })).answered, true);
    assert.equal(tabFacts(page({ answers: [{ score: 0 }, { score: -2 }] })).answered, false);
    assert.equal(tabFacts(page({})).answered, false);
  });

  it("claims nothing of answers the archive does not hold: not listed as unanswered", () => {
    assert.equal(tabFacts(page({ answerCount: 3 })).answered, true);
  });

  it("is active when last modified, else when asked, comparable to the millisecond", () => {
    assert.equal(tabFacts(page({})).active, Date.UTC(2024, 2, 5, 14, 22, 10));
    assert.equal(
      tabFacts(page({ modified: "2025-01-02T03:04:05.678900000Z" })).active,
      Date.UTC(2025, 0, 2, 3, 4, 5, 678),
    );
  });
});

describe("the questions of a tab", () => {
  const listed = (id: string, facts: Partial<TabFacts>) => ({
    id,
    facts: { score: 0, active: Date.parse("2024-01-01T00:00:00.000Z"), answered: true, ...facts },
  });
  // The listing's order: newest first.
  const listing = [
    listed("d", { score: 2, active: Date.parse("2024-01-01T00:00:00.500Z") }),
    listed("c", { score: 5, answered: false }),
    listed("b", { score: 2, active: Date.parse("2024-06-01T00:00:00.000Z"), answered: false }),
    listed("a", { score: -1, active: Date.parse("2024-01-01T00:00:00.000Z") }),
  ];
  const ids = (tab: Parameters<typeof questionsOfTab>[1]) =>
    questionsOfTab(listing, tab).map(({ id }) => id);

  it("Newest is the listing itself", () => assert.deepEqual(ids("newest"), ["d", "c", "b", "a"]));
  it("Votes: highest score first, ties newest first", () =>
    assert.deepEqual(ids("votes"), ["c", "d", "b", "a"]));
  it("Active: latest activity first, ties newest first", () =>
    assert.deepEqual(ids("active"), ["b", "d", "c", "a"]));
  it("Unanswered: only the unanswered, newest first", () =>
    assert.deepEqual(ids("unanswered"), ["c", "b"]));
});
