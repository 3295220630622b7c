import { z } from "zod";

/**
 * One question as the listing (and a tag's page) shows it, derived at load time
 * (src/core/listing.ts): the page only maps these to markup.
 */
export const listingEntrySchema = z.strictObject({
  /** The question's id: its file name without `.md`. */
  id: z.string(),
  /** The title plus its state's marker, as shown. */
  titleLine: z.string(),
  /** The tags in the author's order. */
  tags: z.array(z.string()),
  /** The plain-text excerpt, duplicate notice included, already cut to length. */
  excerpt: z.string(),
});

export type ListingEntry = z.output<typeof listingEntrySchema>;
