import { statSync } from "node:fs";
import { join } from "node:path";
import type { LiveLoader } from "astro/loaders";
import { contentDirectory } from "../project-paths.ts";
import type { ContentError } from "../core/content-error.ts";
import { loadedContent } from "./loaded-content.ts";
import { IMAGES_FOLDER } from "../lib/content-images.ts";

/** A file of the content's `images/` that a page shows, as the site's `images/` writes it. */
export interface ShownImage {
  /** Its path under `images/`. */
  file: string;
  /** Its size and modification time: a rebuild writes it again when either changes. */
  version: string;
}

/**
 * The files of the content's `images/` that the bodies show (`Content.images`), one entry each,
 * named by file; from the build's one load, as the search index's files are.
 */
export function imagesLoader(): LiveLoader<ShownImage, never, never, ContentError> {
  return {
    name: "images-loader",
    async loadCollection() {
      const directory = contentDirectory();
      const loaded = await loadedContent(directory);
      if ("error" in loaded) return loaded;
      const folder = join(directory, IMAGES_FOLDER);
      return {
        entries: loaded.content.images.map((file) => {
          const { size, mtimeMs } = statSync(join(folder, file));
          return { id: file, data: { file, version: `${size}:${mtimeMs}` } };
        }),
      };
    },
    async loadEntry() {
      // The images route writes every file; single files are not looked up.
      return undefined;
    },
  };
}
