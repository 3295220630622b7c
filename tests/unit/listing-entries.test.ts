import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  duplicateReferenceProblem,
  questionFromEntry,
  toListingEntry,
  type ValidQuestion,
} from "../../src/lib/listing-entries.ts";
import type { QuestionFrontmatter } from "../../src/schemas/question.ts";
import { listingEntrySchema } from "../../src/schemas/listing-entry.ts";
import { bodyToPlainText } from "../../src/lib/plain-text.ts";

const ASKED = "2024-03-05T14:22:10.000000000Z";

function question(
  id: string,
  frontmatter: Partial<QuestionFrontmatter>,
  body: string,
): ValidQuestion {
  return {
    id,
    file: `content/questions/${id}.md`,
    frontmatter: {
      title: `Title of ${id}`,
      tags: ["bash"],
      asked: ASKED,
      state: "open",
      answers: 0,
      ...frontmatter,
    },
    // What the loader derives from the body before composing the entry.
    bodyText: bodyToPlainText(body),
  };
}

function byId(...questions: ValidQuestion[]): Map<string, ValidQuestion> {
  return new Map(questions.map((q) => [q.id, q]));
}

const original = question(
  "alpha",
  { title: "How do I read a file line by line?", answers: 1 },
  "Use `while read -r line`.",
);

describe("toListingEntry", () => {
  it("shows an open question: title as is, tags in order, body as plain text, asked key, state", () => {
    const q = question(
      "q",
      { title: "How do I x?", tags: ["shell", "bash", "io"] },
      "Use **this**:\n\n    cat file",
    );
    assert.deepEqual(toListingEntry(q, byId(q), 200), {
      titleLine: "How do I x?",
      tags: ["shell", "bash", "io"],
      excerpt: "Use this: cat file",
      askedKey: ASKED,
      state: "open",
      origin: { answers: 0 },
    });
  });

  it("marks a closed question's title with [closed] and adds no notice", () => {
    const q = question("q", { title: "Off topic?", state: "closed" }, "Body.");
    assert.deepEqual(toListingEntry(q, byId(q), 200), {
      titleLine: "Off topic? [closed]",
      tags: ["bash"],
      excerpt: "Body.",
      askedKey: ASKED,
      state: "closed",
      origin: { answers: 0 },
    });
  });

  it("opens a duplicate's excerpt with the notice, one space, then the body text", () => {
    const dup = question(
      "beta",
      { title: "Reading lines in a loop", state: "duplicate", duplicateOf: "alpha" },
      "I want to loop over lines.",
    );
    assert.deepEqual(toListingEntry(dup, byId(original, dup), 200), {
      titleLine: "Reading lines in a loop [duplicate]",
      tags: ["bash"],
      excerpt:
        "This question already has an answer here: How do I read a file line by line? (1 answer) I want to loop over lines.",
      askedKey: ASKED,
      state: "duplicate",
      // A duplicate keeps its body text: its notice changes when its original does.
      origin: {
        answers: 0,
        duplicateOf: "alpha",
        bodyText: "I want to loop over lines.",
      },
    });
  });

  it("names the original by its title without its own marker, with its answer count", () => {
    const closedOriginal = question(
      "alpha",
      { title: "Old question", state: "closed", answers: 0 },
      "x",
    );
    const dup = question("beta", { state: "duplicate", duplicateOf: "alpha" }, "Same here.");
    assert.equal(
      toListingEntry(dup, byId(closedOriginal, dup), 200).excerpt,
      "This question already has an answer here: Old question (0 answers) Same here.",
    );
  });

  it("collapses the whitespace between the notice and a body that starts with blank lines and markup", () => {
    const dup = question(
      "beta",
      { state: "duplicate", duplicateOf: "alpha" },
      "\n\n   <p>\n  I want   to\tloop.</p>\n",
    );
    assert.equal(
      toListingEntry(dup, byId(original, dup), 200).excerpt,
      "This question already has an answer here: How do I read a file line by line? (1 answer) I want to loop.",
    );
  });

  it("shows the notice alone, with no trailing space, for a duplicate with an empty body", () => {
    const dup = question("beta", { state: "duplicate", duplicateOf: "alpha" }, "");
    assert.equal(
      toListingEntry(dup, byId(original, dup), 200).excerpt,
      "This question already has an answer here: How do I read a file line by line? (1 answer)",
    );
  });

  it("cuts the notice and body together to excerptLength, dots included", () => {
    const dup = question(
      "beta",
      { state: "duplicate", duplicateOf: "alpha" },
      "I want to loop over lines.",
    );
    const excerpt = toListingEntry(dup, byId(original, dup), 60).excerpt;
    assert.equal(excerpt, "This question already has an answer here: How do I read a...");
    assert.equal(excerpt.length, 60);
  });

  it("gives a duplicate without duplicateOf no notice", () => {
    const dup = question(
      "beta",
      { title: "Asked before", state: "duplicate" },
      "I want to loop over lines.",
    );
    assert.deepEqual(toListingEntry(dup, byId(original, dup), 200), {
      titleLine: "Asked before [duplicate]",
      tags: ["bash"],
      excerpt: "I want to loop over lines.",
      askedKey: ASKED,
      state: "duplicate",
      origin: { answers: 0 },
    });
  });

  it("gives no notice when the duplicated question is not among the questions", () => {
    const dup = question("beta", { state: "duplicate", duplicateOf: "missing" }, "Body.");
    assert.equal(toListingEntry(dup, byId(original, dup), 200).excerpt, "Body.");
  });

  it("keeps a body of exactly excerptLength characters whole, and cuts one more", () => {
    const body = "aaaa bbbb cccc dddd"; // 19 characters
    const q = question("q", {}, body);
    assert.equal(toListingEntry(q, byId(q), 19).excerpt, "aaaa bbbb cccc dddd");
    assert.equal(toListingEntry(q, byId(q), 18).excerpt, "aaaa bbbb cccc...");
  });
});

describe("listingEntrySchema", () => {
  // The live collection has no schema of its own (src/live.config.ts): the entries' type is the
  // loader's word, which this holds derived entries to.
  it("accepts every derived entry as is: open, closed and duplicate, with nothing left over", () => {
    const closed = question("c", { state: "closed", title: "Closed one" }, "Off topic.");
    const duplicate = question("d", { state: "duplicate", duplicateOf: "alpha" }, "Same *thing*.");
    const questions = byId(original, closed, duplicate);
    for (const q of questions.values()) {
      const entry = toListingEntry(q, questions, 40);
      assert.deepEqual(listingEntrySchema.strict().parse(entry), entry, q.id);
    }
  });
});

describe("duplicateReferenceProblem", () => {
  const existing = new Set(["alpha", "beta", "broken"]);

  it("finds nothing when duplicateOf names another existing question", () => {
    assert.equal(
      duplicateReferenceProblem(
        { id: "beta", file: "content/questions/beta.md", duplicateOf: "alpha" },
        existing,
      ),
      undefined,
    );
  });

  it("finds nothing when duplicateOf names a file that exists but has problems of its own", () => {
    assert.equal(
      duplicateReferenceProblem(
        { id: "beta", file: "content/questions/beta.md", duplicateOf: "broken" },
        existing,
      ),
      undefined,
    );
  });

  it("reports a duplicateOf naming no question, with the file it expected and the fix", () => {
    assert.deepEqual(
      duplicateReferenceProblem(
        { id: "beta", file: "content/questions/beta.md", duplicateOf: "gamma" },
        existing,
      ),
      {
        file: "content/questions/beta.md",
        field: "duplicateOf",
        reason:
          '"gamma" does not name a question (there is no questions/gamma.md); correct the id or remove duplicateOf',
      },
    );
  });

  it("reports a question that names itself as its original", () => {
    assert.deepEqual(
      duplicateReferenceProblem(
        { id: "beta", file: "content/questions/beta.md", duplicateOf: "beta" },
        existing,
      ),
      {
        file: "content/questions/beta.md",
        field: "duplicateOf",
        reason: 'names this question itself; set it to the id of the question "beta" duplicates',
      },
    );
  });

  it("reports a self-reference even when no other question exists", () => {
    assert.deepEqual(
      duplicateReferenceProblem(
        { id: "solo", file: "q/solo.md", duplicateOf: "solo" },
        new Set(["solo"]),
      ),
      {
        file: "q/solo.md",
        field: "duplicateOf",
        reason: 'names this question itself; set it to the id of the question "solo" duplicates',
      },
    );
  });
});

describe("questionFromEntry", () => {
  it("rebuilds the question an entry came from, so deriving it again gives the same entry", () => {
    const dup = question(
      "beta",
      { title: "Loop", state: "duplicate", duplicateOf: "alpha", answers: 3, tags: ["a", "b"] },
      "Same body.",
    );
    for (const q of [original, dup]) {
      const questions = byId(original, dup);
      const entry = toListingEntry(q, questions, 60);
      const rebuilt = questionFromEntry(q.id, q.file, entry);
      assert.deepEqual(rebuilt.frontmatter, q.frontmatter);
      assert.deepEqual(toListingEntry(rebuilt, questions, 60), entry);
    }
  });

  it("keeps a stored excerpt that was cut: cutting it again changes nothing", () => {
    const long = question("long", {}, "word ".repeat(40));
    const entry = toListingEntry(long, byId(long), 30);
    assert.equal(entry.excerpt, "word word word word word...");
    const rebuilt = questionFromEntry("long", long.file, entry);
    assert.equal(toListingEntry(rebuilt, byId(rebuilt), 30).excerpt, entry.excerpt);
  });
});
