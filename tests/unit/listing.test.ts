import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { toListingEntry } from "../../src/core/listing.ts";
import { duplicateReferenceProblem } from "../../src/core/content.ts";
import { readQuestionFile } from "../../src/core/question-file.ts";
import type { QuestionEntry, QuestionFrontmatter } from "../../src/schemas/question.ts";
import { bodyToPlainText } from "../../src/lib/plain-text.ts";

const ASKED = "2024-03-05T14:22:10.000000000Z";

interface Question {
  id: string;
  entry: QuestionEntry;
}

function question(
  id: string,
  frontmatter: Partial<Omit<QuestionFrontmatter, "comments">>,
  body: string,
): Question {
  return {
    id,
    entry: {
      title: `Title of ${id}`,
      tags: ["bash"],
      asked: ASKED,
      state: "open",
      answers: 0,
      score: 0,
      ...frontmatter,
      // The body's whole text: reading a file may cut it first, which the tests below allow.
      bodyText: bodyToPlainText(body),
      bodyHtml: "",
      bodyWords: "",
      searchText: "",
    },
  };
}

function byId(...questions: Question[]): Map<string, QuestionEntry> {
  return new Map(questions.map((q) => [q.id, q.entry]));
}

/** `toListingEntry` of `q` among `questions`, as the rules across files call it. */
function listed(q: Question, questions: Map<string, QuestionEntry>, excerptLength: number) {
  const { duplicateOf } = q.entry;
  const original = duplicateOf === undefined ? undefined : questions.get(duplicateOf);
  return toListingEntry(
    q.id,
    q.entry,
    original && { title: original.title, answers: original.answers ?? 0 },
    excerptLength,
  );
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
    assert.deepEqual(listed(q, byId(q), 200), {
      id: q.id,
      titleLine: "How do I x?",
      tags: ["shell", "bash", "io"],
      excerpt: "Use this: cat file",
    });
  });

  it("marks a closed question's title with [closed] and adds no notice", () => {
    const q = question("q", { title: "Off topic?", state: "closed" }, "Body.");
    assert.deepEqual(listed(q, byId(q), 200), {
      id: q.id,
      titleLine: "Off topic? [closed]",
      tags: ["bash"],
      excerpt: "Body.",
    });
  });

  it("opens a duplicate's excerpt with the notice, one space, then the body text", () => {
    const dup = question(
      "beta",
      { title: "Reading lines in a loop", state: "duplicate", duplicateOf: "alpha" },
      "I want to loop over lines.",
    );
    assert.deepEqual(listed(dup, byId(original, dup), 200), {
      id: dup.id,
      titleLine: "Reading lines in a loop [duplicate]",
      tags: ["bash"],
      excerpt:
        "This question already has an answer here: How do I read a file line by line? (1 answer) I want to loop over lines.",
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
      listed(dup, byId(closedOriginal, dup), 200).excerpt,
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
      listed(dup, byId(original, dup), 200).excerpt,
      "This question already has an answer here: How do I read a file line by line? (1 answer) I want to loop.",
    );
  });

  it("shows the notice alone, with no trailing space, for a duplicate with an empty body", () => {
    const dup = question("beta", { state: "duplicate", duplicateOf: "alpha" }, "");
    assert.equal(
      listed(dup, byId(original, dup), 200).excerpt,
      "This question already has an answer here: How do I read a file line by line? (1 answer)",
    );
  });

  it("cuts the notice and body together to excerptLength, dots included", () => {
    const dup = question(
      "beta",
      { state: "duplicate", duplicateOf: "alpha" },
      "I want to loop over lines.",
    );
    const excerpt = listed(dup, byId(original, dup), 60).excerpt;
    assert.equal(excerpt, "This question already has an answer here: How do I read a...");
    assert.equal(excerpt.length, 60);
  });

  it("gives a duplicate without duplicateOf no notice", () => {
    const dup = question(
      "beta",
      { title: "Asked before", state: "duplicate" },
      "I want to loop over lines.",
    );
    assert.deepEqual(listed(dup, byId(original, dup), 200), {
      id: dup.id,
      titleLine: "Asked before [duplicate]",
      tags: ["bash"],
      excerpt: "I want to loop over lines.",
    });
  });

  it("gives no notice when the duplicated question is not among the questions", () => {
    const dup = question("beta", { state: "duplicate", duplicateOf: "missing" }, "Body.");
    assert.equal(listed(dup, byId(original, dup), 200).excerpt, "Body.");
  });

  it("keeps a body of exactly excerptLength characters whole, and cuts one more", () => {
    const body = "aaaa bbbb cccc dddd"; // 19 characters
    const q = question("q", {}, body);
    assert.equal(listed(q, byId(q), 19).excerpt, "aaaa bbbb cccc dddd");
    assert.equal(listed(q, byId(q), 18).excerpt, "aaaa bbbb cccc...");
  });
});

describe("a listing entry", () => {
  // What the listing shows of a question and nothing more: a field left over would be written
  // into every listing page's props, and so into what a rebuild compares.
  it("holds the listing's four fields and nothing else: open, closed and duplicate", () => {
    const closed = question("c", { state: "closed", title: "Closed one" }, "Off topic.");
    const duplicate = question("d", { state: "duplicate", duplicateOf: "alpha" }, "Same *thing*.");
    const questions = byId(original, closed, duplicate);
    for (const q of [original, closed, duplicate]) {
      const entry = listed(q, questions, 40);
      assert.deepEqual(Object.keys(entry).sort(), ["excerpt", "id", "tags", "titleLine"], q.id);
      assert.ok(
        entry.tags.every((tag) => typeof tag === "string"),
        q.id,
      );
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

describe("the entry a question file yields", () => {
  const settings = { excerptLength: 30, bodyFormat: "markdown", math: "off" } as const;
  const file = (fields: string, body: string) =>
    `---\ntitle: Loop\ntags: [a, b]\nasked: "2024-03-05T14:22:10Z"\n${fields}---\n${body}`;

  it("is its frontmatter as checked, its body text, cut to the excerpt when no notice will precede it, and the body's search words", () => {
    const reading = readQuestionFile(file("answers: 3\n", "word ".repeat(40)), "long", settings);
    assert.deepEqual(reading, {
      entry: {
        title: "Loop",
        tags: ["a", "b"],
        asked: ASKED,
        state: "open",
        answers: 3,
        score: 0,
        bodyText: "word word word word word...",
        bodyHtml: "<p>" + "word ".repeat(39) + "word</p>\n",
        bodyWords: "word",
        searchText: "word ".repeat(39) + "word",
      },
    });
  });

  it("keeps a duplicate's body text whole, for the notice its original's changes may rewrite", () => {
    const reading = readQuestionFile(
      file("state: duplicate\nduplicateOf: alpha\n", "word ".repeat(40)),
      "dup",
      settings,
    );
    assert.equal(reading.entry?.bodyText, "word ".repeat(40).trim());
  });

  it("lists the same excerpt as the whole text would: cutting again changes nothing", () => {
    const long = question("long", {}, "word ".repeat(40));
    const reading = readQuestionFile(file("", "word ".repeat(40)), "long", settings);
    assert.ok(reading.entry);
    const fromFile = { id: "long", entry: reading.entry };
    assert.equal(listed(fromFile, byId(fromFile), 30).excerpt, "word word word word word...");
    assert.equal(
      listed(fromFile, byId(fromFile), 30).excerpt,
      listed(long, byId(long), 30).excerpt,
    );
  });

  it("gives the same listing entry when it comes back from the entry cache as JSON", () => {
    const dup = question(
      "beta",
      { title: "Loop", state: "duplicate", duplicateOf: "alpha", answers: 3, tags: ["a", "b"] },
      "Same body.",
    );
    for (const q of [original, dup]) {
      const questions = byId(original, dup);
      const cached = new Map(
        [...questions].map(([id, entry]) => [
          id,
          JSON.parse(JSON.stringify(entry)) as QuestionEntry,
        ]),
      );
      const kept = { id: q.id, entry: cached.get(q.id) as QuestionEntry };
      assert.deepEqual(listed(kept, cached, 60), listed(q, questions, 60));
    }
  });
});
