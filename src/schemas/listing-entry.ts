import { z } from "zod";
import { QUESTION_STATES } from "./question.ts";

/**
 * One question as the listing needs it, derived once at load time and kept in the content
 * store. Only what the page shows is kept: the rendered body never is.
 */
export const listingEntrySchema = z.object({
  /** The title plus its state's marker, as shown. */
  titleLine: z.string(),
  /** The tags in the author's order. */
  tags: z.array(z.string()),
  /** The plain-text excerpt, duplicate notice included, already cut to length. */
  excerpt: z.string(),
  /** The `asked` instant as a sort key (see `parseIsoInstant`). */
  askedKey: z.string(),
  state: z.enum(QUESTION_STATES),
  /**
   * What the entry was derived from, so a later build can re-derive it without reading its
   * file again when only another question changed (a duplicate's notice names its original).
   */
  origin: z.object({
    answers: z.number(),
    duplicateOf: z.string().optional(),
    /** The body's plain text start, kept only for a duplicate whose notice may change. */
    bodyText: z.string().optional(),
  }),
});

export type ListingEntry = z.output<typeof listingEntrySchema>;

/**
 * What the page is given of an entry: what it shows, and the `asked` key it orders by. The
 * rest stays with the loader: at 100,000 questions every field the page never reads is
 * memory the build holds while it renders.
 */
export type ShownEntry = Pick<ListingEntry, "titleLine" | "tags" | "excerpt" | "askedKey">;
