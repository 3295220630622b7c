import type { ContentProblem } from "../lib/problems.ts";
import type { QuestionEntry } from "../schemas/question.ts";
import { assembleContent, type Content } from "../core/content.ts";
import { questionFiles, questionSettings } from "../core/question-file.ts";
import { readCommunity } from "../loaders/community-file.ts";
import { derivationCodeDigest } from "./code-digest.ts";
import { entryCacheFile, readEntryCache, updateEntryCache } from "./entry-cache.ts";
import { QUESTIONS_FOLDER } from "./folders.ts";
import { loadFolder, type HeadStart, type LoadedFolder } from "./load-folder.ts";

/**
 * What loading a content folder came to, as plain data that can cross from a worker thread
 * (see early-load.ts).
 */
export type LoadOutcome =
  | { content: Content; counts: LoadedFolder<unknown>["counts"] }
  /** The content has problems: the report names them all. */
  | { problems: readonly ContentProblem[] }
  /** Anything else that went wrong, such as an unreadable folder. */
  | { failure: unknown };

export interface LoadOptions {
  /** Where the entry caches live (`entryCacheDirectory`); none: every file is read. */
  cacheDirectory?: string | undefined;
  /** What the caller did ahead for the questions folder (see early-load-worker.ts). */
  headStart?: HeadStart;
  /** The folder file names in messages are relative to. */
  displayFrom?: string;
  /** The time now, ms since the epoch; tests move it to see stamps taken long ago. */
  now?: number;
}

/**
 * The content folder as `readContent` reads it (src/loaders/content-folder.ts), loaded the fast
 * way: files unchanged since the last build are taken from the entry cache, and the rest are
 * read on several threads when there are many (src/speed/load-folder.ts). `saveCache` then
 * brings the cache up to date; it is apart because the page does not need it: the build hands
 * the outcome over first (at 100,000 questions a first build writes 47 MB of cache). A cache
 * that cannot be written costs the next build time, not this one its result, so that is a
 * warning. Never rejects.
 */
export async function loadContent(
  contentDir: string,
  {
    cacheDirectory,
    headStart = {},
    displayFrom = process.cwd(),
    now = Date.now(),
  }: LoadOptions = {},
): Promise<{ outcome: LoadOutcome; saveCache: () => void }> {
  let saveCache = () => {};
  try {
    const community = readCommunity(contentDir, displayFrom);
    const settings = questionSettings(community.community);
    const derivationKey = `${JSON.stringify(settings)}:${derivationCodeDigest()}`;
    const cacheFile =
      cacheDirectory === undefined
        ? undefined
        : entryCacheFile(cacheDirectory, QUESTIONS_FOLDER.folder);
    const previous = cacheFile === undefined ? undefined : readEntryCache<QuestionEntry>(cacheFile);
    const questions = await loadFolder(questionFiles, QUESTIONS_FOLDER, contentDir, settings, {
      ...headStart,
      previous: previous?.derivationKey === derivationKey ? previous : undefined,
      displayFrom,
      now,
    });
    const read = assembleContent(community, questions.files);
    if ("problems" in read) return { outcome: { problems: read.problems }, saveCache };
    if (cacheFile !== undefined) {
      saveCache = () => {
        try {
          updateEntryCache(cacheFile, previous, derivationKey, questions.records);
        } catch (error) {
          console.warn(
            `[questions-loader] the entry cache ${cacheFile} could not be written (${error instanceof Error ? error.message : String(error)}); the next build reads every question again`,
          );
        }
      };
    }
    return { outcome: { content: read.content, counts: questions.counts }, saveCache };
  } catch (failure) {
    return { outcome: { failure }, saveCache };
  }
}
