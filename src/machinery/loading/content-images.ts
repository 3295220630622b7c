import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ContentImages } from "../../core/used-images.ts";
import { IMAGES_FOLDER, imageFacts, type ImageFacts } from "../../lib/content-images.ts";

/**
 * The content folder's `images/`, read as bodies ask for its files: only those a post shows are
 * opened, each once a load, and read whole (a JPEG's size can sit after its metadata).
 */
export function contentImages(contentDir: string): ContentImages {
  const folder = join(contentDir, IMAGES_FOLDER);
  return {
    factsOf(name: string): ImageFacts | undefined {
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(folder, name));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return undefined;
        throw error;
      }
      return imageFacts(name, bytes);
    },
  };
}
