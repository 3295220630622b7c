import type { Loader } from "astro/loaders";
import { COMMUNITY_ENTRY_ID, communitySchema } from "../schemas/community.ts";
import { readCommunityFile } from "./community-file.ts";
import { contentDirectory, syncAndWatch } from "./content-source.ts";

/**
 * Loads `community.yaml` into one entry. Its problems are reported by the questions loader,
 * which checks it together with every question so that one run lists them all.
 */
export function communityLoader(): Loader {
  return {
    name: "community-loader",
    schema: communitySchema,
    async load({ store, watcher, logger }) {
      const directory = contentDirectory();
      await syncAndWatch(directory, watcher, logger, () => {
        const community = readCommunityFile(directory);
        if (community) store.set({ id: COMMUNITY_ENTRY_ID, data: community });
      });
    },
  };
}
