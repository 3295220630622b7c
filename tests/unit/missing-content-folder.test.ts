import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { missingContentFolderProblem } from "../../src/core/missing-content-folder.ts";
import { readCommunity } from "../../src/machinery/loading/community-file.ts";
import { readContent } from "../../src/machinery/loading/content-folder.ts";
import { projectRoot } from "../../src/project-paths.ts";

describe("a content folder that is not there", () => {
  const missing = join(projectRoot, "tests/.output/no-such-content");
  const problem = {
    file: "tests/.output/no-such-content",
    reason: `is not a folder that exists (${missing}); create it with community.yaml and questions/ in it, or set QA_CONTENT_DIR to your content folder`,
  };

  it("without QA_CONTENT_DIR, is named with its absolute path and the setting that moves it", () => {
    const shown = "tests/.output/no-such-content";
    assert.deepEqual(
      missingContentFolderProblem({ shown, resolved: missing, isFile: false }),
      problem,
    );
  });

  it("is the one problem the plain read reports, not its community.yaml and questions/", () => {
    assert.deepEqual(readContent(missing, projectRoot), { problems: [problem] });
  });

  it("is the problem the community's own read reports (the dev server's)", () => {
    assert.deepEqual(readCommunity(missing, projectRoot), { problems: [problem] });
  });
});
