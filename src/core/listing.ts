import type { QuestionEntry } from "../schemas/question.ts";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import { cutExcerpt } from "../lib/excerpt.ts";
import { collapseWhitespace } from "../lib/whitespace.ts";
import { duplicateNotice } from "../lib/duplicate-notice.ts";
import { titleLine } from "../lib/title-line.ts";

/**
 * What the listing shows of one question. A duplicate's excerpt opens with a notice naming the
 * question it duplicates, which `questions` must hold (the rules across files in content.ts
 * see to that), and its number of answers, which `answerCount` tells; without it, no notice.
 */
export function toListingEntry(
  id: string,
  question: QuestionEntry,
  questions: ReadonlyMap<string, QuestionEntry>,
  excerptLength: number,
  answerCount: (id: string) => number = (id) => questions.get(id)?.answers ?? 0,
): ListingEntry {
  const { title, tags, state, duplicateOf, bodyText } = question;
  const original = duplicateOf === undefined ? undefined : questions.get(duplicateOf);
  const notice =
    original && duplicateOf !== undefined
      ? `${duplicateNotice(original.title, answerCount(duplicateOf))} `
      : "";
  return {
    id,
    titleLine: titleLine(title, state),
    tags,
    excerpt: cutExcerpt(collapseWhitespace(notice + bodyText), excerptLength),
  };
}
