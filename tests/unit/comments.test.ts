import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renderCommentHtml } from "../../src/lib/comment-html.ts";
import { readQuestionFile } from "../../src/core/question-file.ts";
import { foldComments } from "../../src/core/comments.ts";
import { communityWith, pagesOf as assembledPages } from "../helpers/content-in-memory.ts";

/*
 * Comments under posts: their Markdown, their checks, and how a question's page shows them,
 * their links settled as bodies' are.
 */

const ORIGIN = "https://beer.stackexchange.com";
const community = communityWith({ name: "Beer", origin: ORIGIN });

describe("a comment's text", () => {
  const html = (text: string) => renderCommentHtml(text, ORIGIN).html;

  it("reads Stack Exchange's comment Markdown, inline only", () => {
    assert.equal(
      html("**bold** *it* `a <b>` [docs](https://example.org/d) https://example.org/x"),
      '<strong>bold</strong> <em>it</em> <code>a &lt;b&gt;</code> <a href="https://example.org/d" rel="nofollow noopener noreferrer">docs</a> <a href="https://example.org/x" rel="nofollow noopener noreferrer">https://example.org/x</a>',
    );
    assert.equal(
      html("# no heading\n- no list\n> no quote"),
      "# no heading\n- no list\n&gt; no quote",
    );
  });

  it("links [tag:x] to the tag's questions, to be settled as any link to the site", () => {
    const { html: tagged, links } = renderCommentHtml("see [tag:ipa], not `[tag:x]`", ORIGIN);
    assert.match(
      tagged,
      /<a data-post="t\/ipa" href="https:\/\/beer\.stackexchange\.com\/questions\/tagged\/ipa"/,
    );
    assert.match(tagged, /<code>\[tag:x\]<\/code>/);
    assert.deepEqual(links.targets, ["t/ipa"]);
  });

  it("on a meta site, links [tag:x] to the main site's tag and [meta-tag:x] to its own", () => {
    const meta = renderCommentHtml(
      "[tag:children] and [meta-tag:discussion]",
      "https://bicycles.meta.stackexchange.com",
    );
    assert.equal(
      meta.html,
      '<a href="https://bicycles.stackexchange.com/questions/tagged/children" rel="nofollow noopener noreferrer">children</a> and <a data-post="t/discussion" href="https://bicycles.meta.stackexchange.com/questions/tagged/discussion" rel="nofollow noopener noreferrer">discussion</a>',
    );
    assert.deepEqual(meta.links.targets, ["t/discussion"]);
    assert.match(
      renderCommentHtml("[tag:git]", "https://meta.superuser.com").html,
      /href="https:\/\/superuser\.com\/questions\/tagged\/git"/,
    );
    // On a main site, [meta-tag:x] is its meta's tag.
    assert.match(
      renderCommentHtml("[meta-tag:support]", ORIGIN).html,
      /^<a href="https:\/\/beer\.meta\.stackexchange\.com\/questions\/tagged\/support" rel/,
    );
  });

  it("shows HTML and script addresses as text: nothing in a comment runs", () => {
    assert.equal(
      html("<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))"),
      "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; [x](javascript:alert(3))",
    );
  });
});

const settings = { excerptLength: 200, bodyFormat: "markdown", math: "off" } as const;
const read = (frontmatter: string) =>
  readQuestionFile(
    `---\ntitle: A\ntags: [ipa]\nasked: 2024-01-01\n${frontmatter}---\nBody.\n`,
    "q",
    settings,
  );

describe("a post's comments field", () => {
  it("reports a field that is no list, or an empty item, rather than failing the build", () => {
    assert.deepEqual(
      read('comments: "Nice!"\n').problems?.map(({ field }) => field),
      ["comments"],
    );
    assert.deepEqual(
      read("comments:\n  -\n").problems?.map(({ field }) => field),
      ["comments[0]"],
    );
  });

  it("takes comments with their credit, rendered", () => {
    const reading = read(
      'comments:\n  - id: "7"\n    text: "Which *hops*?"\n    commented: "2024-01-02T10:00:00Z"\n    score: 2\n    author: Ada\n    authorUrl: https://example.org/u/1\n    license: CC BY-SA 4.0\n',
    );
    assert.deepEqual(JSON.parse(reading.entry?.commentsJson ?? "null"), [
      {
        id: "7",
        html: "Which <em>hops</em>?",
        commented: "2024-01-02T10:00:00.000000000Z",
        score: 2,
        author: "Ada",
        authorUrl: "https://example.org/u/1",
        license: "CC BY-SA 4.0",
      },
    ]);
  });

  it("reports every problem of every comment, naming the field, the reason and the fix", () => {
    const reading = read(
      'comments:\n  - id: 7\n    text: ""\n    commented: "2024-02-30"\n    score: -1\n    authorUrl: https://example.org/u/1\n    colour: red\n  - id: "8"\n    text: "x"\n    commented: 2024-01-02\n  - id: "8"\n    text: "y"\n    commented: 2024-01-03\n',
    );
    assert.deepEqual(
      reading.problems?.map(({ field, reason }) => `${field}: ${reason}`),
      [
        'comments[0].id: must be the comment\'s id, but YAML read the number 7; put it in quotes: id: "7"',
        "comments[0].text: is empty; write what the comment says, or remove the comment",
        'comments[0].commented: "2024-02-30" is not a real date-time: 2024-02 has no day 30; write it as "2024-03-05", "2024-03-05T14:22:10Z" or "2024-03-05T16:22:10+02:00"',
        "comments[0].score: must be at least 0, not -1; write a whole number of 0 or more, such as score: 1",
        "comments[0].colour: is not a field of a comment; the fields are id, text, commented, score, author, authorUrl, user, license. Check the spelling, or remove it",
        'comments[0].authorUrl: is only allowed with author; add the author\'s name, such as author: "Ada Lovelace", or remove authorUrl',
        'comments[2].id: "8" is the id of an earlier comment of this post; give each comment its own id',
      ],
    );
  });
});

function pagesOf(questions: Record<string, string>, answers: Record<string, string>) {
  const assembled = assembledPages(community, questions, answers);
  assert.ok(assembled.pages !== undefined, JSON.stringify(assembled));
  return { pages: assembled.pages, notes: assembled.notes };
}

describe("comments on a question's page", () => {
  const comment = (id: string, at: string, text: string) =>
    `  - id: "${id}"\n    text: "${text}"\n    commented: "${at}"\n`;
  const questions = {
    "1": `---\ntitle: One\ntags: [ipa]\nasked: 2024-01-01\ncomments:\n${comment("12", "2024-01-03", "Later")}${comment("11", "2024-01-02", "Earlier")}---\nBody.\n`,
    "2": `---\ntitle: Two\ntags: [ipa]\nasked: 2024-01-05\ncomments:\n${comment("21", "2024-01-06", "See [that comment](/questions/1/one/5#comment51_5) and [this one](/questions/1#comment11_1).")}---\nBody.\n`,
  };
  const answers = {
    "5": `---\nquestion: "1"\nanswered: 2024-01-02\ncomments:\n${comment("51", "2024-01-04", "On the answer")}---\nAnswer.\n`,
  };

  it("are shown oldest first, under the post they are on", () => {
    const one = pagesOf(questions, answers).pages.get("1");
    assert.deepEqual(
      one?.comments?.map(({ id, commented }) => [id, commented.text]),
      [
        ["11", "2024-01-02 00:00 UTC"],
        ["12", "2024-01-03 00:00 UTC"],
      ],
    );
    assert.deepEqual(
      one?.answers[0]?.comments?.map(({ html }) => html),
      ["On the answer"],
    );
  });

  it("are where Stack Exchange's links to a comment land, as links in comments are settled", () => {
    const { pages, notes } = pagesOf(questions, answers);
    const html = pages.get("2")?.comments?.[0]?.html ?? "";
    assert.match(
      html,
      /href="\.\.\/\.\.\/questions\/1\/index\.html#answer-5\.comment-51">that comment/,
    );
    assert.match(html, /href="\.\.\/\.\.\/questions\/1\/index\.html#comment-11">this one/);
    assert.match(notes[0] ?? "", /^\[links\] 2 links to posts lead to their pages/);
  });

  it("land on the question's page when the comment is gone", () => {
    const gone = { ...questions, "2": questions["2"].replace("comment11_1", "comment99_1") };
    const html = pagesOf(gone, answers).pages.get("2")?.comments?.[0]?.html ?? "";
    assert.match(html, /href="\.\.\/\.\.\/questions\/1\/index\.html">this one/);
  });
});

describe("folding a post's comments", () => {
  /** Comments in date order, each named by its place and scored. */
  const comments = (scores: number[]) => scores.map((score, at) => ({ id: `c${at}`, score }));
  const ids = (part: { id: string }[]) => part.map(({ id }) => id);

  it("shows the five highest-voted in date order and folds the rest, as bicycles.meta's 389", () => {
    const { shown, folded } = foldComments(comments([0, 0, 1, 0, 0, 0, 7, 0]), 5);
    // A 7-vote comment is never folded under 0-vote ones; equal scores keep the earlier.
    assert.deepEqual(ids(shown), ["c0", "c1", "c2", "c3", "c6"]);
    assert.deepEqual(ids(folded), ["c4", "c5", "c7"]);
  });

  it("folds nothing up to five", () => {
    const { shown, folded } = foldComments(comments([3, 0, 9]), 5);
    assert.deepEqual(ids(shown), ["c0", "c1", "c2"]);
    assert.deepEqual(folded, []);
  });
});
