import { defineCollection } from "astro:content";
import { communityLoader } from "./loaders/community.ts";

// The questions are a live collection (src/live.config.ts); see src/loaders/questions.ts.
export const collections = {
  community: defineCollection({ loader: communityLoader() }),
};
