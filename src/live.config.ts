import { defineLiveCollection } from "astro:content";
import { questionsLoader } from "./loaders/questions.ts";
import { listingEntrySchema } from "./schemas/listing-entry.ts";

export const collections = {
  questions: defineLiveCollection({ loader: questionsLoader(), schema: listingEntrySchema }),
};
