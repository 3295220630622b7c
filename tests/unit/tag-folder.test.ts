import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { tagFolder, tagOfFolder, tagPagePath } from "../../src/lib/tag-folder.ts";

describe("tagFolder", () => {
  it("keeps ordinary tags as they are", () => {
    assert.equal(tagFolder("nginx"), "nginx");
    assert.equal(tagFolder("c99"), "c99");
    assert.equal(tagFolder("asp-net-core"), "asp-net-core");
  });

  it("gives awkward tags a folder inside tags/ that is neither hidden nor . or ..", () => {
    for (const tag of [".net", ".", "..", "a..b", "node.js", "...", "-", "1.0"]) {
      const folder = tagFolder(tag);
      assert.ok(!folder.startsWith("."), `${tag}: ${folder} is hidden`);
      assert.ok(folder !== "." && folder !== "..", `${tag}: ${folder}`);
      assert.ok(!/[/\\]/.test(folder), `${tag}: ${folder} has a separator`);
    }
    assert.equal(tagFolder(".net"), "_net");
    assert.equal(tagFolder(".."), "__");
    assert.equal(tagFolder("a..b"), "a__b");
  });

  it("never gives two tags the same folder", () => {
    const tags = [
      "net",
      ".net",
      "n.et",
      "ne.t",
      "net.",
      ".",
      "..",
      "...",
      "_",
      "a.b",
      "a-b",
      "a..b",
    ];
    const valid = tags.filter((tag) => /^[a-z0-9.-]+$/.test(tag));
    const folders = new Set(valid.map(tagFolder));
    assert.equal(folders.size, valid.length);
  });
});

describe("tagFolder and Windows", () => {
  /* A tag `con` made tags/con/, a folder no Windows disk can hold. */
  it("gives a tag Windows keeps for a device a folder Windows can hold, one no other tag has", () => {
    assert.equal(tagFolder("con"), "con~");
    assert.equal(tagFolder("nul"), "nul~");
    assert.equal(tagFolder("lpt9"), "lpt9~");
    assert.equal(tagFolder("console"), "console");
    assert.equal(tagFolder("con.txt"), "con_txt");
    const tags = ["con", "con.", "con-", "aux", "aux.net", "com1", "com10", "prn"];
    assert.equal(new Set(tags.map(tagFolder)).size, tags.length);
  });
});

describe("tagPagePath", () => {
  it("is tags/<folder>/ for the first page, then page/n/ below it", () => {
    assert.equal(tagPagePath(".net"), "/tags/_net/");
    assert.equal(tagPagePath(".net", 3), "/tags/_net/page/3/");
  });
});

describe("tagOfFolder", () => {
  it("undoes tagFolder for every tag, awkward ones too", () => {
    for (const tag of ["nginx", ".net", "a..b", "1.0", "node.js", "con", "com1", "-x-"]) {
      assert.equal(tagOfFolder(tagFolder(tag)), tag, tag);
    }
  });

  it("names no tag for a folder no tag has", () => {
    for (const folder of ["Hops", ".net", "con", "a~", "nul~x", "_", "--", "c#", ""]) {
      assert.equal(tagOfFolder(folder), undefined, folder);
    }
  });
});
