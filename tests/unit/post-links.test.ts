import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renderBody } from "../../src/lib/body-html.ts";
import { readLinkAddress, resolvePostLinks } from "../../src/lib/post-links.ts";
import { communityWith, pagesOf as assembledPages } from "../helpers/content-in-memory.ts";

/*
 * Links between posts: every form Stack Exchange writes a link to a post in, read from a
 * body, then settled with the whole content, as a reader follows them on a question's page.
 */

const ORIGIN = "https://beer.stackexchange.com";

/** The target a link's address reads as, against the beer site. */
function targetOf(address: string, origin: string | undefined) {
  const reading = readLinkAddress(address, origin);
  return reading.kind === "site" ? reading.target : reading.kind;
}

describe("a link to the community's site", () => {
  const forms: [string, string][] = [
    ["https://beer.stackexchange.com/questions/105", "q/105"],
    ["https://beer.stackexchange.com/questions/105/what-is-a-lager", "q/105"],
    ["https://beer.stackexchange.com/questions/105/what-is-a-lager/110", "q/105/a/110"],
    ["https://beer.stackexchange.com/questions/105/what-is-a-lager/110#110", "q/105/a/110"],
    ["https://beer.stackexchange.com/questions/105/what-is-a-lager#110", "q/105/a/110"],
    ["https://beer.stackexchange.com/q/123", "q/123"],
    ["https://beer.stackexchange.com/q/123/26", "q/123"],
    ["https://beer.stackexchange.com/a/110", "a/110"],
    ["https://beer.stackexchange.com/a/110/26", "a/110"],
    ["http://beer.stackexchange.com/q/123", "q/123"],
    ["//beer.stackexchange.com/q/123", "q/123"],
    ["/questions/105/a-slug", "q/105"],
    ["/q/123?noredirect=1", "q/123"],
    ["https://beer.stackexchange.com/questions/105/slug?rq=1#comment12_105", "q/105/c/105/12"],
    ["https://beer.stackexchange.com/questions/105/slug#comment12_110", "q/105/c/110/12"],
    ["https://beer.stackexchange.com/questions/105/slug#footnote", "q/105"],
    ["/questions/105#comment-12", "q/105/c/105/12"],
    ["/questions/105#answer-110.comment-12", "q/105/c/110/12"],
    ["https://BEER.stackexchange.com/q/123", "q/123"],
    ["/questions/105#answer-110", "q/105/a/110"],
    ["#answer-110", "a/110"],
    ["/a/a-written-answer", "a/a-written-answer"],
    ["/questions/tagged/ipa", "t/ipa"],
    ["/tags/ipa", "t/ipa"],
    ["/tags/ipa/info", "t/ipa"],
    ["/questions/tagged/ipa+stout", "site"],
    ["https://beer.stackexchange.com/", "home"],
    ["/questions", "home"],
    ["/users/26/someone", "site"],
    ["/help/on-topic", "site"],
    ["https://stackoverflow.com/questions/105", "elsewhere"],
    ["https://meta.beer.stackexchange.com/questions/105", "elsewhere"],
    ["mailto:someone@example.org", "elsewhere"],
    ["image.png", "relative"],
    ["../questions/105", "relative"],
    ["#notes", "relative"],
  ];
  for (const [address, target] of forms) {
    it(`${address} reads as ${target}`, () => assert.equal(targetOf(address, ORIGIN), target));
  }

  it("is found root-relative without an origin, absolute only with one", () => {
    assert.equal(targetOf("/q/5", undefined), "q/5");
    assert.equal(targetOf("https://beer.stackexchange.com/q/5", undefined), "elsewhere");
  });
});

/** A body rendered against the beer site, its links then settled by `hrefOf`. */
function shown(
  body: string,
  hrefOf: (target: string) => string | undefined,
  origin: string | undefined = ORIGIN,
) {
  const rendered = renderBody(body, "markdown", 1, "off", origin);
  return { ...rendered, html: resolvePostLinks(rendered.html, hrefOf) };
}

describe("a body's links, settled", () => {
  const inArchive = (target: string) =>
    ({ "q/105": "../105/index.html", "a/110": "../105/index.html#answer-110" })[target];

  it("lead to the archive's page for a post it holds, with no rel and no trace", () => {
    const { html } = shown(
      "[q](https://beer.stackexchange.com/questions/105/x) [a](/a/110/26)",
      inArchive,
    );
    assert.equal(
      html,
      '<p><a href="../105/index.html">q</a> <a href="../105/index.html#answer-110">a</a></p>\n',
    );
  });

  it("stay on the original site, marked as leaving the archive, for a post it lacks", () => {
    const { html } = shown('[gone](/q/999 "A title")', inArchive);
    assert.equal(
      html,
      '<p><a class="leaves-archive" href="https://beer.stackexchange.com/q/999" rel="nofollow noopener noreferrer" title="A title">gone<span class="visually-hidden"> (not in this archive: opens the original site)</span></a></p>\n',
    );
  });

  it("keep their text alone when relative, an image's address included, and are counted", () => {
    const { html, links } = shown('[x](notes.html) <img src="x.png" alt="a circuit">', inArchive);
    assert.equal(html, '<p><span>x</span> <span class="image-link">Image: a circuit</span></p>\n');
    assert.deepEqual(links, { targets: [], dead: 2, images: [] });
  });

  it("keep their text alone when written root-relative to a missing post, with no origin", () => {
    const { html } = renderBody("[gone](/q/999)", "markdown", 1, "off");
    assert.equal(
      resolvePostLinks(html, () => undefined),
      "<p><span>gone</span></p>\n",
    );
  });

  it("leave other sites of the network and text in code alone", () => {
    const { html, links } = shown(
      "[so](https://stackoverflow.com/q/1) `https://beer.stackexchange.com/q/105` <code><a href='/q/105'>c</a></code>",
      inArchive,
    );
    assert.equal(
      html,
      '<p><a href="https://stackoverflow.com/q/1" rel="nofollow noopener noreferrer">so</a> <code>https://beer.stackexchange.com/q/105</code> <code><a href="../105/index.html">c</a></code></p>\n',
    );
    assert.deepEqual(links.targets, ["q/105"]);
  });

  it("cannot be forged by a post: its own data-post is never kept", () => {
    const { html } = shown(
      '<a href="https://example.org/" data-post="q/105">x</a> <span data-post="q/105">y</span>',
      inArchive,
    );
    assert.equal(
      html,
      '<p><a href="https://example.org/" rel="nofollow noopener noreferrer">x</a> <span>y</span></p>\n',
    );
  });
});

const community = communityWith({ name: "Beer", origin: ORIGIN });

const question = (asked: string, body: string, more = "") =>
  `---\ntitle: "Question of ${asked}"\ntags: [ipa]\nasked: ${asked}${more}\n---\n${body}\n`;

/** The pages of the questions and answers, each with its links settled, by id. */
const pagesOf = (questions: Record<string, string>, answers: Record<string, string> = {}) =>
  assembledPages(community, questions, answers);

describe("links across the content", () => {
  const questions = {
    "1": question("2024-01-01", "See [two](https://beer.stackexchange.com/questions/2/slug)."),
    "2": question("2024-01-02", "Alone."),
    "3": question("2024-01-03", "Read [this answer](/a/20/5) and [the tag](/tags/ipa)."),
  };
  const answers = { "20": '---\nquestion: "2"\nanswered: 2024-01-04\n---\nAn answer.\n' };

  it("lead from a question's page to another's, to an answer on it, and to a tag", () => {
    const { pages } = pagesOf(questions, answers);
    assert.match(
      pages?.get("1")?.bodyHtml ?? "",
      /<a href="\.\.\/\.\.\/questions\/2\/index\.html">two<\/a>/,
    );
    const third = pages?.get("3")?.bodyHtml ?? "";
    assert.match(third, /href="\.\.\/\.\.\/questions\/2\/index\.html#answer-20"/);
    assert.match(third, /href="\.\.\/\.\.\/tags\/ipa\/index\.html"/);
  });

  it("leave the archive once their target is deleted, in the next build", () => {
    const { pages } = pagesOf({ "1": questions["1"], "3": questions["3"] });
    assert.match(
      pages?.get("1")?.bodyHtml ?? "",
      /class="leaves-archive" href="https:\/\/beer\.stackexchange\.com\/questions\/2\/slug"/,
    );
    assert.match(
      pages?.get("3")?.bodyHtml ?? "",
      /class="leaves-archive" href="https:\/\/beer\.stackexchange\.com\/a\/20\/5"/,
    );
  });

  it("list the questions linked with each, both ways, newest first", () => {
    const { pages } = pagesOf(questions, answers);
    assert.deepEqual(pages?.get("2")?.linked, [
      { id: "3", titleLine: "Question of 2024-01-03" },
      { id: "1", titleLine: "Question of 2024-01-01" },
    ]);
    assert.deepEqual(pages?.get("1")?.linked, [{ id: "2", titleLine: "Question of 2024-01-02" }]);
  });

  it("are told in one line of the build's log", () => {
    const { notes } = pagesOf(
      { ...questions, "4": question("2024-01-05", "[x](/q/77) [y](y.html)") },
      answers,
    );
    assert.deepEqual(notes, [
      "[links] 3 links to posts lead to their pages in the archive; 1 link stays on the original site, for pages not in the archive; 1 link named no file of the archive and was left as text",
    ]);
  });

  it("link a duplicate and its original both ways", () => {
    const original = question("2024-01-01", "The original.");
    const duplicate = question(
      "2024-01-02",
      "Asked again.",
      '\nstate: duplicate\nduplicateOf: "1"',
    );
    const { pages } = pagesOf({ "1": original, "2": duplicate });
    assert.deepEqual(pages?.get("1")?.linked, [
      { id: "2", titleLine: "Question of 2024-01-02 [duplicate]" },
    ]);
    assert.deepEqual(pages?.get("2")?.linked, [{ id: "1", titleLine: "Question of 2024-01-01" }]);
  });

  it("take a question's linked field, which must name other questions", () => {
    const linked = {
      ...questions,
      "2": question("2024-01-02", "Alone.", '\nlinked: ["4"]'),
      "4": question("2024-01-05", "x"),
    };
    assert.deepEqual(pagesOf(linked).pages?.get("4")?.linked, [
      { id: "2", titleLine: "Question of 2024-01-02" },
    ]);
    const dangling = { "1": question("2024-01-01", "x", '\nlinked: ["9", "1"]') };
    assert.deepEqual(pagesOf(dangling).problems, [
      {
        file: "questions/1.md",
        field: "linked[0]",
        reason:
          '"9" does not name a question (there is no questions/9.md); correct the id or remove it from linked',
      },
      {
        file: "questions/1.md",
        field: "linked[1]",
        reason: "names this question itself; remove it",
      },
    ]);
  });
});
