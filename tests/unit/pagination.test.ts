import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  pageLinks,
  pageParameter,
  pagePath,
  splitIntoPages,
  type PageLink,
} from "../../src/lib/pagination.ts";

/** Page links as an author reads them: "1 … 4 [5] 6 … 10". */
function shown(links: readonly PageLink[]): string {
  return links
    .map((link) => ("gap" in link ? "…" : link.current ? `[${link.number}]` : `${link.number}`))
    .join(" ");
}

describe("splitIntoPages", () => {
  it("keeps everything on one page without a page size", () => {
    assert.deepEqual(splitIntoPages([1, 2, 3], undefined), [[1, 2, 3]]);
  });

  it("cuts the global order into pages of pageSize, the last one shorter", () => {
    assert.deepEqual(splitIntoPages([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  });

  it("makes one page when everything fits, and one empty page for no entries", () => {
    assert.deepEqual(splitIntoPages([1, 2], 2), [[1, 2]]);
    assert.deepEqual(splitIntoPages([], 10), [[]]);
  });
});

describe("page addresses", () => {
  it("puts page 1 at the root and page n at /page/n/", () => {
    assert.equal(pagePath(1), "/");
    assert.equal(pagePath(12), "/page/12/");
    assert.equal(pageParameter(1), undefined);
    assert.equal(pageParameter(12), "page/12");
  });

  it("never names a page like Astro's error routes (a 1M listing has pages 404 and 500)", () => {
    assert.equal(pagePath(404), "/page/404/");
    assert.equal(pagePath(500), "/page/500/");
  });
});

describe("pageLinks", () => {
  const cases: ReadonlyArray<[current: number, count: number, expected: string]> = [
    [1, 1, "[1]"],
    [1, 3, "[1] 2 3"],
    [2, 3, "1 [2] 3"],
    [1, 10, "[1] 2 3 … 10"],
    [5, 10, "1 2 3 4 [5] 6 7 … 10"],
    [6, 10, "1 … 4 5 [6] 7 8 9 10"],
    [4, 10, "1 2 3 [4] 5 6 … 10"],
    [10, 10, "1 … 8 9 [10]"],
    [5000, 10000, "1 … 4998 4999 [5000] 5001 5002 … 10000"],
  ];
  for (const [current, count, expected] of cases) {
    it(`page ${current} of ${count}: ${expected}`, () => {
      assert.equal(shown(pageLinks(current, count)), expected);
    });
  }
});
