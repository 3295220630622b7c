// Astro's loaders of the content's collections (src/live.config.ts), each a small factory.
export { communityLoader } from "./community.ts";
export { questionsLoader } from "./questions.ts";
export { searchIndexLoader } from "./search-index.ts";
export { imagesLoader } from "./images.ts";
export { tagWikisLoader } from "./tag-wikis.ts";
export { usersLoader } from "./users.ts";
