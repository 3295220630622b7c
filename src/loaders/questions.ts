import type { LiveLoader } from "astro/loaders";
import type { ShownEntry } from "../schemas/listing-entry.ts";
import { ContentError } from "./content-error.ts";
import { contentDirectory } from "../project-paths.ts";
import { takeEarlyLoad } from "./early-load.ts";
import { entryCacheFile } from "./entry-cache.ts";

/**
 * Loads `questions/<id>.md` as listing entries: validated, with plain text and excerpt derived
 * once, so no rendered body is ever kept and the page only maps data to markup.
 *
 * It is a live loader: Astro calls it while it renders the pages, so the entries go straight
 * from here to the page. A build-time collection would also serialize them into Astro's data
 * store and inline that store into the page bundle, which at 100,000 questions took most of a
 * rebuild and most of its memory, and at a million no longer fits in one JavaScript string.
 * Entries whose file is unchanged since the last build come from our own cache (see
 * entry-cache.ts), so a rebuild after editing one question reads and derives one question; and
 * a build has usually loaded the questions already, while Astro bundled the page
 * (early-load.ts).
 */
export function questionsLoader(): LiveLoader<ShownEntry, never, never, ContentError> {
  return {
    name: "questions-loader",
    async loadCollection() {
      const directory = contentDirectory();
      const cacheFile = entryCacheFile(directory);
      // The reading code is imported only when no early load has done the work (the dev
      // server): a build would load it on this thread for nothing.
      const outcome = await (takeEarlyLoad(directory, cacheFile) ??
        import("./load-questions.ts").then(({ loadQuestions }) =>
          loadQuestions(directory, cacheFile),
        ));
      if ("problems" in outcome) return { error: new ContentError(outcome.problems) };
      if ("failure" in outcome) throw outcome.failure;
      const { entries, counts } = outcome;
      const { derived, unchangedByDigest, unchangedByStamp } = counts;
      console.info(
        `[questions-loader] ${entries.size} questions: ${derived} derived, ${unchangedByStamp + unchangedByDigest} unchanged since the last build (${unchangedByDigest} of them read again to make sure)`,
      );
      return { entries: [...entries].map(([id, data]) => ({ id, data })) };
    },
    async loadEntry() {
      // The listing reads the whole collection; single entries are not looked up.
      return undefined;
    },
  };
}
