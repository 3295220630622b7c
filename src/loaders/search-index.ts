import type { LiveLoader } from "astro/loaders";
import type { HeldSearchFile } from "../machinery/loading/load-content.ts";
import { contentDirectory } from "../project-paths.ts";
import type { ContentError } from "../core/content-error.ts";
import { loadedContent } from "./loaded-content.ts";

/**
 * The search index's files (src/core/search-index.ts), one entry each, named by file. The index
 * is derived with the rest of the content, once per load: in a build it comes from the build's
 * one load (src/machinery/loading/early-load.ts), on its loading thread; the dev server loads the folder as
 * it is at each request.
 */
export function searchIndexLoader(): LiveLoader<HeldSearchFile, never, never, ContentError> {
  return {
    name: "search-index-loader",
    async loadCollection() {
      const loaded = await loadedContent(contentDirectory());
      if ("error" in loaded) return loaded;
      return {
        entries: loaded.content.searchIndex.map((file) => ({ id: file.file, data: file })),
      };
    },
    async loadEntry() {
      // The search route writes every file; single files are not looked up.
      return undefined;
    },
  };
}
