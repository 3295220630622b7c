import type { ContentProblem } from "../lib/problems.ts";

/** A content folder that is not one: where it was looked for, and what is there instead. */
export interface MissingContentFolder {
  /** The folder as messages name files (relative to where the build runs). */
  shown: string;
  /** Its absolute path. */
  resolved: string;
  /** What `QA_CONTENT_DIR` says, as typed, when the folder comes from it. */
  setting?: string | undefined;
  /** Whether a file has the folder's name. */
  isFile: boolean;
}

/**
 * The one problem of a content folder that does not exist, or is a file: its community.yaml
 * and questions/ are missing only because it is, so they go unsaid. Named as the setting gives
 * it, with the absolute path it comes to, since a relative one is read from where the build runs.
 */
export function missingContentFolderProblem({
  shown,
  resolved,
  setting,
  isFile,
}: MissingContentFolder): ContentProblem {
  const where = setting === undefined ? resolved : `QA_CONTENT_DIR=${setting}, that is ${resolved}`;
  return {
    file: setting ?? shown,
    reason: isFile
      ? `is a file, not a folder (${where}); set QA_CONTENT_DIR to the folder that holds community.yaml and questions/`
      : `is not a folder that exists (${where}); create it with community.yaml and questions/ in it, or ${setting === undefined ? "set QA_CONTENT_DIR to your content folder" : "correct QA_CONTENT_DIR"}`,
  };
}
