import type { ContentProblem } from "../lib/problems.ts";
import type { ShownEntry } from "../schemas/listing-entry.ts";
import { compareListingOrder } from "../lib/order.ts";
import { loadContentFolder, type ContentFolder, type HeadStart } from "./content-folder.ts";
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
  let outcome: LoadOutcome = { failure: new Error("The questions were not loaded.") };
  await loadQuestionsThenCache(directory, cacheFile, (loaded) => (outcome = loaded));
  return outcome;
}

/**
 * `loadQuestions`, handing the outcome to `deliver` as soon as it is known and only then
 * writing the entry cache, which the page does not need: at 100,000 questions a first build
 * writes 47 MB of it. A cache that cannot be written costs the next build time, not this one
 * its result, so that is a warning. `headStart` is what the caller did ahead (see
 * load-worker.ts).
 */
export async function loadQuestionsThenCache(
  directory: string,
  cacheFile: string,
  deliver: (outcome: LoadOutcome) => void,
  headStart: HeadStart = {},
): Promise<void> {
  let save: (() => void) | undefined;
  try {
    const previous = readEntryCache(cacheFile);
    const folder = await loadContentFolder(directory, { previous, ...headStart });
    save = () => updateEntryCache(cacheFile, previous, folder.derivationKey, folder.records);
    deliver({ entries: shownInListingOrder(folder.entries), counts: folder.counts });
  } catch (error) {
    deliver(error instanceof ContentError ? { problems: error.problems } : { failure: error });
    return;
  }
  try {
    save();
  } catch (error) {
    console.warn(
      `[questions-loader] the entry cache ${cacheFile} could not be written (${error instanceof Error ? error.message : String(error)}); the next build reads every question again`,
    );
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
