import { renderBody } from "../lib/body-html.ts";
import { tagFolder, tagOfFolder } from "../lib/tag-folder.ts";
import { tagWikiFrontmatterSchema, type TagWikiEntry } from "../schemas/tag-wiki.ts";
import type { QuestionSettings } from "./question-file.ts";
import type { FileProblem } from "./folder.ts";
import type { ContentProblem } from "../lib/problems.ts";
import { readFrontmatterFile } from "./frontmatter-file.ts";

/** What reading the content's `tags/` came to: each wiki that read well, and every problem. */
export interface TagWikiReading {
  entries: readonly TagWikiEntry[];
  problems: readonly ContentProblem[];
}

/** What reading a tag wiki takes from community.yaml: what a question's body takes. */
export type TagWikiSettings = Pick<QuestionSettings, "bodyFormat" | "math" | "origin">;

/**
 * The tag a file of `tags/` is the wiki of, or why its name names none. The file is named as
 * the tag's folder in the site (`tagFolder`): `hops.md`, `_net.md` for `.net`, so that no
 * name is hidden and no two tags share one.
 */
export function tagOfWikiFile(name: string): { tag: string } | { reason: string } {
  if (!name.endsWith(".md")) {
    return {
      reason: `is not a tag wiki; name it <tag>.md, such as tags/hops.md, or move it out of tags/`,
    };
  }
  const folder = name.slice(0, -".md".length);
  const tag = tagOfFolder(folder);
  if (tag !== undefined) return { tag };
  const wanted = folder
    .toLowerCase()
    .replace(/^\./, "_")
    .replace(/[^a-z0-9_~-]+/g, "-");
  const suggestion = tagOfFolder(wanted) === undefined ? "hops" : wanted;
  return {
    reason: `"${folder}" names no tag; a wiki's file is named as its tag, in lower-case letters, digits, "-" and "_" for each "." of the tag (tags/_net.md for .net), so rename it, such as tags/${suggestion}.md`,
  };
}

/**
 * One tag wiki file, `tags/<folder>.md`, read on its own: its frontmatter checked against the
 * schema and its body rendered exactly as a question's (`renderBody`), under the info page's
 * h1. That its tag is carried by a question is a rule across files (src/core/content.ts).
 */
export function readTagWikiFile(
  text: string,
  file: string,
  tag: string,
  { bodyFormat, math, origin }: TagWikiSettings,
): { entry: TagWikiEntry } | { problems: FileProblem[] } {
  const read = readFrontmatterFile(text, tagWikiFrontmatterSchema, "of a tag wiki", "excerpt");
  if ("unread" in read) return { problems: [read.unread] };
  const { frontmatter, problems, body } = read;
  if (!frontmatter) return { problems };
  if (frontmatter.excerpt === undefined && body.trim() === "") {
    return {
      problems: [
        {
          field: "excerpt",
          reason: `is missing, and the file has no body: the wiki of ${tag} says nothing; add excerpt: "What questions tagged ${tag} are about", or write the wiki below the frontmatter, or remove tags/${tagFolder(tag)}.md`,
        },
      ],
    };
  }
  const { html, links, postLanguage } = renderBody(body, bodyFormat, 1, math, origin);
  const hasLinks = links.targets.length > 0 || links.dead > 0 || links.images.length > 0;
  return {
    entry: {
      ...frontmatter,
      tag,
      file,
      bodyHtml: html,
      ...(postLanguage !== undefined && { postLanguage }),
      ...(hasLinks && { bodyLinks: links }),
    },
  };
}
