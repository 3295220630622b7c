import { defineCollection } from "astro:content";
import { communityLoader } from "./loaders/community.ts";
import { questionsLoader } from "./loaders/questions.ts";

export const collections = {
  community: defineCollection({ loader: communityLoader() }),
  questions: defineCollection({ loader: questionsLoader() }),
};
