import { closeSync, existsSync, mkdirSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { BlockFile } from "./block-file.ts";
import { removeOldUnusedFiles } from "./old-files.ts";
import { taggedUniqueName } from "./process-tag.ts";
import type { ListingEntry, QuestionPage } from "../../core/page-data.ts";
import type { UserPageShare } from "../../core/users.ts";
import type { DigestedText, TextOrStored, StoredText } from "./stored-text.ts";
import { shortDigest } from "./short-digest.ts";
import { listingEntryOf } from "../../core/listing.ts";

/*
 * Texts set apart on disk. A build needs a post's HTML once, when it writes the post's page,
 * but it reads every file first, and holding every body from then on (in the reading threads,
 * in the load's outcome posted across threads and in the pages' props) was most of a cold
 * build's peak (scripts/bench.md, "Why the constants are what they are"). So the thread that
 * renders a body appends it to a store file of its own and keeps only where it is; the page
 * reads it back when it is written (`readPageText`). The entry cache keeps those places too,
 * and the store files live beside it, so a rebuild neither renders nor holds an unchanged body.
 *
 * A store is a file per thread and build in the content folder's cache, `texts/<uuid>.html`,
 * only ever appended to. It goes once no cached entry points into it (`removeUnusedStores`);
 * an edited post's old text stays in its store until then.
 */

/**
 * A question's page as a build holds it: the page, its texts held or stored, or the whole
 * page stored as JSON (`storeQuestionPage`).
 */
export type HeldPage = QuestionPage<TextOrStored> | StoredQuestionPage;

/**
 * A question's page set apart: what the listing shows of it, as JSON, then the page as JSON.
 * Listing and tag pages read only the first, a tenth of the page: parsing each question's
 * whole page for it was 16% of the rendering threads' time (scripts/bench.md, "Listing
 * entries apart").
 */
export interface StoredQuestionPage extends DigestedText {
  /** How many of its bytes, from its start, are the listing's entry. */
  entryBytes: number;
}

/** How long a store no entry points into is left alone (see `removeUnusedStores`). */
const RECENT_STORE_MS = 60_000;

/** Where a content folder's stores are, beside its entry caches (`entryCacheDirectory`). */
export function textStoreDirectory(cacheDirectory: string): string {
  return join(cacheDirectory, "texts");
}

/**
 * Where a content folder's question pages are set apart (`storeQuestionPage`), beside its
 * entry caches. Not with the texts: a build writes every page afresh, and the stores of the
 * last build's pages then hold nothing any entry points into, so they go whole
 * (`removeUnusedStores`).
 */
export function pageStoreDirectory(cacheDirectory: string): string {
  return join(cacheDirectory, "pages");
}

/**
 * The store this thread appends to, by folder: one file per thread and build. What is appended
 * is written a block at a time, not with a `writeSync` per text (scripts/bench.md, "Why the
 * constants are what they are").
 */
const openStores = new Map<string, AppendedStore>();

interface AppendedStore {
  path: string;
  fd: number;
  /** The bytes appended so far, written or not. */
  bytes: number;
  pending: Buffer[];
  pendingBytes: number;
}

/** How many bytes a store holds back before writing them. */
const WRITE_BLOCK_BYTES = 1 << 16;

/** Appends `text` to this thread's store in `directory`, and says where it is. */
export function storeText(directory: string, text: string): StoredText {
  let store = openStores.get(directory);
  if (store === undefined) {
    mkdirSync(directory, { recursive: true });
    const path = join(directory, `${taggedUniqueName()}.html`);
    store = { path, fd: openSync(path, "a"), bytes: 0, pending: [], pendingBytes: 0 };
    openStores.set(directory, store);
  }
  const bytes = Buffer.from(text, "utf8");
  const stored = { store: store.path, at: store.bytes, bytes: bytes.length };
  store.bytes += bytes.length;
  store.pending.push(bytes);
  store.pendingBytes += bytes.length;
  if (store.pendingBytes >= WRITE_BLOCK_BYTES) writePending(store);
  return stored;
}

function writePending(store: AppendedStore): void {
  if (store.pendingBytes === 0) return;
  writeSync(store.fd, Buffer.concat(store.pending, store.pendingBytes));
  store.pending = [];
  store.pendingBytes = 0;
}

/**
 * Writes what this thread's stores hold back, so that another thread can read it: a reading
 * thread does before it hands over the entries that point into its store.
 */
export function flushTextStores(): void {
  for (const store of openStores.values()) writePending(store);
}

/** Ends this thread's appending: the next `storeText` starts a new store. */
export function closeTextStores(): void {
  for (const store of openStores.values()) {
    writePending(store);
    closeSync(store.fd);
  }
  openStores.clear();
}

/** Store files open for reading, kept open while pages are written. */
const readers = new Map<string, BlockFile>();

/** The text itself: as it is, or read back from its store. */
export function readPageText(text: TextOrStored): string {
  if (typeof text === "string") return text;
  return storeReader(text).read(text.at, text.bytes);
}

/**
 * The text's UTF-8 bytes, for a file written as it is stored: never a string on the heap. The
 * search index's files, 300 MB at 100,000 questions, written on Astro's thread as strings, were
 * garbage that grew its heap by as much before V8 collected it (scripts/bench.md, "Users").
 */
export function readPageBytes(text: TextOrStored): Uint8Array<ArrayBuffer> {
  if (typeof text === "string") return new Uint8Array(Buffer.from(text, "utf8"));
  return storeReader(text).readBytes(text.at, text.bytes);
}

/** The store `text` is in, open for reading, with what this thread appended to it written. */
function storeReader(text: StoredText): BlockFile {
  // This thread's own store may hold back what was just appended.
  for (const store of openStores.values()) if (store.path === text.store) writePending(store);
  let reader = readers.get(text.store);
  if (reader === undefined) {
    reader = new BlockFile(
      text.store,
      openSync(text.store, "r"),
      (end) =>
        `The build's text store ${text.store} ends before byte ${end}; delete the build cache folder (node_modules/.astro, or QA_CACHE_DIR) and build again`,
    );
    readers.set(text.store, reader);
  }
  return reader;
}

/**
 * Appends `text`, which a build derives afresh each time, to this thread's store in `directory`
 * (`pageStoreDirectory`), and says where it is and what its digest is.
 */
export function storeDigestedText(directory: string, text: string): DigestedText {
  return { ...storeText(directory, text), digest: shortDigest(text) };
}

/**
 * Sets a share of a user's page apart as JSON (`storeDigestedText`): the build then holds only
 * where it is until the page is written (`readUserPage`).
 */
export function storeUserPage(directory: string, share: UserPageShare<TextOrStored>): DigestedText {
  return storeDigestedText(directory, JSON.stringify(share));
}

/**
 * Sets a question's page apart, after `entryJson`, what the listing shows of it as JSON
 * (`listingEntryOf`): the build then holds only where it is until the page or a listing page
 * showing it is written (`readQuestionPage`, `readListingEntry`).
 */
export function storeQuestionPage(
  directory: string,
  page: QuestionPage<TextOrStored>,
  entryJson: string,
): StoredQuestionPage {
  const stored = storeDigestedText(directory, entryJson + JSON.stringify(page));
  return { ...stored, entryBytes: Buffer.byteLength(entryJson, "utf8") };
}

/** A share of a user's page as a build holds it: as it is, or set apart on disk (`storeUserPage`). */
export type HeldUserPage = UserPageShare<TextOrStored> | DigestedText;

/** A share of a user's page as it is written: read back if set apart, "About me" as text. */
export function readUserPage(record: HeldUserPage): UserPageShare {
  const { profile, ...posts } =
    "digest" in record ? jsonAt<UserPageShare<TextOrStored>>(record) : record;
  if (profile === undefined) return posts;
  const { aboutHtml, ...rest } = profile;
  return {
    ...posts,
    profile: aboutHtml === undefined ? rest : { ...rest, aboutHtml: readPageText(aboutHtml) },
  };
}

/** A question's page as it is written: read back if it was set apart, with its texts. */
export function readQuestionPage(record: HeldPage): QuestionPage {
  if (!("digest" in record)) return questionWithTexts(record);
  const { store, at, bytes, entryBytes } = record;
  const page = { store, at: at + entryBytes, bytes: bytes - entryBytes };
  return questionWithTexts(jsonAt<QuestionPage<TextOrStored>>(page));
}

/**
 * What the listing shows of a question (src/core/listing.ts), from its page: read back if it
 * was set apart. A listing or tag page reads those of the questions it shows when it is
 * written, so that the build never holds every title line and excerpt.
 */
export function readListingEntry(record: HeldPage): ListingEntry {
  if (!("digest" in record)) return listingEntryOf(record);
  const { store, at, entryBytes } = record;
  return jsonAt<ListingEntry>({ store, at, bytes: entryBytes });
}

/**
 * What stands for a page's data when a rebuild compares its inputs with the last build's
 * (src/machinery/incremental/written-pages.ts): data set apart by its digest, since where it was set apart
 * changes with every build, and data held by itself.
 */
export function rebuildIdentity<Data>(data: Data | DigestedText): Data | string {
  return isDigestedText(data) ? data.digest : data;
}

/** Data set apart in the order it was set apart (by store, then place); held data as it comes. */
export function compareStoredPlaces(a: unknown, b: unknown): number {
  if (!isDigestedText(a) || !isDigestedText(b)) return 0;
  if (a.store !== b.store) return a.store < b.store ? -1 : 1;
  return a.at - b.at;
}

/** Whether `data` is where a text was set apart, with its digest (`storeDigestedText`). */
export function isDigestedText(data: unknown): data is DigestedText {
  return typeof data === "object" && data !== null && "digest" in data && "store" in data;
}

/** The data a stored text holds as JSON, read back. */
function jsonAt<Data>(stored: StoredText): Data {
  return JSON.parse(readPageText(stored)) as Data;
}

/**
 * A question's page with its texts (its body, its answers' bodies, their comments) read back
 * as text.
 */
export function questionWithTexts(question: QuestionPage<TextOrStored>): QuestionPage {
  const withTexts = <Post extends { bodyHtml: TextOrStored; commentsJson?: TextOrStored }>(
    post: Post,
  ) => ({
    ...post,
    bodyHtml: readPageText(post.bodyHtml),
    ...(post.commentsJson !== undefined && { commentsJson: readPageText(post.commentsJson) }),
  });
  return { ...withTexts(question), answers: question.answers.map(withTexts) };
}

/** The stores the stored texts among `texts` are in, each once, in order. */
export function storesOf(texts: Iterable<TextOrStored | undefined>): string[] {
  const stores: string[] = [];
  for (const text of texts) {
    // An optional text (a post's comments) may be absent.
    if (text === undefined || typeof text === "string") continue;
    if (!stores.includes(text.store)) stores.push(text.store);
  }
  return stores;
}

/** Whether every one of `stores` is still there; `known` remembers what was found. */
export function storesExist(stores: readonly string[], known = new Map<string, boolean>()) {
  for (const store of stores) {
    let exists = known.get(store);
    if (exists === undefined) {
      exists = existsSync(store);
      known.set(store, exists);
    }
    if (!exists) return false;
  }
  return true;
}

/**
 * Deletes the store files in `directory` but `usedStores`, and those written in the minute
 * before `now` (ms since the epoch): another load of the same folder may have written one and
 * not yet saved the entries that point into it (the dev server loads at each request).
 */
export function removeUnusedStores(
  directory: string,
  usedStores: Iterable<string>,
  now = Date.now(),
): void {
  const used = new Set(usedStores);
  const appending = new Set([...openStores.values()].map(({ path }) => path));
  removeOldUnusedFiles(
    directory,
    now - RECENT_STORE_MS,
    (_name, path) => !used.has(path) && !appending.has(path),
  );
}
