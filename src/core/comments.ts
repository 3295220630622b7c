import { renderBody, type BodyLinks } from "../lib/body-html.ts";
import { highlightBlocks } from "../lib/code-blocks.ts";
import { renderCommentHtml } from "../lib/comment-html.ts";
import { sanitizedHtmlText } from "../lib/html-text.ts";
import { indexWords } from "../lib/search/words.ts";
import { collapseWhitespace } from "../lib/whitespace.ts";
import type { Comment, RenderedComment } from "../schemas/comment.ts";
import type { Community } from "../schemas/community.ts";

/**
 * What reading a post (a question or an answer) makes of its body and comments, for its entry:
 * the body as safe HTML (`renderBody`); the words search finds its question by, from the text
 * that page shows (no markup, no link's URL, nothing the sanitizer dropped); the formulas left as
 * TeX; its comments as JSON, oldest first, a page text set apart as the body is, and the users
 * they name (checked against users/ with the rest of the content); and its links
 * to the community's site, the body's and the comments'. An optional field only when it holds
 * something.
 */
export function renderPost(
  body: string,
  comments: readonly Comment[] | undefined,
  headingsBelow: number,
  { bodyFormat, math, origin }: Pick<Community, "bodyFormat" | "math" | "origin">,
) {
  const { html, texLeft, links, postLanguage } = renderBody(
    body,
    bodyFormat,
    headingsBelow,
    math,
    origin,
  );
  // Words from the text before its code is coloured: the same text, with less markup to read.
  const text = sanitizedHtmlText(html);
  const bodyWords = indexWords(text).join(" ");
  const bodyHtml = highlightBlocks(html, postLanguage);
  const rendered = comments?.map((comment) => renderComment(comment, origin, links)) ?? [];
  const commentUsers = [...new Set(comments?.flatMap(({ user }) => user ?? []))];
  return {
    bodyHtml,
    bodyWords,
    searchText: snippetSource(text),
    ...(texLeft.length > 0 && { texLeft }),
    ...(rendered.length > 0 && { commentsJson: JSON.stringify(oldestFirst(rendered)) }),
    ...(commentUsers.length > 0 && { commentUsers }),
    ...((links.targets.length > 0 || links.dead > 0 || links.images.length > 0) && {
      bodyLinks: links,
    }),
  };
}

/**
 * How much of a post's text search keeps to show a result's matched words in context: the
 * text a page shows of most posts whole (scripts/bench.md, "Search snippets").
 */
export const SNIPPET_SOURCE_CHARACTERS = 3_000;

/** A post's text as search shows it in a result: collapsed, and cut past the characters kept. */
export function snippetSource(text: string): string {
  const collapsed = collapseWhitespace(text);
  return collapsed.length <= SNIPPET_SOURCE_CHARACTERS
    ? collapsed
    : collapsed.slice(0, SNIPPET_SOURCE_CHARACTERS);
}

/** A comment with its text as safe HTML (`renderCommentHtml`), its links added to its post's. */
function renderComment(
  { text, ...comment }: Comment,
  origin: string | undefined,
  postLinks: BodyLinks,
): RenderedComment {
  const { html, links } = renderCommentHtml(text, origin);
  postLinks.targets.push(...links.targets);
  postLinks.dead += links.dead;
  return { ...comment, html };
}

/** Comments oldest first, whatever the file's order; the sort is stable, so ties keep it. */
function oldestFirst(comments: RenderedComment[]): RenderedComment[] {
  return comments.sort((a, b) =>
    a.commented < b.commented ? -1 : a.commented > b.commented ? 1 : 0,
  );
}

/**
 * A post's comments as Stack Exchange shows them before "Show N more comments": the `shown`
 * highest-voted (an earlier one first among equal scores), in date order, and the rest
 * `folded`, in date order. `comments` come oldest first (`oldestFirst`).
 */
export function foldComments<Shown extends { score: number }>(
  comments: readonly Shown[],
  shown: number,
): { shown: Shown[]; folded: Shown[] } {
  if (comments.length <= shown) return { shown: [...comments], folded: [] };
  const byVotes = comments.map((comment, at) => ({ comment, at }));
  byVotes.sort((a, b) => b.comment.score - a.comment.score || a.at - b.at);
  const kept = new Set(byVotes.slice(0, shown).map(({ at }) => at));
  return {
    shown: comments.filter((_comment, at) => kept.has(at)),
    folded: comments.filter((_comment, at) => !kept.has(at)),
  };
}
