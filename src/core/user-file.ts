import type { Community } from "../schemas/community.ts";
import { USERS_FOLDER, userFrontmatterSchema, type UserEntry } from "../schemas/user.ts";
import { renderBody } from "../lib/body-html.ts";
import { highlightBlocks } from "../lib/code-blocks.ts";
import type { FileReading, FolderReader } from "./folder.ts";
import { readFrontmatterFile } from "./frontmatter-file.ts";

/** What reading a user takes from community.yaml: what a post's body takes. */
export type UserSettings = Pick<Community, "bodyFormat" | "math" | "origin">;

/**
 * One user file, `users/<id>.md`, read on its own: its frontmatter checked against the schema,
 * and its body, their "About me", made safe exactly as a post's body is (`renderBody`), under
 * the page's h2, with no formulas typeset: Stack Exchange shows none in a profile. That each
 * post's `user` names a file here is a rule across files (src/core/users.ts).
 */
export function readUserFile(
  text: string,
  _id: string,
  { bodyFormat, origin }: UserSettings,
): FileReading<UserEntry> {
  const read = readFrontmatterFile(text, userFrontmatterSchema, "of a user", "name, reputation");
  if ("unread" in read) return { problems: [read.unread], partial: {} };
  const { frontmatter, problems, body } = read;
  if (!frontmatter) return { problems, partial: {} };
  if (body.trim() === "") return { entry: frontmatter };
  const { html, links, postLanguage } = renderBody(body, bodyFormat, 2, "off", origin);
  const hasLinks = links.targets.length > 0 || links.dead > 0 || links.images.length > 0;
  return {
    entry: {
      ...frontmatter,
      aboutHtml: highlightBlocks(html, postLanguage),
      ...(hasLinks && { aboutLinks: links }),
    },
  };
}

/** The users folder: `users/<id>.md`, each read by `readUserFile`. Optional. */
export const userFiles: FolderReader<UserEntry, UserSettings> = {
  folder: USERS_FOLDER,
  noun: "user",
  optional: true,
  idNamesFolder: true,
  read: readUserFile,
  pageTexts: ["aboutHtml"],
};
