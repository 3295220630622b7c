import type { LiveLoader } from "astro/loaders";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import { ContentError, loadContentFolder } from "./content-folder.ts";
import { contentDirectory } from "./content-source.ts";
import { entryCacheFile, readEntryCache, updateEntryCache } from "./entry-cache.ts";

/**
 * Loads `questions/<id>.md` as listing entries: validated, with plain text and excerpt derived
 * once, so no rendered body is ever kept and the page only maps data to markup.
 *
 * It is a live loader: Astro calls it while it renders the pages, so the entries go straight
 * from here to the page. A build-time collection would also serialize them into Astro's data
 * store and inline that store into the page bundle, which at 100,000 questions took most of a
 * rebuild and most of its memory, and at a million no longer fits in one JavaScript string.
 * Entries whose file is unchanged since the last build come from our own cache (see
 * entry-cache.ts), so a rebuild after editing one question reads and derives one question.
 */
export function questionsLoader(): LiveLoader<ListingEntry, never, never, ContentError> {
  return {
    name: "questions-loader",
    async loadCollection() {
      const directory = contentDirectory();
      const cacheFile = entryCacheFile(directory);
      try {
        const previous = readEntryCache(cacheFile);
        const folder = await loadContentFolder(directory, { previous });
        updateEntryCache(cacheFile, previous, folder.derivationKey, folder.records);
        const { derived, unchangedByDigest, unchangedByStamp } = folder.counts;
        console.info(
          `[questions-loader] ${folder.entries.size} questions: ${derived} derived, ${unchangedByStamp + unchangedByDigest} unchanged since the last build (${unchangedByDigest} of them read again to make sure)`,
        );
        return { entries: [...folder.entries].map(([id, data]) => ({ id, data })) };
      } catch (error) {
        if (error instanceof ContentError) return { error };
        throw error;
      }
    },
    async loadEntry() {
      // The listing reads the whole collection; single entries are not looked up.
      return undefined;
    },
  };
}
