import type { BodyLinks, TexLeft } from "../lib/body-html.ts";
import { z } from "zod";
import { CREDIT_RULES, creditFields, editFields, withRules } from "./credit.ts";
import { commentsField } from "./comment.ts";
import { describeYamlValue, ENTRY_ID_PATTERN, fieldsObject, flag, isoInstant } from "./fields.ts";

/** The frontmatter of `content/answers/<id>.md`, as an author writes it. */
export const answerFrontmatterSchema = withRules(
  fieldsObject("of an answer", {
    /** The id of the question it answers: that question's file name without `.md`. */
    question: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? "is missing; add the id of the question this answers, such as question: nginx-reverse-proxy"
            : `must be the id of a question, but YAML read ${describeYamlValue(issue.input)}; ${typeof issue.input === "number" ? `put it in quotes: question: "${String(issue.input)}"` : "write the question's file name without .md"}`,
      })
      .regex(ENTRY_ID_PATTERN, {
        error: (issue) =>
          `${JSON.stringify(issue.input)} cannot be a question id; ids are file names without .md, made of lower-case letters, digits, "-" and "_"`,
      }),

    /** When the answer was written: ISO 8601, read as `asked` is (see `parseIsoInstant`). */
    answered: isoInstant("answered", "the date the answer was written"),

    /** Whether the asker accepted it; at most one answer of a question is. */
    accepted: flag("accepted"),

    /** The comments under the answer, oldest first (src/schemas/comment.ts). */
    comments: commentsField,

    ...creditFields,
    ...editFields,
  }),
  CREDIT_RULES,
);

export type AnswerFrontmatter = z.output<typeof answerFrontmatterSchema>;

/**
 * What reading an answer file yields on its own (src/core/answer-file.ts): the frontmatter as
 * checked, the body as safe HTML (`renderBody`), and the distinct words search finds its
 * question by in the text its page shows (`indexWords`), space-separated; both held as `Text`
 * (see `QuestionEntry`).
 */
export type AnswerEntry<Text = string> = Omit<AnswerFrontmatter, "comments"> & {
  /**
   * The comments, their texts rendered, oldest first, as JSON of `RenderedComment[]` (none: no
   * such field): a page text, set apart on disk as the body is, and read when its page is.
   */
  commentsJson?: Text;
  /** The users its comments name, each once (none: no comment names one). */
  commentUsers?: string[];
  bodyHtml: Text;
  bodyWords: Text;
  /** The text its page shows of the body, as far as search shows it in a result. */
  searchText: Text;
  /** With `math: tex`, the formulas left as their source (none: no such field). */
  texLeft?: TexLeft[];
  /** Its links to the community's site, and the relative ones it lost (none: no such field). */
  bodyLinks?: BodyLinks;
};
