import type { BodyLinks } from "../lib/body-html.ts";
import { renderCommentHtml } from "../lib/comment-html.ts";
import type { Comment, RenderedComment } from "../schemas/comment.ts";

/**
 * A post's comments as its entry keeps them: each text as safe HTML (`renderCommentHtml`) in
 * place of its source, with their links to the community's site, in the comments' order.
 */
export function renderComments(
  comments: readonly Comment[],
  origin: string | undefined,
): { comments: RenderedComment[]; links: BodyLinks } {
  const links: BodyLinks = { targets: [], dead: 0 };
  const rendered = comments.map(({ text, ...comment }) => {
    const { html, links: own } = renderCommentHtml(text, origin);
    links.targets.push(...own.targets);
    links.dead += own.dead;
    return { ...comment, html };
  });
  return { comments: rendered, links };
}

/**
 * What a post's entry holds of its comments (as JSON, a page text: `commentsJson`) and of its
 * links (its body's and its comments'): each field only when there is something in it.
 */
export function commentsAndLinks(
  comments: readonly Comment[] | undefined,
  bodyLinks: BodyLinks,
  origin: string | undefined,
): { commentsJson?: string; bodyLinks?: BodyLinks } {
  const rendered =
    comments === undefined || comments.length === 0 ? undefined : renderComments(comments, origin);
  const links =
    rendered === undefined
      ? bodyLinks
      : {
          targets: [...bodyLinks.targets, ...rendered.links.targets],
          dead: bodyLinks.dead + rendered.links.dead,
        };
  return {
    ...(rendered !== undefined && { commentsJson: JSON.stringify(oldestFirst(rendered.comments)) }),
    ...((links.targets.length > 0 || links.dead > 0) && { bodyLinks: links }),
  };
}

/** Comments oldest first, whatever the file's order; the sort is stable, so ties keep it. */
function oldestFirst(comments: readonly RenderedComment[]): RenderedComment[] {
  return [...comments].sort((a, b) =>
    a.commented < b.commented ? -1 : a.commented > b.commented ? 1 : 0,
  );
}
