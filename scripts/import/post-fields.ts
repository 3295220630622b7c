import { z } from "zod";
import { describeYamlValue, fieldsObject, oneLineText } from "../../src/schemas/fields.ts";

/*
 * The fields issue 12 adds to the content format (a question's score and credit; answers
 * follow), as the importer checks them before it writes a file. The build side of
 * issue 12 is being written at the same time, in src/schemas; until it lands, these stand in
 * for it, built from the same blocks (src/schemas/fields.ts) and to the format's wording. When
 * src/schemas has them, this file goes and question-file.ts checks with the build's own
 * schemas, as it already does for today's question fields.
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
