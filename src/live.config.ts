import { defineLiveCollection } from "astro:content";
import {
  communityLoader,
  imagesLoader,
  questionsLoader,
  searchIndexLoader,
  tagWikisLoader,
  usersLoader,
} from "./loaders/index.ts";

/*
 * Both collections are live: their loaders run while the pages render (see the loaders for
 * why). Neither has a schema here: the loaders check community.yaml and every question's and
 * answer's frontmatter against the zod schemas of src/schemas/ themselves, reporting every problem in
 * one run, and Astro would only check their output again (for the questions, one promise
 * apiece: a quarter of a second at 100,000). The entries' types come from the loaders: a
 * `Community`, and `QuestionPage`s (each also a `ListingEntry`), both from src/schemas/.
 * Pages ask for them through src/content.ts.
 */
export const collections = {
  community: defineLiveCollection({ loader: communityLoader() }),
  questions: defineLiveCollection({ loader: questionsLoader() }),
  searchIndex: defineLiveCollection({ loader: searchIndexLoader() }),
  images: defineLiveCollection({ loader: imagesLoader() }),
  tagWikis: defineLiveCollection({ loader: tagWikisLoader() }),
  users: defineLiveCollection({ loader: usersLoader() }),
};
