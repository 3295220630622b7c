import type { QuestionEntry } from "../schemas/question.ts";
import type { ListingEntry } from "./page-data.ts";
import { cutExcerpt } from "../lib/excerpt.ts";
import { collapseWhitespace } from "../lib/whitespace.ts";
import { duplicateNotice } from "../lib/duplicate-notice.ts";
import { titleLine, titleLineHtml } from "../lib/title-line.ts";

/**
 * What the listing shows of one question. A duplicate's excerpt opens with a notice naming the
 * question it duplicates by its title and answer count (`original`, which the rules across
 * files in content.ts find); without one, no notice.
 */
export function toListingEntry(
  id: string,
  question: QuestionEntry<unknown>,
  original: { title: string; answers: number } | undefined,
  excerptLength: number,
  math: "off" | "tex" = "off",
): ListingEntry {
  const { title, titleHtml, tags, state, bodyText } = question;
  const notice = original ? `${duplicateNotice(original.title, original.answers)} ` : "";
  return {
    id,
    titleLine: titleLine(title, state),
    ...(titleHtml !== undefined && { titleHtml: titleLineHtml(titleHtml, state) }),
    tags,
    excerpt: cutExcerpt(collapseWhitespace(notice + bodyText), excerptLength, math),
  };
}

/** What the listing shows of a question, taken from its page (which shows more). */
export function listingEntryOf({
  id,
  titleLine,
  titleHtml,
  tags,
  excerpt,
}: ListingEntry): ListingEntry {
  return { id, titleLine, ...(titleHtml !== undefined && { titleHtml }), tags, excerpt };
}
