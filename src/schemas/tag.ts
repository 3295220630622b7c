import { z } from "zod";

/** A tag as the tags index shows it: the tag, and how many questions carry it. */
export const tagSummarySchema = z.strictObject({
  tag: z.string(),
  count: z.number(),
});

export type TagSummary = z.output<typeof tagSummarySchema>;
