import { z } from "zod";
import { ISO_FORMATS_HINT, parseIsoInstant } from "../../src/lib/iso-instant.ts";
import {
  describeYamlValue,
  ENTRY_ID_PATTERN,
  fieldsObject,
  oneLineText,
} from "../../src/schemas/fields.ts";

/*
 * The fields issue 12 adds to the content format (a question's score and credit, and
 * answers/<id>.md), as the importer checks them before it writes a file. The build side of
 * issue 12 is being written at the same time, in src/schemas; until it lands, these stand in
 * for it, built from the same blocks (src/schemas/fields.ts) and to the format's wording. When
 * src/schemas has them, this file goes and question-file.ts / answer-file.ts check with the
 * build's own schemas, as they already do for today's question fields.
 */

/** An http or https URL on one line: the only links a reader's browser should be sent to. */
function httpUrl(field: string, example: string) {
  return z
    .string({
      error: (issue) =>
        `must be an http or https URL, but YAML read ${describeYamlValue(issue.input)}; write it as ${field}: "${example}"`,
    })
    .refine((text) => URL.canParse(text) && /^https?:\/\/[^\s]+$/i.test(text), {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not an http or https URL; write it as ${field}: "${example}"`,
    });
}

/** Who wrote a post, where it comes from and under which licence: all optional. */
const creditShape = {
  /** The author's display name, plain text on one line. */
  author: oneLineText("author", '"Ann O\'Brien"').optional(),
  /** The author's page; only with `author`. */
  authorUrl: httpUrl("authorUrl", "https://example.org/users/1").optional(),
  /** The original of the post. */
  source: httpUrl("source", "https://example.org/q/1").optional(),
  /** The post's licence, such as `CC BY-SA 4.0`. */
  license: oneLineText("license", '"CC BY-SA 4.0"').optional(),
};

/** A post's score: a whole number, negative allowed. */
const score = z
  .number({
    error: (issue) =>
      `must be a whole number, but YAML read ${describeYamlValue(issue.input)}; write it without quotes, such as score: 3`,
  })
  .refine(Number.isInteger, {
    error: (issue) =>
      `must be a whole number, not ${String(issue.input)}; write it without quotes, such as score: 3`,
  })
  .default(0);

/** A link to an author's page is credit only next to the author's name. */
const authorUrlNeedsAuthor = {
  path: ["authorUrl"],
  error: "is only allowed with author; add the author's name or remove authorUrl",
};

/** What issue 12 adds to a question's frontmatter (the rest is src/schemas/question.ts). */
export const questionAdditionsSchema = fieldsObject("added to a question", {
  score,
  ...creditShape,
}).refine(
  (fields) => fields.authorUrl === undefined || fields.author !== undefined,
  authorUrlNeedsAuthor,
);

/** The frontmatter of `answers/<id>.md`. */
export const answerFrontmatterSchema = fieldsObject("of an answer", {
  /** The id of the question this answers. */
  question: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'is missing; add the id of the question this answers, such as question: "1"'
          : `must be the id of a question, but YAML read ${describeYamlValue(issue.input)}; ${typeof issue.input === "number" ? `put it in quotes: question: "${String(issue.input)}"` : "write the question's file name without .md"}`,
    })
    .regex(ENTRY_ID_PATTERN, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} cannot be a question id; ids are file names without .md, made of lower-case letters, digits, "-" and "_"`,
    }),
  /** When it was answered: the rules of a question's `asked`. */
  answered: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'is missing; add the date the answer was written, such as answered: "2024-03-05T14:22:10Z"'
          : `must be an ISO 8601 date or date-time, but YAML read ${describeYamlValue(issue.input)}; ${ISO_FORMATS_HINT}`,
    })
    .transform((text, ctx) => {
      const instant = parseIsoInstant(text);
      if (instant.ok) return instant.key;
      ctx.addIssue({ code: "custom", message: `${instant.reason}; ${ISO_FORMATS_HINT}` });
      return z.NEVER;
    }),
  score,
  /** The answer the asker accepted; at most one per question. */
  accepted: z
    .boolean({
      error: (issue) =>
        `must be true or false, but YAML read ${describeYamlValue(issue.input)}; write accepted: true, or leave it out`,
    })
    .default(false),
  ...creditShape,
}).refine(
  (fields) => fields.authorUrl === undefined || fields.author !== undefined,
  authorUrlNeedsAuthor,
);
