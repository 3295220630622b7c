import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { addComments } from "../../scripts/bench/comments.ts";
import { addUsers, linkUsers, userFile, type Person } from "../../scripts/bench/users.ts";
import { splitFrontmatter } from "../../src/lib/frontmatter.ts";
import { answerFrontmatterSchema } from "../../src/schemas/answer.ts";
import { questionFrontmatterSchema } from "../../src/schemas/question.ts";
import { userFrontmatterSchema } from "../../src/schemas/user.ts";

/** A question as ../shared/bench/gen-corpus.mjs --v2 writes one, by user `n` (none: deleted). */
const question = (n: number | undefined, name: string) =>
  [
    "---",
    "title: How do I sort a list?",
    "tags: [python, sorting]",
    "asked: 2015-12-30T12:01:10Z",
    "answers: 1",
    `author: ${name}`,
    ...(n === undefined ? [] : [`authorUrl: https://example.org/users/${n}`]),
    "score: 3",
    "source: https://example.org/q/1",
    "license: CC BY-SA 4.0",
    "---",
    "Body of the question, naming authorUrl: https://example.org/users/5 as text.",
    "",
  ].join("\n");
/** An answer as gen-corpus.mjs --v2 writes one. */
const answer = (n: number, name: string) =>
  [
    "---",
    "question: q000001",
    "answered: 2016-01-02T08:00:00Z",
    "score: 2",
    `author: ${name}`,
    `authorUrl: https://example.org/users/${n}`,
    "---",
    "Use `sorted()`.",
    "",
  ].join("\n");

/** gen-corpus.mjs's name for user `n`: always the same one. */
const nameOf = (n: number) => (n % 7 === 1 ? '"Farah & Kim <ops>"' : `Yuki Tanaka${n}`);

/** A corpus of 40 questions and 60 answers by a few users, then comments (comments.ts). */
function writeCorpus(work: string): string {
  const plain = join(work, "plain");
  mkdirSync(join(plain, "questions"), { recursive: true });
  mkdirSync(join(plain, "answers"));
  writeFileSync(join(plain, "community.yaml"), "name: Bench\n");
  for (let index = 1; index <= 40; index++) {
    const n = index % 10 === 0 ? undefined : 1 + (index % 13);
    const file = `q${String(index).padStart(6, "0")}.md`;
    writeFileSync(join(plain, "questions", file), question(n, nameOf(n ?? 0)));
  }
  for (let index = 1; index <= 60; index++) {
    const n = 1 + ((index * index) % 29);
    writeFileSync(
      join(plain, "answers", `a${String(index).padStart(6, "0")}.md`),
      answer(n, nameOf(n)),
    );
  }
  addComments(plain, join(work, "commented"), { seed: 2, rate: 1 });
  return join(work, "commented");
}

/** Every post file of a corpus: its folder, name and text. */
function posts(corpus: string): { folder: string; name: string; text: string }[] {
  return ["questions", "answers"].flatMap((folder) =>
    readdirSync(join(corpus, folder)).map((name) => ({
      folder,
      name,
      text: readFileSync(join(corpus, folder, name), "utf8"),
    })),
  );
}

const frontmatter = (text: string): Record<string, unknown> =>
  parse(splitFrontmatter(text)?.yaml ?? "") as Record<string, unknown>;

describe("linkUsers", () => {
  it("makes each example.org profile of the post and its comments a user:, body unchanged", () => {
    const text = [
      "---",
      "question: q000001",
      "answered: 2016-01-02T08:00:00Z",
      "author: Grace",
      "authorUrl: https://example.org/users/42",
      "comments:",
      '  - id: "1"',
      '    text: "Thanks."',
      "    commented: 2016-01-03T08:00:00Z",
      '    author: "<b>Ada</b> & co"',
      '    authorUrl: "https://example.org/users/7"',
      '  - id: "2"',
      '    text: "Elsewhere."',
      "    commented: 2016-01-04T08:00:00Z",
      "    author: Linus",
      "    authorUrl: https://example.com/linus",
      "score: 2",
      "---",
      "authorUrl: https://example.org/users/5",
      "",
    ].join("\n");
    const linked = linkUsers(text);
    assert.deepEqual(linked.credits, [
      { user: "42", name: "Grace", comment: false, date: Date.UTC(2016, 0, 2, 8) },
      { user: "7", name: "<b>Ada</b> & co", comment: true, date: Date.UTC(2016, 0, 3, 8) },
    ]);
    const fields = frontmatter(linked.text) as Record<string, unknown> & {
      comments: Record<string, unknown>[];
    };
    assert.equal(fields["user"], "42");
    assert.equal(fields["authorUrl"], undefined);
    assert.equal(fields.comments[0]?.["user"], "7");
    assert.equal(fields.comments[1]?.["authorUrl"], "https://example.com/linus");
    assert.equal(splitFrontmatter(linked.text)?.body, splitFrontmatter(text)?.body);
  });

  it("leaves a deleted account's post as it is", () => {
    const text = question(undefined, "Gone");
    assert.deepEqual(linkUsers(text), { text, credits: [] });
  });
});

describe("addUsers", () => {
  it("writes the same corpus each time, the corpus before it left as it was", () => {
    const work = mkdtempSync(join(tmpdir(), "bench-users-"));
    try {
      const from = writeCorpus(work);
      const before = posts(from);
      const first = addUsers(from, join(work, "one"), { seed: 3 });
      addUsers(from, join(work, "two"), { seed: 3 });
      assert.deepEqual(posts(from), before);
      for (const folder of ["questions", "answers", "users"]) {
        for (const name of readdirSync(join(work, "one", folder))) {
          assert.equal(
            readFileSync(join(work, "one", folder, name), "utf8"),
            readFileSync(join(work, "two", folder, name), "utf8"),
          );
        }
      }
      assert.equal(first.posts, 100);
      assert.equal(first.busiest?.posts, Math.max(...busiestCounts(join(work, "one"))));
      assert.equal(readFileSync(join(work, "one", "community.yaml"), "utf8"), "name: Bench\n");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("gives every user: a file, every file a post or comment, and files the schemas accept", () => {
    const work = mkdtempSync(join(tmpdir(), "bench-users-"));
    try {
      const out = join(work, "out");
      const summary = addUsers(writeCorpus(work), out, { seed: 1 });
      const named = new Set<string>();
      for (const { folder, name, text } of posts(out)) {
        const fields = frontmatter(text);
        const schema = folder === "questions" ? questionFrontmatterSchema : answerFrontmatterSchema;
        const result = schema.safeParse(fields);
        assert.ok(result.success, `${name}: ${JSON.stringify(result.error?.issues[0])}`);
        const comments = (fields["comments"] ?? []) as Record<string, unknown>[];
        for (const credit of [fields, ...comments]) {
          assert.ok(!String(credit["authorUrl"] ?? "").startsWith("https://example.org/users/"));
          if (credit["user"] !== undefined) named.add(String(credit["user"]));
        }
      }
      const files = readdirSync(join(out, "users")).map((name) => name.slice(0, -".md".length));
      assert.deepEqual(files.sort(), [...named].sort());
      assert.equal(summary.users, files.length);
      assert.ok(summary.credits > 90, `${summary.credits} credits`);
      for (const id of files) {
        const fields = frontmatter(readFileSync(join(out, "users", `${id}.md`), "utf8"));
        const result = userFrontmatterSchema.safeParse(fields);
        assert.ok(result.success, `users/${id}.md: ${JSON.stringify(result.error?.issues[0])}`);
        assert.equal(fields["source"], `https://example.org/users/${id}`);
      }
      // A user with posts is named as their posts name them.
      const three = frontmatter(readFileSync(join(out, "users", "3.md"), "utf8"));
      assert.equal(three["name"], "Yuki Tanaka3");
      assert.equal(
        frontmatter(readFileSync(join(out, "users", "8.md"), "utf8"))["name"],
        "Farah & Kim <ops>",
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

/** How many questions and answers each user of a corpus wrote. */
function busiestCounts(corpus: string): number[] {
  const counts = new Map<string, number>();
  for (const { text } of posts(corpus)) {
    const user = frontmatter(text)["user"];
    if (typeof user === "string") counts.set(user, (counts.get(user) ?? 0) + 1);
  }
  return [...counts.values()];
}

describe("userFile", () => {
  const person = (posts: number): Person => ({
    name: "Ada",
    posts,
    comments: 2,
    first: Date.UTC(2014, 5, 1),
    last: Date.UTC(2020, 5, 1),
  });
  const fieldsOf = (seed: number, id: string, someone: Person, format = "markdown" as const) =>
    frontmatter(userFile(seed, id, someone, format).text);

  it("is the same for the same seed and user, and others for another seed", () => {
    assert.equal(
      userFile(1, "12", person(3), "markdown").text,
      userFile(1, "12", person(3), "markdown").text,
    );
    const ids = Array.from({ length: 50 }, (_, index) => String(index + 1));
    assert.notDeepEqual(
      ids.map((id) => userFile(1, id, person(3), "markdown").text),
      ids.map((id) => userFile(2, id, person(3), "markdown").text),
    );
  });

  it("gives more reputation for more posts, joined before the first and seen after the last", () => {
    const ids = Array.from({ length: 400 }, (_, index) => String(index + 1));
    const reputation = (posts: number) =>
      ids.reduce((sum, id) => sum + Number(fieldsOf(1, id, person(posts))["reputation"]), 0);
    assert.ok(reputation(100) > 20 * reputation(1), `${reputation(100)} against ${reputation(1)}`);
    for (const id of ids) {
      const fields = fieldsOf(1, id, person(5));
      assert.ok(Date.parse(String(fields["joined"])) <= Date.UTC(2014, 5, 1));
      assert.ok(Date.parse(String(fields["joined"])) >= Date.UTC(2008, 6, 31));
      if (fields["lastSeen"] !== undefined)
        assert.ok(Date.parse(String(fields["lastSeen"])) >= Date.UTC(2020, 5, 1));
    }
  });

  it("writes locations, sites, badges and About me for some, a few hostile, in the body format", () => {
    const ids = Array.from({ length: 2000 }, (_, index) => String(index + 1));
    const files = ids.map((id) => userFile(1, id, person(20), "html"));
    const share = (test: (text: string) => boolean) =>
      files.filter(({ text }) => test(text)).length / files.length;
    for (const field of ["location", "website", "badges"]) {
      const some = share((text) => text.includes(`\n${field}:`));
      assert.ok(some > 0.1 && some < 0.9, `${field}: ${some}`);
    }
    const about = share((text) => !text.endsWith("\n---\n"));
    assert.ok(about > 0.25 && about < 0.45, `About me: ${about}`);
    assert.ok(share((text) => /\n---\n\n<p>/.test(text)) === about);
    const hostile = files.filter((file) => file.hostile).length / files.length;
    assert.ok(hostile > 0.005 && hostile < 0.04, `hostile: ${hostile}`);
    assert.match(
      files.find((file) => file.hostile)?.text ?? "",
      /<script|onerror|javascript:|<iframe|<style|onclick/,
    );
  });
});
