import { z } from "zod";
import { AUTHOR_RULES, withRules } from "./credit.ts";
import {
  boundedWholeNumber,
  describeYamlValue,
  ENTRY_ID_PATTERN,
  isoInstant,
  optionalLine,
  unknownFieldReason,
  userReference,
  webAddress,
} from "./fields.ts";

/**
 * One comment under a question or an answer, an item of the post's own `comments` list: the
 * comments live in their post's file, so that a comment can never name a post that is not
 * there, and a one-comment edit reads that one file again and writes that one page.
 */
const commentShape = {
  /** Unique among its post's comments: its anchor on the page (`commentAnchor`). */
  id: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'is missing; add the comment\'s id, such as id: "5521"'
          : `must be the comment's id, but YAML read ${describeYamlValue(issue.input)}; ${typeof issue.input === "number" ? `put it in quotes: id: "${String(issue.input)}"` : 'write it as text, such as id: "5521"'}`,
    })
    .regex(ENTRY_ID_PATTERN, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} cannot be a comment id; use lower-case letters, digits, "-" and "_"`,
    }),

  /**
   * What the comment says, in Stack Exchange's comment Markdown: bold, italic, code, links and
   * `[tag:x]`, nothing block-level (src/lib/comment-html.ts).
   */
  text: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'is missing; add what the comment says, such as text: "Which version is this?"'
          : `must be text, but YAML read ${describeYamlValue(issue.input)}; put it in quotes`,
    })
    .refine((text) => text.trim() !== "", {
      error: "is empty; write what the comment says, or remove the comment",
    }),

  /** When it was written: ISO 8601, read as `asked` is. */
  commented: isoInstant("commented", "the date the comment was written"),

  /** Its votes; Stack Exchange's comments only have up-votes. */
  score: boundedWholeNumber("score", 0, 1).default(0),

  /** Its author's name, plain text on one line; none when the dump names nobody. */
  author: optionalLine("author", '"Ada Lovelace"'),
  /** The author's profile page; only with `author`. */
  authorUrl: webAddress("authorUrl", "https://example.org/users/1"),
  /** The author's page in the archive, `users/<user>/`; only with `author`, not `authorUrl`. */
  user: userReference("user"),
  /** The licence it was published under, such as `CC BY-SA 4.0`. */
  license: optionalLine("license", '"CC BY-SA 4.0"'),
};

/**
 * One comment: a field it does not know is reported at its own path, `comments[2].colour`
 * (src/core/validate-fields.ts), with this message as its reason.
 */
export const commentSchema = withRules(
  z.strictObject(commentShape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? unknownFieldReason("of a comment", Object.keys(commentShape))
        : `must be a comment's fields (id, text, commented...), but YAML read ${describeYamlValue(issue.input)}; write them as an item of the list`,
  }),
  AUTHOR_RULES,
);

/** A comment as checked. */
export type Comment = z.output<typeof commentSchema>;

/** A post's `comments`, each id once. */
export const commentsField = z
  .array(commentSchema, {
    error: (issue) =>
      `must be a list of comments, but YAML read ${describeYamlValue(issue.input)}; write each as an item with its fields, such as comments: [{ id: "1", text: "Thanks!", commented: "2024-03-05" }]`,
  })
  .superRefine(
    (comments, ctx) => {
      const seen = new Set<unknown>();
      // Judged on what was read, items with problems of their own included: any of them.
      (comments as unknown[]).forEach((comment, index) => {
        const id = (comment as { id?: unknown } | null)?.id;
        if (typeof id === "string" && seen.has(id)) {
          ctx.addIssue({
            code: "custom",
            path: [index, "id"],
            message: `"${id}" is the id of an earlier comment of this post; give each comment its own id`,
          });
        }
        seen.add(id);
      });
    },
    // Judged even when comments have problems of their own, so one run reports every problem.
    { when: (payload) => Array.isArray(payload.value) },
  )
  .optional();

export type RenderedComment = Omit<Comment, "text"> & { html: string };
