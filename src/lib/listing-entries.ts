import type { QuestionFrontmatter } from "../schemas/question.ts";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import type { ContentProblem } from "./problems.ts";
import { bodyToPlainText } from "./plain-text.ts";
import { cutExcerpt } from "./excerpt.ts";
import { collapseWhitespace } from "./whitespace.ts";
import { duplicateNotice } from "./duplicate-notice.ts";
import { titleLine } from "./title-line.ts";

/** A question file whose frontmatter passed the schema. */
export interface ValidQuestion {
  id: string;
  file: string;
  frontmatter: QuestionFrontmatter;
  body: string;
}

/** The rules that span files: a `duplicateOf` must name another question that exists. */
export function crossQuestionProblems(
  questions: ReadonlyMap<string, ValidQuestion>,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const question of questions.values()) {
    const target = question.frontmatter.duplicateOf;
    if (target === undefined) continue;
    if (target === question.id) {
      problems.push({
        file: question.file,
        field: "duplicateOf",
        reason: `names this question itself; set it to the id of the question "${question.id}" duplicates`,
      });
    } else if (!questions.has(target)) {
      problems.push({
        file: question.file,
        field: "duplicateOf",
        reason: `"${target}" does not name a question (there is no questions/${target}.md); correct the id or remove duplicateOf`,
      });
    }
  }
  return problems;
}

/**
 * What the listing shows of one question. A duplicate's excerpt opens with a notice naming the
 * question it duplicates; `questions` must hold that one (see `crossQuestionProblems`).
 */
export function toListingEntry(
  question: ValidQuestion,
  questions: ReadonlyMap<string, ValidQuestion>,
  excerptLength: number,
): ListingEntry {
  const { title, tags, asked, state, duplicateOf } = question.frontmatter;
  const original = duplicateOf === undefined ? undefined : questions.get(duplicateOf);
  const notice = original
    ? `${duplicateNotice(original.frontmatter.title, original.frontmatter.answers)} `
    : "";
  const text = collapseWhitespace(notice + bodyToPlainText(question.body));
  return {
    titleLine: titleLine(title, state),
    tags,
    excerpt: cutExcerpt(text, excerptLength),
    askedKey: asked,
    state,
  };
}
