import assert from "node:assert/strict";
import { assembleContent } from "../../src/core/content.ts";
import { formatProblems } from "../../src/lib/problems.ts";
import { readContentFiles } from "../../src/loaders/content-folder.ts";

/**
 * An imported content folder as the build reads it, which must have no problem: the community,
 * and every question's entry (its checked frontmatter and body text) by id.
 */
export function readImportedContent(folder: string) {
  const { community, questions } = readContentFiles(folder);
  const read = assembleContent(community, questions);
  assert.ok(
    "content" in read,
    `the import builds:\n${"problems" in read ? formatProblems(read.problems) : ""}`,
  );
  return { community: read.content.community, entries: questions.entries };
}
