import { z } from "zod";
import { listingEntrySchema } from "./listing-entry.ts";
import { questionStateSchema } from "./question.ts";
import { digestedTextSchema, pageTextSchema } from "./stored-text.ts";

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
   * `readPage` (src/content.ts) gives it as text when the page is written.
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
   * `readPage` (src/content.ts) gives it as text when the page is written.
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
 * where the build set them apart (`readPage` in src/content.ts).
 */
export type QuestionPageWithTexts = Omit<QuestionPage, "bodyHtml" | "answers"> & {
  bodyHtml: string;
  answers: (Omit<ShownAnswer, "bodyHtml"> & { bodyHtml: string })[];
};

/**
 * A question's page as the content holds it: the page itself, or where a build set its JSON apart
 * (`storePage` in src/machinery/store/text-store.ts).
 */
export const pageRecordSchema = z.union([questionPageSchema, digestedTextSchema]);

/**
 * A question as a build holds it from load to the last page: what the listing needs to place
 * it (its id and tags), and its page, which holds what the listing shows of it. A build sets
 * the page apart on disk as soon as it is derived, and a listing or tag page reads back the
 * pages of the questions it shows (`readListingEntry` in src/machinery/store/text-store.ts), as a
 * question's page reads its own (`readQuestionPage`): at a million questions, with every page
 * held until written (by the loading thread, its message and Astro's thread at the end of the
 * load), a cold build peaked at 12,665 MiB; with the pages set apart, at 7,887 MiB. The title
 * lines and excerpts then held were some 300 bytes a question more on Astro's thread.
 */
export const listedQuestionSchema = z.strictObject({
  id: z.string(),
  tags: z.array(z.string()),
  /**
   * A digest of what the listing shows of the question (its title line, tags and excerpt):
   * what a listing page's bytes depend on, for a rebuild to tell whether it changed, where the
   * page's own digest changes with its answers too.
   */
  listingDigest: z.string(),
  page: pageRecordSchema,
});

export type PageRecord = z.output<typeof pageRecordSchema>;
export type ListedQuestion = z.output<typeof listedQuestionSchema>;
