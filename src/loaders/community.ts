import { join } from "node:path";
import type { LiveLoader } from "astro/loaders";
import type { ContentProblem } from "../lib/problems.ts";
import { COMMUNITY_ENTRY_ID, type Community } from "../schemas/community.ts";
import { readCommunity } from "./community-file.ts";
import { ContentError } from "./content-error.ts";
import { contentDirectory } from "../project-paths.ts";

/**
 * Loads `community.yaml` as the one entry of the `community` collection, checked against its
 * zod schema (see community-file.ts).
 *
 * A live collection, like the questions, rather than a build-time one: Astro then has no
 * content data store to sync before it builds, and skipping that (a Vite server of its own,
 * through which Astro's content runtime is loaded) takes about 0.8 s off every build. The
 * file is one small YAML document, read when the page asks for it.
 */
export function communityLoader(): LiveLoader<Community, { id: string }, never, ContentError> {
  const load = (): { error: ContentError } | { entry: { id: string; data: Community } } => {
    const problems: ContentProblem[] = [];
    const community = readCommunity(
      join(contentDirectory(), "community.yaml"),
      "community.yaml",
      problems,
    );
    return community === undefined
      ? { error: new ContentError(problems) }
      : { entry: { id: COMMUNITY_ENTRY_ID, data: community } };
  };
  return {
    name: "community-loader",
    async loadCollection() {
      const loaded = load();
      return "error" in loaded ? loaded : { entries: [loaded.entry] };
    },
    async loadEntry({ filter }) {
      if (filter.id !== COMMUNITY_ENTRY_ID) return undefined;
      const loaded = load();
      return "error" in loaded ? loaded : loaded.entry;
    },
  };
}
