import type { AnswerEntry } from "../schemas/answer.ts";
import type { QuestionEntry } from "../schemas/question.ts";
import type { AnswerOrder } from "../schemas/community.ts";
import type { ListingEntry, QuestionPage, ShownAnswer, ShownComment } from "./page-data.ts";
import type { RenderedComment } from "../schemas/comment.ts";
import { instantOnPage } from "../lib/iso-instant.ts";
import { resolvePostLinks } from "../lib/post-links.ts";
import { highlightBlocks } from "../lib/code-blocks.ts";
import { settledBody } from "../lib/settled-body.ts";
import { questionPagePath } from "../lib/site-paths.ts";

/**
 * What a question's page shows: its listing entry, its credit and body, the question it
 * duplicates (when it exists), and its answers in page order. The answers and the original
 * come from the rules across files (src/core/content.ts).
 */
export function toQuestionPage<Text>(
  listed: ListingEntry,
  question: QuestionEntry<Text>,
  original: { id: string; title: string; titleHtml?: string; answers: number } | undefined,
  answers: readonly { id: string; answer: AnswerEntry<Text> }[],
  answerCount: number,
  order: AnswerOrder = "accepted-first",
): QuestionPage<Text> {
  return {
    ...listed,
    state: question.state,
    asked: instantOnPage(question.asked),
    ...(question.modified !== undefined && { modified: instantOnPage(question.modified) }),
    ...(question.views !== undefined && { views: question.views }),
    ...(question.closed !== undefined && {
      closed: {
        when: instantOnPage(question.closed),
        ...(question.closeReason !== undefined && { reason: question.closeReason }),
      },
    }),
    ...(question.locked !== undefined && { locked: instantOnPage(question.locked) }),
    ...credit(question),
    ...(original && { original }),
    bodyHtml: question.bodyHtml,
    ...(question.commentsJson !== undefined && { commentsJson: question.commentsJson }),
    answers: [...answers].sort(answerOrder(order)).map(toShownAnswer),
    answerCount,
  };
}

/** Two answers of a question, with their ids, as `answerOrder` compares them. */
type IdentifiedAnswer = { id: string; answer: AnswerEntry<unknown> };

/**
 * How a page orders its answers (community.yaml's `answerOrder`): `accepted-first`, the
 * accepted answer first, then by score; `score`, by score alone; then oldest first, then by id.
 */
export function answerOrder(
  order: AnswerOrder = "accepted-first",
): (a: IdentifiedAnswer, b: IdentifiedAnswer) => number {
  return (a, b) => {
    if (order === "accepted-first" && a.answer.accepted !== b.answer.accepted) {
      return a.answer.accepted ? -1 : 1;
    }
    if (a.answer.score !== b.answer.score) return b.answer.score - a.answer.score;
    if (a.answer.answered !== b.answer.answered)
      return a.answer.answered < b.answer.answered ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

function toShownAnswer<Text>({
  id,
  answer,
}: {
  id: string;
  answer: AnswerEntry<Text>;
}): ShownAnswer<Text> {
  return {
    id,
    answered: instantOnPage(answer.answered),
    accepted: answer.accepted,
    ...credit(answer),
    bodyHtml: answer.bodyHtml,
    ...(answer.commentsJson !== undefined && { commentsJson: answer.commentsJson }),
  };
}

/** The credit fields a post has, leaving out those it has not. */
function credit(post: QuestionEntry<unknown> | AnswerEntry<unknown>) {
  const { author, authorUrl, user, score, source, license, edited, editor, editorUrl } = post;
  const { communityWiki, editorUser } = post;
  return {
    ...(author !== undefined && { author }),
    ...(authorUrl !== undefined && { authorUrl }),
    ...(user !== undefined && { user }),
    score,
    ...(source !== undefined && { source }),
    ...(license !== undefined && { license }),
    ...(edited !== undefined && {
      edited: {
        when: instantOnPage(edited),
        ...(editor !== undefined && { editor }),
        ...(editorUrl !== undefined && { editorUrl }),
        ...(editorUser !== undefined && { editorUser }),
      },
    }),
    ...(communityWiki && { communityWiki }),
  };
}

/**
 * The page as it is shown, once read: its bodies' and comments' links to the community's site
 * settled (`resolvePostLinks`), to the page of their target where `postLinks` has one and
 * otherwise to the original site; its bodies' code that names no language coloured in the one
 * its question's tags give (`codeLanguage`), which an answer's reading thread cannot know; and
 * each post's comments read from their JSON.
 */
export function withPageSettled(page: QuestionPage): QuestionPage {
  const hrefs = page.postLinks ?? {};
  const hrefOf = (target: string) => hrefs[target];
  const settle = (html: string) => resolvePostLinks(html, hrefOf);
  const pathname = questionPagePath(page.id);
  const sizes = page.images ?? {};
  const colour = (html: string) =>
    page.codeLanguage === undefined ? html : highlightBlocks(html, page.codeLanguage);
  const settleAll = <Post extends { bodyHtml: string; commentsJson?: string }>({
    commentsJson,
    ...post
  }: Post) => ({
    ...post,
    bodyHtml: colour(settledBody(post.bodyHtml, pathname, hrefOf, sizes)),
    ...(commentsJson !== undefined && {
      comments: (JSON.parse(commentsJson) as RenderedComment[]).map(
        ({ commented, html, ...comment }): ShownComment => ({
          ...comment,
          html: settle(html),
          commented: instantOnPage(commented),
        }),
      ),
    }),
  });
  return { ...settleAll(page), answers: page.answers.map(settleAll) };
}
