import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Community } from "../../schemas/community.ts";
import type { ContentProblem } from "../../lib/problems.ts";
import { readCommunityFile } from "../../core/community-file.ts";
import { encodingProblem } from "../../core/file-bytes.ts";
import { contentFolderProblem } from "./content-folder-check.ts";

// community.yaml on its own, apart from the questions' code, which the community loader does
// not need in a page bundle.

/**
 * `community.yaml` read and checked, its problems named as relative to `displayFrom`; in a
 * content folder that is not there, that folder's problem.
 */
export function readCommunity(
  contentDir: string,
  displayFrom = process.cwd(),
): { community?: Community; problems: ContentProblem[] } {
  const missing = contentFolderProblem(contentDir, displayFrom);
  if (missing) return { problems: [missing] };
  const path = join(contentDir, "community.yaml");
  const file = relative(displayFrom, path) || path;
  const bytes = existsSync(path) ? readFileSync(path) : undefined;
  const badByte = bytes === undefined ? undefined : encodingProblem(bytes);
  if (badByte !== undefined) return { problems: [{ file, ...badByte }] };
  const read = readCommunityFile(bytes?.toString("utf8"));
  if (read.problems === undefined) return { community: read.community, problems: [] };
  return { problems: read.problems.map((problem) => ({ file, ...problem })) };
}
