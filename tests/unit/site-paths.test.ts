import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { pageLink, questionPagePath, relativeUrl, rootPrefix } from "../../src/lib/site-paths.ts";
import { tagPagePath } from "../../src/lib/tag-folder.ts";

describe("site paths", () => {
  it("climbs from a page to the site's root by its depth", () => {
    assert.equal(rootPrefix("/"), "./");
    assert.equal(rootPrefix("/page/2/"), "../../");
    assert.equal(relativeUrl("/questions/a/", "/favicon.svg"), "../../favicon.svg");
  });

  it("links a page to another page's index.html, relative to where it is", () => {
    assert.equal(pageLink("/", questionPagePath("zfs")), "questions/zfs/index.html");
    assert.equal(pageLink("/page/3/", tagPagePath(".net")), "../../tags/_net/index.html");
    assert.equal(pageLink("/questions/zfs/", "/"), "../../index.html");
    assert.equal(pageLink("/", "/"), "index.html");
  });
});
