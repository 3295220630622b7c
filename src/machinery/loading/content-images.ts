import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import type { ContentImages } from "../../core/used-images.ts";
import { IMAGES_FOLDER, imageFacts, type ImageFacts } from "../../lib/content-images.ts";

/**
 * The content folder's `images/`, read as bodies ask for its files: only those a post shows are
 * opened, each once a load, and read whole (a JPEG's size can sit after its metadata).
 */
export function contentImages(contentDir: string): ContentImages {
  const folder = join(contentDir, IMAGES_FOLDER);
  let realFolder: string | undefined;
  return {
    factsOf(name: string): ImageFacts | undefined {
      const path = join(folder, name);
      let bytes: Buffer;
      try {
        realFolder ??= realpathSync(folder);
        if (realpathSync(path) !== join(realFolder, name)) return LINKED;
        bytes = readFileSync(path);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
        throw error;
      }
      return imageFacts(name, bytes);
    },
  };
}

/**
 * An image reached through a symbolic link, in `images/` or on its way there: a link could
 * lead anywhere on the machine, and the site would publish what it leads to. Refused, as a
 * link in `questions/` is.
 */
const LINKED: ImageFacts = {
  problem:
    "is a symbolic link, or lies in a folder that is one: the build reads only files inside images/, never what a link leads to; copy the image into images/ in its place",
};
