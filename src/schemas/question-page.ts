import { z } from "zod";
import { listingEntrySchema } from "./listing-entry.ts";
import { questionStateSchema } from "./question-state.ts";
import { pageTextSchema } from "./stored-text.ts";

/** A date as a page shows it (see `instantOnPage`). */
const shownInstantSchema = z.strictObject({
  /** For `<time datetime>`: an HTML global date and time. */
  datetime: z.string(),
  /** For a reader: `2024-03-05 14:22 UTC`. */
  text: z.string(),
});

/** Who wrote a post, where it came from, and its score, as its page shows them. */
const creditSchema = {
  author: z.string().optional(),
  authorUrl: z.string().optional(),
  score: z.number(),
  source: z.string().optional(),
  license: z.string().optional(),
};

/** One answer as its question's page shows it. */
export const shownAnswerSchema = z.strictObject({
  id: z.string(),
  answered: shownInstantSchema,
  accepted: z.boolean(),
  ...creditSchema,
  /**
   * The body as sanitized HTML (`renderBodyHtml`), or where a build set it apart on disk;
   * `withPageTexts` (src/content.ts) gives it as text when the page is written.
   */
  bodyHtml: pageTextSchema,
});

/**
 * One question as its page shows it, derived at load time (src/core/question-page.ts), and as
 * the listing shows it: a question page is a listing entry and more.
 */
export const questionPageSchema = listingEntrySchema.extend({
  state: questionStateSchema,
  asked: shownInstantSchema,
  ...creditSchema,
  /** For a duplicate: the question it duplicates, for the notice that links to it. */
  original: z.strictObject({ id: z.string(), title: z.string(), answers: z.number() }).optional(),
  /**
   * The body as sanitized HTML (`renderBodyHtml`), or where a build set it apart on disk;
   * `withPageTexts` (src/content.ts) gives it as text when the page is written.
   */
  bodyHtml: pageTextSchema,
  /** Accepted first, then by score (highest first), then oldest first, then by id. */
  answers: z.array(shownAnswerSchema),
  /** How many answers the question has: its answer files, or its `answers` field. */
  answerCount: z.number(),
});

export type ShownAnswer = z.output<typeof shownAnswerSchema>;
export type QuestionPage = z.output<typeof questionPageSchema>;

/**
 * A question page as it is written: its body and its answers' bodies as text, read back from
 * where the build set them apart (`withPageTexts` in src/content.ts).
 */
export type QuestionPageWithTexts = Omit<QuestionPage, "bodyHtml" | "answers"> & {
  bodyHtml: string;
  answers: (Omit<ShownAnswer, "bodyHtml"> & { bodyHtml: string })[];
};
