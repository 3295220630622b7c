import type { LiveLoader } from "astro/loaders";
import { contentDirectory } from "../project-paths.ts";
import type { ContentError } from "../core/content-error.ts";
import type { TagWiki } from "../schemas/tag-wiki.ts";
import { loadedContent } from "./loaded-content.ts";

/**
 * The wikis of the content's `tags/` (src/schemas/tag-wiki.ts), one entry each, named by tag,
 * settled with the rest of the content: from the build's one load, as the images are.
 */
export function tagWikisLoader(): LiveLoader<TagWiki, never, never, ContentError> {
  return {
    name: "tag-wikis-loader",
    async loadCollection() {
      const loaded = await loadedContent(contentDirectory());
      if ("error" in loaded) return loaded;
      return { entries: loaded.content.tagWikis.map((wiki) => ({ id: wiki.tag, data: wiki })) };
    },
    async loadEntry() {
      // The tag pages read the whole collection; single wikis are not looked up.
      return undefined;
    },
  };
}
