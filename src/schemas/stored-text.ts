import { z } from "zod";

/**
 * A text set apart on disk by the build instead of kept in memory (src/machinery/store/text-store.ts):
 * where its UTF-8 bytes are. A post's HTML is needed once, when its page is written, and at
 * 100,000 questions with their answers all of it held at once was most of a build's memory.
 */
export const storedTextSchema = z.strictObject({
  /** The store file's absolute path. */
  store: z.string(),
  /** The byte offset of the text in the file. */
  at: z.number(),
  /** Its length in bytes. */
  bytes: z.number(),
});

/** A page's text as the content holds it: the text itself, or where it was set apart. */
export const pageTextSchema = z.union([z.string(), storedTextSchema]);

/**
 * A text a build derives afresh each time and sets apart (a question's page as JSON, a file of
 * the search index), with a digest of it: where it is changes from build to build, so the
 * digest stands for it when a rebuild asks whether a page's inputs changed.
 */
export const digestedTextSchema = storedTextSchema.extend({ digest: z.string() });

export type StoredText = z.output<typeof storedTextSchema>;
export type DigestedText = z.output<typeof digestedTextSchema>;
export type PageText = z.output<typeof pageTextSchema>;
