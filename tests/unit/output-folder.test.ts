import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { folderRelation, outputFolderOverlap } from "../../src/core/output-folder.ts";

/*
 * The folders an output folder must keep apart from (src/core/output-folder.ts): a build
 * deletes from its output folder the files no page stands for, and with QA_OUT_DIR set to the
 * content folder it deleted every question.
 */

const GUARDED = [
  { name: "the content folder", path: "/home/ada/qa/content" },
  { name: "the project's folder", path: "/home/ada/qa", mayHoldOutput: true },
  { name: "the project's src/", path: "/home/ada/qa/src" },
];

describe("how two folders stand", () => {
  it("tells the same folder, one holding the other, one inside the other, and apart", () => {
    assert.equal(folderRelation("/a/b", "/a/b"), "the same as");
    assert.equal(folderRelation("/a", "/a/b/c"), "holding");
    assert.equal(folderRelation("/a/b/c", "/a"), "inside");
    assert.equal(folderRelation("/a/b", "/a/bc"), "apart from");
    assert.equal(folderRelation("/a/..b", "/a"), "inside");
  });
});

describe("an output folder's overlap with the folders it keeps apart from", () => {
  it("accepts dist/ in the project, and a folder elsewhere", () => {
    assert.equal(outputFolderOverlap("/home/ada/qa/dist", "dist", GUARDED), undefined);
    assert.equal(outputFolderOverlap("/srv/site", "QA_OUT_DIR=/srv/site", GUARDED), undefined);
  });

  it("names the content folder when it is it, and the fix", () => {
    assert.equal(
      outputFolderOverlap("/home/ada/qa/content", "QA_OUT_DIR=content", GUARDED),
      "QA_OUT_DIR=content is the content folder (/home/ada/qa/content). A build deletes from its output folder the files of its earlier builds that no page stands for, so the output folder must share no file with it: set QA_OUT_DIR to a folder of its own, such as dist/ in the project",
    );
  });

  it("names a folder it lies in", () => {
    assert.match(
      outputFolderOverlap("/home/ada/qa/src/out", "QA_OUT_DIR=src/out", GUARDED) ?? "",
      /^QA_OUT_DIR=src\/out lies in the project's src\/ \(\/home\/ada\/qa\/src\)\. /,
    );
  });

  it("names the outermost folder it holds, not those inside that one", () => {
    assert.match(
      outputFolderOverlap("/home/ada", "QA_OUT_DIR=/home/ada", GUARDED) ?? "",
      /^QA_OUT_DIR=\/home\/ada holds the project's folder \(\/home\/ada\/qa\)\. .* with it: /,
    );
    assert.match(
      outputFolderOverlap("/home/ada/qa", "QA_OUT_DIR=.", GUARDED) ?? "",
      /^QA_OUT_DIR=\. is the project's folder \(\/home\/ada\/qa\)\. /,
    );
  });
});
