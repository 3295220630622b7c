import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { addComments, drawComments, withComments } from "../../scripts/bench/comments.ts";
import { splitFrontmatter } from "../../src/lib/frontmatter.ts";
import { answerFrontmatterSchema } from "../../src/schemas/answer.ts";
import { questionFrontmatterSchema } from "../../src/schemas/question.ts";

const QUESTION = [
  "---",
  'title: "How do I sort a list?"',
  "tags: [python, sorting]",
  "asked: 2015-12-30T12:01:10Z",
  "answers: 1",
  "---",
  "Body of the question.",
  "",
].join("\n");
const ANSWER = [
  "---",
  "question: q000001",
  "answered: 2016-01-02T08:00:00Z",
  "score: 2",
  "---",
  "Use `sorted()`.",
  "",
].join("\n");

/** The comments drawn for posts 1..n of one kind: one list per post. */
const sample = (n: number, seed = 1, rate = 1) =>
  Array.from({ length: n }, (_, index) =>
    drawComments({ seed, rate, post: `q${String(index + 1).padStart(6, "0")}`, after: 1.4e12 }),
  );

describe("drawComments", () => {
  it("draws the same comments for the same seed and post, others for another seed", () => {
    assert.deepEqual(sample(200), sample(200));
    assert.notDeepEqual(sample(200, 1), sample(200, 2));
  });

  it("gives about one comment per post, most posts none, a few long threads", () => {
    const posts = sample(20_000);
    const counts = posts.map((comments) => comments.length);
    const total = counts.reduce((sum, count) => sum + count, 0);
    assert.ok(total / counts.length > 0.85 && total / counts.length < 1.15, `${total}`);
    const none = counts.filter((count) => count === 0).length / counts.length;
    assert.ok(none > 0.45 && none < 0.7, `${none} of posts with none`);
    const long = counts.filter((count) => count > 5).length / counts.length;
    assert.ok(long > 0.005 && long < 0.05, `${long} of posts over 5 (the fold)`);
  });

  it("writes none at rate 0, and twice as many at rate 2", () => {
    assert.equal(sample(2000, 1, 0).flat().length, 0);
    const twice = sample(10_000, 1, 2).flat().length / 10_000;
    assert.ok(twice > 1.8 && twice < 2.2, `${twice}`);
  });

  it("writes Stack Exchange's lengths, its Markdown, and hostile text now and then", () => {
    const comments = sample(20_000).flat();
    const lengths = comments.map((comment) => comment.text.length);
    assert.ok(Math.max(...lengths) <= 600);
    const typical = lengths.filter((length) => length >= 50 && length <= 200).length;
    assert.ok(typical / lengths.length > 0.6, `${typical / lengths.length} between 50 and 200`);
    const share = (pattern: RegExp) =>
      comments.filter((comment) => pattern.test(comment.text)).length / comments.length;
    for (const pattern of [/\*\*\w/, /`[^`]+`/, /\]\(https:/, /(^|\s)https?:\/\//, /\[tag:/]) {
      assert.ok(share(pattern) > 0.02, `${pattern} in ${share(pattern)}`);
    }
    const hostile = share(/<script|javascript:|onerror=|<iframe|data:text\/html/i);
    assert.ok(hostile > 0.02 && hostile < 0.1, `${hostile} hostile`);
  });

  it("keeps each post's comments oldest first, after the post, with ids unique over the corpus", () => {
    const posts = sample(5000);
    for (const comments of posts) {
      const dates = comments.map((comment) => Date.parse(comment.commented));
      assert.deepEqual(
        dates,
        [...dates].sort((a, b) => a - b),
      );
      assert.ok(dates.every((date) => date >= 1.4e12));
    }
    const ids = posts.flat().map((comment) => comment.id);
    assert.equal(new Set(ids).size, ids.length);
  });
});

describe("withComments", () => {
  it("writes frontmatter that the build's schemas accept, body unchanged", () => {
    let checked = 0;
    for (let index = 1; index <= 300; index++) {
      const post = `q${String(index).padStart(6, "0")}`;
      for (const [text, schema] of [
        [QUESTION, questionFrontmatterSchema],
        [ANSWER, answerFrontmatterSchema],
      ] as const) {
        const written = withComments(text, { seed: 1, rate: 1, post });
        const split = splitFrontmatter(written);
        assert.ok(split);
        assert.equal(split.body, splitFrontmatter(text)?.body);
        const fields = parse(split.yaml) as { comments?: { text: string }[] };
        const result = schema.safeParse(fields);
        assert.ok(result.success, `${post}: ${JSON.stringify(result.error?.issues[0])}`);
        const drawn = drawComments({ seed: 1, rate: 1, post, after: 0 });
        assert.deepEqual(
          (fields.comments ?? []).map((comment) => comment.text),
          drawn.map((comment) => comment.text),
        );
        checked += fields.comments?.length ?? 0;
      }
    }
    assert.ok(checked > 300, `${checked} comments checked`);
  });
});

describe("addComments", () => {
  it("copies a corpus with comments on its questions and answers, the same bytes each time", () => {
    const work = mkdtempSync(join(tmpdir(), "bench-comments-"));
    try {
      const from = join(work, "plain");
      mkdirSync(join(from, "questions"), { recursive: true });
      mkdirSync(join(from, "answers"));
      writeFileSync(join(from, "community.yaml"), "name: Bench\n");
      for (let index = 1; index <= 50; index++) {
        const id = String(index).padStart(6, "0");
        writeFileSync(join(from, "questions", `q${id}.md`), QUESTION);
        writeFileSync(join(from, "answers", `a${id}.md`), ANSWER);
      }
      const first = addComments(from, join(work, "one"), { seed: 3, rate: 1 });
      addComments(from, join(work, "two"), { seed: 3, rate: 1 });
      assert.equal(readFileSync(join(work, "one", "community.yaml"), "utf8"), "name: Bench\n");
      assert.equal(first.posts, 100);
      assert.ok(first.comments > 50 && first.comments < 200, `${first.comments}`);
      for (const folder of ["questions", "answers"]) {
        for (const name of readdirSync(join(work, "one", folder))) {
          assert.equal(
            readFileSync(join(work, "one", folder, name), "utf8"),
            readFileSync(join(work, "two", folder, name), "utf8"),
          );
        }
      }
      // The plain corpus is left as it was.
      assert.equal(readFileSync(join(from, "questions", "q000001.md"), "utf8"), QUESTION);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
