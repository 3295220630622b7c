import type { ContentProblem } from "../lib/problems.ts";
import { ContentError, loadContentFolder, type ContentFolder } from "./content-folder.ts";
import { readEntryCache, updateEntryCache } from "./entry-cache.ts";

/** What loading a content folder came to, as plain data (see `startLoadingEarly`). */
export type LoadOutcome =
  | { folder: ContentFolder }
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
    return { folder };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.problems };
    return { failure: error };
  }
}
