import type { LiveLoader } from "astro/loaders";
import type { ListedQuestion } from "../machinery/loading/listed-question.ts";
import { contentDirectory } from "../project-paths.ts";
import { buildLoadOf, takeEarlyLoad } from "../machinery/loading/early-load.ts";
import type { LoadOutcome } from "../machinery/loading/load-content.ts";
import { entryCacheDirectory } from "../machinery/incremental/entry-cache.ts";
import { ContentError } from "../core/content-error.ts";
import { memoized } from "../lib/memoized.ts";

type Counts = Extract<LoadOutcome, { counts: unknown }>["counts"]["questions"];

/**
 * Loads `questions/<id>.md`, with their answers, in listing order: each question's listing
 * entry, and its page (validated, with excerpt and sanitized body HTML derived once, so that
 * the pages only map data to markup), which a build sets apart on disk until it is written.
 *
 * It is a live loader: Astro calls it while it renders the pages, so the entries go straight
 * from here to the page. A build-time collection would also serialize them into Astro's data
 * store and inline that store into the page bundle, which at 100,000 questions took most of a
 * rebuild and most of its memory, and at a million no longer fits in one JavaScript string.
 * Files unchanged since the last build come from the entry cache, so a rebuild after editing
 * one question reads one question; and a build has usually loaded the content already, while
 * Astro bundled the page (src/machinery/loading/early-load.ts).
 */
export function questionsLoader(): LiveLoader<ListedQuestion, never, never, ContentError> {
  return {
    name: "questions-loader",
    async loadCollection() {
      const directory = contentDirectory();
      const cacheDirectory = entryCacheDirectory(directory);
      // A build has one load of the content, started early, which every page route asks for
      // (the listing, the question pages). The loading code is imported only when there is no
      // such load (the dev server, which reads the files as they are at each request): a build
      // would load it on this thread for nothing.
      const taken = takeEarlyLoad(directory, cacheDirectory);
      const built = taken ?? buildLoadOf(directory);
      const outcome = await (built ??
        import("../machinery/loading/load-content.ts").then(async ({ loadContent }) => {
          const { outcome, saveCache } = await loadContent(directory, { cacheDirectory });
          saveCache();
          return outcome;
        }));
      if ("problems" in outcome) return { error: new ContentError(outcome.problems) };
      if ("failure" in outcome) throw outcome.failure;
      const { content, counts, warnings, notes } = outcome;
      const read = (noun: string, { derived, unchangedByDigest, unchangedByStamp }: Counts) =>
        `${derived + unchangedByDigest + unchangedByStamp} ${noun}: ${derived} derived, ${unchangedByStamp + unchangedByDigest} unchanged since the last build (${unchangedByDigest} of them read again to make sure)`;
      const answers =
        counts.answers.derived + counts.answers.unchangedByDigest + counts.answers.unchangedByStamp;
      // Said once per load, not for each route that asks for it.
      if (taken !== undefined || built === undefined) {
        console.info(
          `[questions-loader] ${read("questions", counts.questions)}${answers > 0 ? `; ${read("answers", counts.answers)}` : ""}`,
        );
        for (const note of notes) console.info(note);
        for (const warning of warnings) console.warn(warning);
      }
      return { entries: entriesOf(content) };
    },
    async loadEntry() {
      // The listing reads the whole collection; single entries are not looked up.
      return undefined;
    },
  };
}

/*
 * A build asks for the questions once per route that lists them (question, listing and tag
 * pages, the tag index), and Astro hands each call the entries the loader returned. Made anew
 * each time (an object a question, and the list), they were garbage that Astro's thread had
 * taken on as it listed the pages, where the build's memory peaks (scripts/bench.md, "Why the
 * constants are what they are"); kept once, they are held to the end of the build. One list
 * per load, then, however often it is asked for; the dev server loads again for each request,
 * and so gets a list of its own.
 */
const entriesOfLoad = new WeakMap<{ questions: ListedQuestion[] }, CollectionEntry[]>();

type CollectionEntry = { id: string; data: ListedQuestion };

function entriesOf(content: { questions: ListedQuestion[] }): CollectionEntry[] {
  return memoized(entriesOfLoad, content, ({ questions }) =>
    questions.map((question) => ({ id: question.id, data: question })),
  );
}
