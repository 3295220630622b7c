import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { classifyPages } from "../../scripts/bench/output-stats.ts";

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
