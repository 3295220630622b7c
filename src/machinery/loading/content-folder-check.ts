import { statSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { ContentProblem } from "../../lib/problems.ts";
import { missingContentFolderProblem } from "../../core/missing-content-folder.ts";
import { contentDirectorySetting } from "../../project-paths.ts";

/**
 * The content folder's own problem, before anything in it is read: undefined when it is a
 * folder, else the one problem to report (`missingContentFolderProblem`) in place of the
 * missing community.yaml and questions/ that would follow from it.
 */
export function contentFolderProblem(
  contentDir: string,
  displayFrom = process.cwd(),
): ContentProblem | undefined {
  const found = statSync(contentDir, { throwIfNoEntry: false });
  if (found?.isDirectory()) return undefined;
  const resolved = resolve(contentDir);
  return missingContentFolderProblem({
    shown: relative(displayFrom, resolved) || resolved,
    resolved,
    setting: contentDirectorySetting(resolved),
    isFile: found !== undefined,
  });
}
