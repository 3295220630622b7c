import type { BodyLinks, TexLeft } from "../lib/body-html.ts";
import { z } from "zod";
import { markerAtEnd, type MarkedState } from "../lib/title-line.ts";
import {
  asTextFix,
  describeYamlValue,
  ENTRY_ID_PATTERN,
  fieldsObject,
  isoInstant,
  oneLineText,
  optionalLine,
  boundedWholeNumber,
} from "./fields.ts";
import { CREDIT_RULES, creditFields, editFields, onlyWith, withRules } from "./credit.ts";
import { commentsField } from "./comment.ts";

/** A question's identity: its file name without `.md`. */
export const QUESTION_ID_PATTERN = ENTRY_ID_PATTERN;

/** A question's states: `open` unless marked; the listing appends the marker of the other two. */
export const QUESTION_STATES = [
  "open",
  "duplicate",
  "closed",
] as const satisfies readonly MarkedState[];

export const questionStateSchema = z.enum(QUESTION_STATES);

export type QuestionState = z.output<typeof questionStateSchema>;

/** A tag: lower-case letters, digits, `.` and `-`, as Stack Exchange writes them. */
export const TAG_PATTERN = /^[a-z0-9.-]+$/;

/** A close's date needs a question that is closed, and its reason the date. */
const CLOSE_RULES = [
  onlyWith("closed", "state", "state: closed", {
    holds: (question) => question["state"] === "closed" || question["state"] === "duplicate",
    described: "state: closed or duplicate",
  }),
  onlyWith("closeReason", "closed", 'the date it was closed, such as closed: "2024-03-06"'),
];

/** The frontmatter of `content/questions/<id>.md`, as an author writes it. */
export const questionFrontmatterSchema = withRules(
  fieldsObject("of a question", {
    /** Plain text on one line. The listing adds ` [duplicate]` or ` [closed]` from `state`. */
    title: oneLineText("title", '"How do I ...?"').superRefine((title, ctx) => {
      const marker = markerAtEnd(title);
      if (marker) {
        ctx.addIssue({
          code: "custom",
          message: `ends with "${marker}"; remove it and set state: ${marker.slice(2, -1)} instead`,
        });
      }
    }),

    /** At least one tag, each at most once, in the author's order. */
    tags: z
      .array(
        z
          .string({
            error: (issue) =>
              issue.input === null
                ? "must be text, but YAML read an empty value; write the tag or remove the empty item"
                : `must be text, but YAML read ${describeYamlValue(issue.input)}; ${asTextFix(issue.input, "tag")}`,
          })
          .regex(TAG_PATTERN, {
            error: (issue) =>
              `${JSON.stringify(issue.input)} is not a valid tag; use only lower-case letters, digits, "." and "-", such as "${suggestTag(String(issue.input))}"`,
          })
          .refine((tag) => !TAG_PATTERN.test(tag) || /[a-z0-9]/.test(tag), {
            error: (issue) =>
              `${JSON.stringify(issue.input)} is not a valid tag: it has no letter or digit, and Stack Exchange's tags all have one; name what the question is about, such as "networking"`,
          }),
        {
          error: (issue) =>
            issue.input === undefined
              ? "is missing; add a list of at least one tag, such as tags: [networking]"
              : `must be a list of tags, but YAML read ${describeYamlValue(issue.input)}; write it as a list, such as tags: [networking, dns]`,
        },
      )
      .min(1, { error: "is empty; add at least one tag, such as tags: [networking]" })
      .superRefine(noRepeats),

    /**
     * When the question was asked: ISO 8601 date or date-time. Parsed to a sort key (the UTC
     * instant); date-only is 00:00 UTC, no offset is UTC.
     */
    asked: isoInstant("asked", "the date the question was asked"),

    /** `open` unless marked; the listing appends the marker of the other two. */
    state: z
      .enum(QUESTION_STATES, {
        error: (issue) =>
          `must be open, duplicate or closed, not ${describeYamlValue(issue.input)}; leave it out for an open question`,
      })
      .default("open"),

    /** The id of the question this one duplicates; only with `state: duplicate`. */
    duplicateOf: z
      .string({
        error: (issue) =>
          `must be the id of another question, but YAML read ${describeYamlValue(issue.input)}; ${typeof issue.input === "number" ? `put it in quotes: duplicateOf: "${String(issue.input)}"` : "write the file name without .md"}`,
      })
      .regex(QUESTION_ID_PATTERN, { error: (issue) => notAnId(issue.input) })
      .optional(),

    /**
     * The ids of other questions this one links to, in the author's order, each at most once.
     * That each names another, existing question is a rule across files (src/core/content.ts).
     */
    linked: z
      .array(
        z
          .string({
            error: (issue) =>
              `must be the id of another question, but YAML read ${describeYamlValue(issue.input)}; ${
                issue.input === null
                  ? "write the id or remove the empty item"
                  : typeof issue.input === "number"
                    ? `put it in quotes: "${String(issue.input)}"`
                    : "write the file name without .md"
              }`,
          })
          .regex(QUESTION_ID_PATTERN, { error: (issue) => notAnId(issue.input) }),
        {
          error: (issue) =>
            `must be a list of question ids, but YAML read ${describeYamlValue(issue.input)}; write it as a list, such as linked: [${
              typeof issue.input === "string" || typeof issue.input === "number"
                ? JSON.stringify(String(issue.input))
                : '"12", "34"'
            }]`,
        },
      )
      .superRefine(noRepeats)
      .optional(),

    /**
     * How many answers the question has. With answer files (answers/), their number, which this
     * must then equal; without the field the files are counted.
     */
    answers: boundedWholeNumber("answers", 0, 0).optional(),

    /** The comments under the question, oldest first (src/schemas/comment.ts). */
    comments: commentsField,

    /** When anything last happened to it (Stack Exchange's LastActivityDate), as `asked`. */
    modified: isoInstant("modified", "the date of its last activity").optional(),

    /** How many times it was viewed (Stack Exchange's ViewCount). */
    views: boundedWholeNumber("views", 0, 120).optional(),

    /**
     * When it was closed (Stack Exchange's ClosedDate), as `asked`; only with state: closed or
     * duplicate.
     */
    closed: isoInstant("closed", "the date it was closed").optional(),

    /** Why it was closed, plain text on one line, such as "off-topic"; only with `closed`. */
    closeReason: optionalLine("closeReason", '"off-topic"'),

    /** When a moderator locked it, as `asked`: it then took no answers, comments or votes. */
    locked: isoInstant("locked", "the date it was locked").optional(),

    ...creditFields,
    ...editFields,
  }).refine((question) => question.duplicateOf === undefined || question.state === "duplicate", {
    path: ["duplicateOf"],
    error: (issue) =>
      `is only allowed with state: duplicate, but state is ${String((issue.input as { state?: unknown }).state)}; set state: duplicate or remove duplicateOf`,
    // Judge the pair even when other fields failed, so one run reports every problem.
    when: (payload) =>
      payload.issues.every((issue) => !["state", "duplicateOf"].includes(String(issue.path?.[0]))),
  }),
  [...CREDIT_RULES, ...CLOSE_RULES],
);

export type QuestionFrontmatter = z.output<typeof questionFrontmatterSchema>;

/**
 * What reading a question file yields on its own (src/core/question-file.ts): the frontmatter
 * as checked; the body as plain text, or enough of its start for the excerpt (see
 * `bodyPlainTextStart`), already cut to the excerpt when no duplicate notice will precede it
 * (cutting twice gives what cutting once gives); the body as safe HTML for its page (see
 * `renderBody`); and the distinct words search finds the question by in the text that page
 * shows of the body (`indexWords`), space-separated. The formulas left as TeX are kept so that
 * every build warns of them, from the entry cache too. `Text` is how the two texts are held: a
 * build stores them on disk as soon as they are made (src/machinery/store/text-store.ts).
 */
export type QuestionEntry<Text = string> = Omit<QuestionFrontmatter, "comments"> & {
  /**
   * The comments, their texts rendered, oldest first, as JSON of `RenderedComment[]` (none: no
   * such field): a page text, set apart on disk as the body is, and read when its page is.
   */
  commentsJson?: Text;
  /** The users its comments name, each once (none: no comment names one). */
  commentUsers?: string[];
  bodyText: string;
  bodyHtml: Text;
  bodyWords: Text;
  /** The text its page shows of the body, as far as search shows it in a result. */
  searchText: Text;
  /** With `math: tex`, the title as HTML, its formulas typeset (none: it holds no formula). */
  titleHtml?: string;
  /** With `math: tex`, the formulas left as their source (none: no such field). */
  texLeft?: TexLeft[];
  /** Its links to the community's site, and the relative ones it lost (none: no such field). */
  bodyLinks?: BodyLinks;
};

/** Each repeat in a list (of tags, of ids) is an issue at its index. */
function noRepeats(items: readonly string[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item)) {
      ctx.addIssue({
        code: "custom",
        path: [index],
        message: `"${item}" appears more than once; remove the repeat`,
      });
    }
    seen.add(item);
  });
}

function notAnId(input: unknown): string {
  return `${JSON.stringify(input)} cannot be a question id; ids are file names without .md, made of lower-case letters, digits, "-" and "_"`;
}

/** A nearby valid tag for the message's example, so the fix is concrete. */
function suggestTag(tag: string): string {
  const suggestion = tag
    .toLowerCase()
    .replaceAll("#", "sharp")
    .replaceAll("+", "p")
    .replace(/[^a-z0-9.-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return suggestion === "" ? "networking" : suggestion;
}
