import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { checkPages, classifyPages, mainText } from "../../scripts/bench/output-stats.ts";

describe("classifyPages", () => {
  it("tells the listing pages and the question pages from everything else", () => {
    assert.deepEqual(
      classifyPages([
        "404.html",
        "_astro/site.1a2b.css",
        "_headers",
        "favicon.svg",
        "index.html",
        "page/2/index.html",
        "page/10/index.html",
        "questions/q000001/index.html",
        "questions/q000002/index.html",
        "robots.txt",
      ]),
      {
        listingPages: ["index.html", "page/2/index.html", "page/10/index.html"],
        questionPages: ["q000001", "q000002"],
      },
    );
  });

  it("takes no other page for a listing page or a question page", () => {
    assert.deepEqual(
      classifyPages([
        "page/0/index.html",
        "page/x/index.html",
        "page/2/other.html",
        "questions/index.html",
        "questions/q1/answers/index.html",
        "questions/q1/other.html",
        "tags/java/index.html",
        "tags/index.html",
      ]),
      { listingPages: [], questionPages: [] },
    );
  });
});

describe("checkPages", () => {
  const ids = ["q1", "q2", "q3"];

  it("finds nothing wrong with a page per question and every entry listed", () => {
    assert.deepEqual(checkPages(ids, { questionPages: ["q1", "q2", "q3"], entries: 3 }), []);
  });

  it("names the questions without a page, the pages for none, and a short listing", () => {
    assert.deepEqual(checkPages(ids, { questionPages: ["q1", "q4"], entries: 2 }), [
      "2 of 3 questions have no page (first: q2)",
      "1 question pages for no question (first: q4)",
      "the listing has 2 entries for 3 questions",
    ]);
  });
});

describe("mainText", () => {
  it("reads the text of <main> only, as a reader sees it", () => {
    const html =
      '<html><head><title>T</title></head><body><nav><a href="x">Home</a></nav>' +
      '<main class="question-page"><h1>A &amp; B</h1>\n  <p>one<br>two</p><script>x()</script>' +
      "<article><p>an   answer</p></article></main><footer>credit</footer></body></html>";
    assert.equal(mainText(html), "A & B one two an answer");
  });

  it("is empty for a page without <main>", () => {
    assert.equal(mainText("<p>no main</p>"), "");
  });
});
