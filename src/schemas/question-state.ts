import { z } from "zod";

/**
 * A question's states: `open` unless marked; the listing appends the marker of the other two
 * (src/lib/title-line.ts). In a file of its own, which the title rules import, so that they and
 * the frontmatter schema (which checks titles with them) do not import each other.
 */
export const QUESTION_STATES = ["open", "duplicate", "closed"] as const;

export const questionStateSchema = z.enum(QUESTION_STATES);

export type QuestionState = z.output<typeof questionStateSchema>;
