import type { Loader } from "astro/loaders";
import { communitySchema } from "../schemas/community.ts";
import { contentDirectory, syncAndWatch } from "./content-source.ts";

/** The id of the single entry of the `community` collection. */
export const COMMUNITY_ENTRY_ID = "community";

/** Loads `community.yaml` into one entry (validated with every question; see content-source). */
export function communityLoader(): Loader {
  return {
    name: "community-loader",
    schema: communitySchema,
    async load({ config, store, watcher }) {
      await syncAndWatch(contentDirectory(config), watcher, ({ community }) => {
        store.set({ id: COMMUNITY_ENTRY_ID, data: community });
      });
    },
  };
}
