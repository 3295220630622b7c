import type { Loader } from "astro/loaders";
import { listingEntrySchema, type ListingEntry } from "../schemas/listing-entry.ts";
import { loadContentFolder, type PreviousEntries } from "./content-folder.ts";
import { contentDirectory, syncAndWatch } from "./content-source.ts";

/**
 * Loads `questions/<id>.md` as listing entries: validated, with plain text and excerpt derived
 * here once, so the store never holds a rendered body and the page only maps data to markup.
 * Entries whose file is unchanged since the last build are taken from Astro's store as they
 * are, so a rebuild after editing one question derives one question.
 */
export function questionsLoader(): Loader {
  return {
    name: "questions-loader",
    schema: listingEntrySchema,
    async load({ config, store, watcher, logger }) {
      const directory = contentDirectory(config);
      await syncAndWatch(directory, watcher, logger, async () => {
        const previous: PreviousEntries = new Map(
          store
            .values()
            .flatMap(({ id, data, digest }) =>
              typeof digest === "string" ? [[id, { digest, entry: data as ListingEntry }]] : [],
            ),
        );
        const { entries, digests, reused } = await loadContentFolder(directory, previous);
        logger.info(
          `${entries.size} questions, ${entries.size - reused} read and derived, ${reused} unchanged`,
        );
        for (const id of store.keys()) if (!entries.has(id)) store.delete(id);
        for (const [id, data] of entries) store.set({ id, data, digest: digests.get(id) ?? "" });
      });
    },
  };
}
