import type { ContentProblem } from "../lib/problems.ts";
import type { ShownEntry } from "../schemas/listing-entry.ts";
import { compareListingOrder } from "../lib/order.ts";
import { loadContentFolder, type ContentFolder } from "./content-folder.ts";
import { ContentError } from "./content-error.ts";
import { readEntryCache, updateEntryCache } from "./entry-cache.ts";

/**
 * What loading a content folder came to, as plain data that can cross from a worker thread
 * (see early-load.ts).
 */
export type LoadOutcome =
  | {
      /** In listing order. */
      entries: Map<string, ShownEntry>;
      counts: ContentFolder["counts"];
    }
  /** The content has problems: the report names them all. */
  | { problems: readonly ContentProblem[] }
  /** Anything else that went wrong, such as an unreadable folder. */
  | { failure: unknown };

/**
 * Loads a content folder the way a build does: reusing the entry cache's entries for files that
 * have not changed, then bringing the cache up to date. Never rejects.
 */
export async function loadQuestions(directory: string, cacheFile: string): Promise<LoadOutcome> {
  try {
    const previous = readEntryCache(cacheFile);
    const folder = await loadContentFolder(directory, { previous });
    updateEntryCache(cacheFile, previous, folder.derivationKey, folder.records);
    return { entries: shownInListingOrder(folder.entries), counts: folder.counts };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.problems };
    return { failure: error };
  }
}

/**
 * The entries as the page takes them, already in listing order: sorted here, on the loading
 * thread, the page's own sort (which keeps it right whatever it is given) has nothing to do.
 */
function shownInListingOrder(entries: ContentFolder["entries"]): Map<string, ShownEntry> {
  const ordered = [...entries]
    .map(([id, { titleLine, tags, excerpt, askedKey }]) => ({
      id,
      titleLine,
      tags,
      excerpt,
      askedKey,
    }))
    .sort(compareListingOrder);
  return new Map(ordered.map(({ id, ...shown }) => [id, shown]));
}
