import type { QuestionFrontmatter } from "../schemas/question.ts";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import type { ContentProblem } from "./problems.ts";
import { cutExcerpt } from "./excerpt.ts";
import { collapseWhitespace } from "./whitespace.ts";
import { duplicateNotice } from "./duplicate-notice.ts";
import { titleLine, titleOfLine } from "./title-line.ts";

/** A question file whose frontmatter passed the schema, with its body read as plain text. */
export interface ValidQuestion {
  id: string;
  file: string;
  frontmatter: QuestionFrontmatter;
  /**
   * The body's plain text, or enough of its start for the excerpt (see `bodyPlainTextStart`).
   * It may already be cut to the excerpt when no notice will precede it: cutting twice gives
   * the same excerpt as cutting once.
   */
  bodyText: string;
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
 * The question an entry was derived from, rebuilt from the entry alone (see `origin`): what a
 * later build needs of a file it did not read again.
 */
export function questionFromEntry(id: string, file: string, entry: ListingEntry): ValidQuestion {
  const { answers, duplicateOf, bodyText } = entry.origin;
  return {
    id,
    file,
    frontmatter: {
      title: titleOfLine(entry.titleLine, entry.state),
      tags: entry.tags,
      asked: entry.askedKey,
      state: entry.state,
      answers,
      ...(duplicateOf === undefined ? {} : { duplicateOf }),
    },
    // Without a notice, the stored excerpt is the cut body text; cutting again keeps it.
    bodyText: bodyText ?? entry.excerpt,
  };
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
  const text = collapseWhitespace(notice + question.bodyText);
  return {
    titleLine: titleLine(title, state),
    tags,
    excerpt: cutExcerpt(text, excerptLength),
    askedKey: asked,
    state,
    origin: {
      answers: question.frontmatter.answers,
      ...(duplicateOf === undefined ? {} : { duplicateOf, bodyText: question.bodyText }),
    },
  };
}
