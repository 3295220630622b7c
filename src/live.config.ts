import { defineLiveCollection } from "astro:content";
import { questionsLoader } from "./loaders/questions.ts";

export const collections = {
  // No schema here: Astro would check every entry again, one promise apiece (a quarter of a
  // second at 100,000 questions), though the loader builds them from frontmatter that zod has
  // already checked. Their type comes from the loader, which says they are `ShownEntry`s, the
  // shown part of a `ListingEntry` (src/schemas/listing-entry.ts); a unit test holds derived
  // entries to that schema.
  questions: defineLiveCollection({ loader: questionsLoader() }),
};
