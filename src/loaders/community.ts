import type { LiveLoader } from "astro/loaders";
import { COMMUNITY_ENTRY_ID, type Community } from "../schemas/community.ts";
import { contentDirectory } from "../project-paths.ts";
import { buildLoadOf } from "../machinery/loading/early-load.ts";
import { ContentError } from "../core/content-error.ts";
import { readCommunity } from "../machinery/loading/community-file.ts";

/**
 * Loads `community.yaml` as the one entry of the `community` collection, checked against its
 * zod schema (src/core/community-file.ts). In a build it comes from the build's one load of
 * the content folder (src/machinery/loading/early-load.ts), which read community.yaml already; the dev
 * server reads the file as it is at each request.
 *
 * A live collection, like the questions, rather than a build-time one: Astro then has no
 * content data store to sync before it builds, and skipping that (a Vite server of its own,
 * through which Astro's content runtime is loaded) takes time off every build (scripts/bench.md,
 * "Why the constants are what they are").
 */
export function communityLoader(): LiveLoader<Community, { id: string }, never, ContentError> {
  const load = async (): Promise<
    { error: ContentError } | { entry: { id: string; data: Community } }
  > => {
    const directory = contentDirectory();
    const built = await buildLoadOf(directory);
    if (built !== undefined && "failure" in built) throw built.failure;
    const { community, problems } =
      built === undefined
        ? readCommunity(directory)
        : "content" in built
          ? { community: built.content.community, problems: [] }
          : { community: undefined, problems: built.problems };
    return community === undefined
      ? { error: new ContentError(problems) }
      : { entry: { id: COMMUNITY_ENTRY_ID, data: community } };
  };
  return {
    name: "community-loader",
    async loadCollection() {
      const loaded = await load();
      return "error" in loaded ? loaded : { entries: [loaded.entry] };
    },
    async loadEntry({ filter }) {
      if (filter.id !== COMMUNITY_ENTRY_ID) return undefined;
      const loaded = await load();
      return "error" in loaded ? loaded : loaded.entry;
    },
  };
}
