import type { QuestionFrontmatter } from "../schemas/question.ts";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import type { ContentProblem } from "./problems.ts";
import { bodyPlainTextStart } from "./plain-text.ts";
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

/** A question file's claim to duplicate another, read even when its other fields are bad. */
export interface DuplicateReference {
  id: string;
  file: string;
  duplicateOf: string;
}

/**
 * The rule that spans files: a `duplicateOf` must name another question that exists.
 * `existingIds` holds every question file, valid or not, so a reference to a file that has
 * problems of its own is not also reported as dangling.
 */
export function duplicateReferenceProblem(
  { id, file, duplicateOf }: DuplicateReference,
  existingIds: ReadonlySet<string>,
): ContentProblem | undefined {
  if (duplicateOf === id) {
    return {
      file,
      field: "duplicateOf",
      reason: `names this question itself; set it to the id of the question "${id}" duplicates`,
    };
  }
  if (!existingIds.has(duplicateOf)) {
    return {
      file,
      field: "duplicateOf",
      reason: `"${duplicateOf}" does not name a question (there is no questions/${duplicateOf}.md); correct the id or remove duplicateOf`,
    };
  }
  return undefined;
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
  // The excerpt never needs more of the body than its own length.
  const text = collapseWhitespace(notice + bodyPlainTextStart(question.body, excerptLength));
  return {
    titleLine: titleLine(title, state),
    tags,
    excerpt: cutExcerpt(text, excerptLength),
    askedKey: asked,
    state,
  };
}
