import { defineLiveCollection } from "astro:content";
import { questionsLoader } from "./loaders/questions.ts";

export const collections = {
  // No schema here: Astro would check every entry again, one promise apiece (a quarter of a
  // second at 100,000 questions), though the loader builds them from frontmatter that zod has
  // already checked. Their type comes from the loader, which says they are `ListingEntry`s
  // (src/schemas/listing-entry.ts), and a unit test holds derived entries to that schema.
  questions: defineLiveCollection({ loader: questionsLoader() }),
};
