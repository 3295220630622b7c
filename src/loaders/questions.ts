import type { Loader } from "astro/loaders";
import { listingEntrySchema } from "../schemas/listing-entry.ts";
import { contentDirectory, syncAndWatch } from "./content-source.ts";

/**
 * Loads `questions/<id>.md` as listing entries: validated, with plain text and excerpt derived
 * here once, so the store never holds a rendered body and the page only maps data to markup.
 */
export function questionsLoader(): Loader {
  return {
    name: "questions-loader",
    schema: listingEntrySchema,
    async load({ config, store, watcher, generateDigest }) {
      await syncAndWatch(contentDirectory(config), watcher, ({ entries }) => {
        for (const id of store.keys()) if (!entries.has(id)) store.delete(id);
        for (const [id, data] of entries) store.set({ id, data, digest: generateDigest(data) });
      });
    },
  };
}
