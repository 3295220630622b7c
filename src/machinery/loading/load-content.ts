import type { ContentProblem } from "../../lib/problems.ts";
import type { FolderReader, FolderReaderModule } from "../../core/folder.ts";
import { answerFiles } from "../../core/answer-file.ts";
import {
  assembleContent,
  HeldInListingOrder,
  type BuildHooks,
  type Content,
} from "../../core/content.ts";
import type { SearchDocument, SearchFile } from "../../core/search-index.ts";
import { questionFiles, questionSettings } from "../../core/question-file.ts";
import { listingEntryOf } from "../../core/listing.ts";
import { tabFacts } from "../../core/listing-tabs.ts";
import { contentImages } from "./content-images.ts";
import { readCommunity } from "./community-file.ts";
import { readTagWikis } from "./tag-wikis.ts";
import { contentFolderProblem } from "./content-folder-check.ts";
import type { Listing } from "./listed-names.ts";
import { derivationCodeDigest } from "../incremental/code-digest.ts";
import { shortDigest } from "../store/short-digest.ts";
import {
  discardNewLines,
  entryCacheFile,
  HeldLines,
  NewLines,
  readEntryCache,
  updateEntryCache,
} from "../incremental/entry-cache.ts";
import type { RecordTable } from "../incremental/record-table.ts";
import {
  closeTextStores,
  pageStoreDirectory,
  readPageText,
  removeUnusedStores,
  storeDigestedText,
  storeQuestionPage,
  storeUserPage,
  storesOf,
  type HeldUserPage,
  textStoreDirectory,
} from "../store/text-store.ts";
import type { QuestionPage } from "../../core/page-data.ts";
import type { FolderFiles } from "../../core/folder.ts";
import type { QuestionEntry } from "../../schemas/question.ts";
import type { AnswerEntry } from "../../schemas/answer.ts";
import type { DigestedText, TextOrStored } from "../store/stored-text.ts";
import type { ListedQuestion } from "./listed-question.ts";
import { ANSWERS_FOLDER, QUESTIONS_FOLDER, USERS_FOLDER } from "./folder-readers.ts";
import { userFiles } from "../../core/user-file.ts";
import type { UserEntry } from "../../schemas/user.ts";
import { loadFolder, type PreparedReading, type LoadedFolder } from "./load-folder.ts";
import { SpilledDocuments, spillDirectory } from "../store/spilled-order.ts";
import { SpilledPostings } from "../store/spilled-postings.ts";
import { cacheWriteReport } from "./cache-write-report.ts";

type FolderCounts = LoadedFolder<unknown>["counts"];

/**
 * What loading a content folder came to, as plain data that can cross from a worker thread
 * (see early-load.ts).
 */
export type LoadOutcome =
  | {
      content: LoadedContent;
      /** How each folder's entries were had (see `LoadedFolder`). */
      counts: { questions: FolderCounts; answers: FolderCounts; users: FolderCounts };
      /**
       * Lines for the build's log that fail nothing (`texWarnings`). Handed over rather than
       * printed here: a worker thread's console reaches the terminal late, in the middle of
       * Astro's own lines.
       */
      warnings: string[];
      /** Lines for the build's log that tell what became of the content (its links). */
      notes: string[];
    }
  /** The content has problems: the report names them all. */
  | { problems: readonly ContentProblem[] }
  /**
   * Anything else that went wrong, such as an unreadable folder; with `report` when it is no
   * fault of the content's and the user can mend it (the cache folder cannot be written): the
   * whole of what the build tells them, printed as it is, with no stack.
   */
  | { failure: unknown; report?: string };

/**
 * The content as a load hands it over: with a cache folder, each question's page and each file
 * of the search index set apart on disk, the questions as their listing entries and where their
 * page is (see `listedQuestion`).
 */
export type LoadedContent = Content<ListedQuestion, HeldSearchFile, HeldUserPage>;

/** A file of the search index as a build holds it: stored, with a cache folder. */
export type HeldSearchFile = SearchFile<string | DigestedText>;

/**
 * The content folder's folders as the caller listed them, as names or packed (`packListing`);
 * a folder left out is listed here. A packed listing is unpacked only while its folder's reading
 * is planned (`PreparedReading.listing`).
 */
export interface ContentListings {
  questions?: Listing | undefined;
  answers?: Listing | undefined;
  users?: Listing | undefined;
}

export interface LoadOptions {
  /** Where the entry caches live (`entryCacheDirectory`); none: every file is read. */
  cacheDirectory?: string | undefined;
  /** What the caller did ahead for the questions folder (see early-load-worker.ts). */
  preparedReading?: Omit<PreparedReading, "listing">;
  /** The folders as the caller already listed them (see early-load.ts). */
  listings?: ContentListings;
  /** The folder file names in messages are relative to. */
  displayFrom?: string;
  /** The time now, ms since the epoch; tests move it to see stamps taken long ago. */
  now?: number;
  /**
   * Where each question goes, with its place in the listing, as soon as it is derived (see
   * `BuildHooks.handOver`); the outcome's `questions` are then empty. Called only while the
   * load runs: an outcome of problems or a failure means that what it was given is void.
   */
  handOver?: (rank: number, question: ListedQuestion) => void;
  /** Called once every page is derived, before the search index is built (`BuildHooks`). */
  pagesDerived?: () => void;
  /**
   * Up to how many questions the search index's documents and postings are held, not spilled;
   * tests make it small.
   */
  documentsHeldAtMost?: number;
}

/**
 * Up to how many questions a load holds the search index's documents until they are taken in
 * listing order, rather than spilling them to disk (`SpilledDocuments`): held, they grow with
 * the questions, some 4.3 KB each with their posts' text, about 110 MB at most; spilled, they
 * cost time in every build (scripts/bench.md, "Why the constants are what they are"). Past
 * it, the index's postings are set apart too, a run at a time (`SpilledPostings`).
 */
const DOCUMENTS_HELD_AT_MOST = 25_000;

/**
 * The content folder as `readContent` reads it (content-folder.ts), loaded the fast way: files
 * unchanged since the last build are taken from the entry cache, and the rest are read on
 * several threads when there are many (load-folder.ts). `saveCache` then brings the cache up to
 * date; it is apart because the page does not need it: the build hands the outcome over first,
 * and a first build's cache is large (scripts/bench.md, "Why the constants are what they
 * are"). A cache that cannot be written costs the next build time, not this one its result, so
 * that is a warning. Never rejects.
 */
export async function loadContent(
  contentDir: string,
  {
    cacheDirectory,
    preparedReading = {},
    listings = {},
    displayFrom = process.cwd(),
    now = Date.now(),
    handOver,
    pagesDerived,
    documentsHeldAtMost = DOCUMENTS_HELD_AT_MOST,
  }: LoadOptions = {},
): Promise<{ outcome: LoadOutcome; saveCache: () => void }> {
  const saves: (() => void)[] = [];
  const saveCache = () => saves.forEach((save) => save());
  // What the folders' loads opened (cache files, new lines), let go of when nothing is saved.
  const discards: (() => void)[] = [];
  // Each one tried, whatever the others do: a full disk fails the writes discarding flushes.
  const discard = () =>
    discards.forEach((discardFolder) => {
      try {
        discardFolder();
      } catch {
        // What it opened is let go of, written or not.
      }
    });
  try {
    const missing = contentFolderProblem(contentDir, displayFrom);
    if (missing) return { outcome: { problems: [missing] }, saveCache: () => {} };
    const community = readCommunity(contentDir, displayFrom);
    const settings = questionSettings(community.community);
    const derivationKey = `${JSON.stringify(settings)}:${derivationCodeDigest()}`;
    const folder = { contentDir, settings, derivationKey, cacheDirectory, displayFrom, now };
    const { questions, answers, users } = await loadFolders(
      folder,
      preparedReading,
      listings,
      discards,
    );
    const pageStores = new Set<string>();
    const hooks = assemblyHooks(cacheDirectory, questions.loaded.files.fileOfId.size, {
      pageStores,
      documentsHeldAtMost,
      handOver,
      pagesDerived,
    });
    // The reading threads stored the texts each reader names (`FolderReader.pageTexts`).
    const read = assembleContent(
      {
        ...community,
        images: contentImages(contentDir),
        tagWikis: readTagWikis(contentDir, settings, displayFrom),
      },
      questions.loaded.files as FolderFiles<QuestionEntry<TextOrStored>>,
      answers.loaded.files as FolderFiles<AnswerEntry<TextOrStored>>,
      users.loaded.files as FolderFiles<UserEntry<TextOrStored>>,
      hooks,
    );
    if ("problems" in read) {
      closeTextStores();
      discard();
      return { outcome: { problems: read.problems }, saveCache: () => {} };
    }
    closeTextStores();
    const { content } = read;
    const { searchIndex } = content;
    saves.push(questions.save, answers.save, users.save);
    if (cacheDirectory !== undefined) {
      const folders = [questions, answers, users];
      saves.push(storeCleanUp(cacheDirectory, searchIndex, pageStores, folders, now));
    }
    const counts = {
      questions: questions.loaded.counts,
      answers: answers.loaded.counts,
      users: users.loaded.counts,
    };
    const { warnings, notes } = read;
    return { outcome: { content, counts, warnings, notes }, saveCache };
  } catch (failure) {
    discard();
    const report = cacheWriteReport(failure, cacheDirectory);
    return { outcome: report ? { failure, report } : { failure }, saveCache: () => {} };
  }
}

/**
 * The questions' folder, then the answers' and the users', read by the same reading threads:
 * those that read the questions go on to the others, and all end once every folder is read,
 * before the content is assembled. Each folder's `discard` goes to `discards` as it is loaded.
 */
async function loadFolders(
  folder: Parameters<typeof loadCachedFolder>[2],
  { readers = [], ...preparedReading }: Omit<PreparedReading, "listing">,
  listings: ContentListings,
  discards: (() => void)[],
) {
  try {
    const questions = await loadCachedFolder(questionFiles, QUESTIONS_FOLDER, folder, {
      ...preparedReading,
      readers,
      listing: listings.questions,
    });
    discards.push(questions.discard);
    const answers = await loadCachedFolder(answerFiles, ANSWERS_FOLDER, folder, {
      readers,
      listing: listings.answers,
    });
    discards.push(answers.discard);
    const users = await loadCachedFolder(userFiles, USERS_FOLDER, folder, {
      readers,
      listing: listings.users,
    });
    discards.push(users.discard);
    return { questions, answers, users };
  } finally {
    for (const reader of readers) reader.end();
  }
}

/**
 * How the assembly keeps what it derives (`BuildHooks`): each page set apart in the page store
 * (its store noted in `pageStores`: the page itself may be handed over already), and past
 * `documentsHeldAtMost` questions the search index's documents and postings waiting on disk
 * until they are taken.
 */
function assemblyHooks(
  cacheDirectory: string | undefined,
  questionCount: number,
  {
    pageStores,
    documentsHeldAtMost,
    handOver,
    pagesDerived,
  }: {
    pageStores: Set<string>;
    documentsHeldAtMost: number;
    handOver: LoadOptions["handOver"];
    pagesDerived: LoadOptions["pagesDerived"];
  },
): BuildHooks<ListedQuestion, TextOrStored, HeldSearchFile, HeldUserPage> {
  const pageStore = cacheDirectory === undefined ? undefined : pageStoreDirectory(cacheDirectory);
  const spillTo =
    cacheDirectory !== undefined && questionCount > documentsHeldAtMost
      ? spillDirectory(cacheDirectory)
      : undefined;
  return {
    keepPage: (page) => {
      const listed = listedQuestion(page, pageStore);
      if ("digest" in listed.page) pageStores.add(listed.page.store);
      return listed;
    },
    keepUser: (share) => {
      if (pageStore === undefined) return share;
      const stored = storeUserPage(pageStore, share);
      pageStores.add(stored.store);
      return stored;
    },
    readText: readPageText,
    sortDocuments: (count: number) =>
      spillTo === undefined
        ? new HeldInListingOrder<SearchDocument>(count)
        : new SpilledDocuments(spillTo, count),
    ...(spillTo !== undefined && { postingsRuns: new SpilledPostings(spillTo) }),
    ...(handOver && { handOver }),
    ...(pagesDerived && { pagesDerived }),
    keepSearchFile: ({ file, text }) => ({
      file,
      text: pageStore === undefined ? text : storeDigestedText(pageStore, text),
    }),
  };
}

/**
 * Once the caches hold this build's entries, a text store no entry points into is garbage;
 * and once this build's pages and search index are set apart, so are the last build's page
 * stores. The stores are what is kept, not the records, while the caches are written.
 */
function storeCleanUp(
  cacheDirectory: string,
  searchIndex: readonly HeldSearchFile[],
  pageStores: Set<string>,
  folders: readonly { loaded: { records: Parameters<typeof usedStores>[0] } }[],
  now: number,
): () => void {
  for (const store of storesOf(searchIndex.map(({ text }) => text))) pageStores.add(store);
  const textStores = new Set(folders.flatMap(({ loaded }) => [...usedStores(loaded.records)]));
  return () => {
    removeUnusedStores(textStoreDirectory(cacheDirectory), textStores, now);
    removeUnusedStores(pageStoreDirectory(cacheDirectory), pageStores, now);
  };
}

/**
 * One folder loaded with its entry cache (none without `cacheDirectory`), and how to bring that
 * cache up to date: only after a build whose content has no problem, and never failing it.
 */
async function loadCachedFolder<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  where: FolderReaderModule,
  options: {
    contentDir: string;
    settings: Settings;
    derivationKey: string;
    cacheDirectory: string | undefined;
    displayFrom: string;
    now: number;
  },
  preparedReading: PreparedReading = {},
): Promise<{ loaded: LoadedFolder<Entry>; save: () => void; discard: () => void }> {
  const { contentDir, settings, derivationKey, cacheDirectory, displayFrom, now } = options;
  if (cacheDirectory === undefined) {
    const loaded = await loadFolder(reader, where, contentDir, settings, {
      ...preparedReading,
      newLines: new HeldLines(),
      displayFrom,
      now,
    });
    return { loaded, save: () => {}, discard: () => {} };
  }
  const cacheFile = entryCacheFile(cacheDirectory, reader.folder);
  const previous = readEntryCache(cacheFile, derivationKey);
  const newLines = new NewLines(cacheFile, derivationKey);
  let loaded: LoadedFolder<Entry>;
  try {
    loaded = await loadFolder(reader, where, contentDir, settings, {
      ...preparedReading,
      previous,
      newLines,
      displayFrom,
      now,
      textStore: textStoreDirectory(cacheDirectory),
    });
  } catch (error) {
    discardNewLines(previous, newLines);
    throw error;
  }
  const save = () => {
    try {
      updateEntryCache(cacheFile, previous, derivationKey, loaded.records, newLines);
    } catch (error) {
      console.warn(
        `[questions-loader] the entry cache ${cacheFile} could not be written (${error instanceof Error ? error.message : String(error)}); the next build reads every ${reader.noun} again`,
      );
    }
  };
  return { loaded, save, discard: () => discardNewLines(previous, newLines) };
}

/**
 * A question as the build holds it: what places it in the listing, a digest of what the listing
 * shows of it, and its page, set apart in `pageStore` when there is one (a build's), or held as
 * it is (the dev server's load, at each request).
 */
function listedQuestion(
  page: QuestionPage<TextOrStored>,
  pageStore: string | undefined,
): ListedQuestion {
  const { id, tags } = page;
  const entryJson = JSON.stringify(listingEntryOf(page));
  return {
    id,
    tags,
    listingDigest: shortDigest(entryJson),
    facts: tabFacts(page),
    page: pageStore === undefined ? page : storeQuestionPage(pageStore, page, entryJson),
  };
}

/** The text stores a folder's records point into. */
function usedStores(records: RecordTable): Set<string> {
  return new Set([...records.usedStoreLists()].flat());
}
