import { statSync } from "node:fs";
import { sep } from "node:path";
import {
  addReading,
  folderFiles,
  type FolderFiles,
  type FolderReader,
  type FolderReaderModule,
  type ListedName,
} from "../core/folder.ts";
import { listFolder } from "../loaders/content-folder.ts";
import type { CachedFile, EntryCache } from "./entry-cache.ts";
import { stampMatches } from "./file-stamp.ts";
import { storedTextsExist } from "./text-store.ts";
import type { PageText } from "../schemas/stored-text.ts";
import { readClaimedParts, readFiles, type FileBatch, type FileResults } from "./read-files.ts";
import {
  FILES_PER_JOINING_THREAD_AT_LEAST,
  readInWorker,
  readingThreadCount,
  startReadingWorker,
  type ReadingWorker,
} from "./reading-threads.ts";

/** What a build may have done before it plans the reading (see early-load-worker.ts). */
export interface HeadStart {
  /** Reading worker threads already started (`startReadingWorker`); any not needed are stopped. */
  readers?: ReadingWorker[];
  /** The folder as already listed, so that it is not listed twice. */
  listing?: ListedName[] | undefined;
  /**
   * Set to 1 by the build's main thread once it waits for this load (see early-load.ts). Until
   * then Astro's own work keeps a core busy, and a reading thread more would only take turns
   * with it on that core; once it waits, threads join for what is left to read.
   */
  mainThreadWaiting?: Int32Array | undefined;
}

export interface FolderLoadOptions<Entry> extends HeadStart {
  /** What earlier builds read (see entry-cache.ts): unchanged files are not read again. */
  previous?: EntryCache<Entry> | undefined;
  /** The folder file names in messages are relative to. */
  displayFrom: string;
  /** The time now, ms since the epoch; tests move it to see stamps taken long ago. */
  now: number;
  /**
   * Where to set apart the page texts of what is read (`textStoreDirectory`); none: entries
   * keep them. An earlier build's entry whose set-apart text is gone is read again.
   */
  textStore?: string | undefined;
}

/** A folder loaded: its files as the rules across files take them, and what to cache. */
export interface LoadedFolder<Entry> {
  files: FolderFiles<Entry>;
  /** What the entry cache is to hold for each file with an entry. */
  records: Map<string, CachedFile<Entry>>;
  /** How the entries were had: read from their file, or kept from an earlier build. */
  counts: {
    derived: number;
    /** Read again and found to hold what an earlier build read. */
    unchangedByDigest: number;
    /** Not read at all: their stat is the one an earlier build saw (see file-stamp.ts). */
    unchangedByStamp: number;
  };
}

/**
 * A folder's files read by `reader` as `readContent` reads them (src/loaders/content-folder.ts), reusing
 * the entries an earlier build read from files that have not changed, and with the files to
 * read shared out among worker threads when there are many: reading, YAML, Markdown and plain
 * text are per file, and a large community otherwise keeps one core busy while the others wait.
 * `where` is the module that exports `reader`, for the worker threads.
 */
export async function loadFolder<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  where: FolderReaderModule,
  contentDir: string,
  settings: Settings,
  options: FolderLoadOptions<Entry>,
): Promise<LoadedFolder<Entry>> {
  const plan = planReading(reader, contentDir, settings, options);
  const { mainThreadWaiting } = options;
  const mainThreadBusy = () =>
    mainThreadWaiting !== undefined && Atomics.load(mainThreadWaiting, 0) === 0;
  const tasks = plan.batch.tasks.length;
  const mostThreads = readingThreadCount(tasks);
  const threads = readingThreadCount(tasks, mainThreadBusy() ? 1 : 0);
  const readers = [...(options.readers ?? [])];
  const workers = readers.splice(0, Math.max(threads - 1, 0));
  for (const unneeded of readers) void unneeded.worker.terminate();
  if (mostThreads < 2) return assemble(reader, plan, [unsliced(readFiles(reader, plan.batch))]);
  while (workers.length < threads - 1) workers.push(startReadingWorker(where));
  // This thread reads too, beside the workers: one heap of a couple of hundred megabytes
  // fewer than a worker for each share. Parts are claimed as each thread gets to them, since
  // a worker spends its first moments loading the code.
  const parts = { partSize: FILES_PER_PART, next: new Int32Array(new SharedArrayBuffer(4)) };
  const byPart: FileResults<Entry>[] = [];
  const keep = (index: number, results: FileResults<Entry>) => (byPart[index] = results);
  const keepUnsliced = (index: number, results: FileResults<Entry>) =>
    keep(index, unsliced(results));
  const reading = workers.map((worker) => readInWorker(worker, plan.batch, parts, keep));
  // Once the main thread waits, its core is free: workers join while enough is left to be
  // worth their start.
  const joinFreedCores = (unclaimedTasks: number) => {
    if (mainThreadBusy()) return;
    const wanted = Math.min(
      readingThreadCount(unclaimedTasks, 0, FILES_PER_JOINING_THREAD_AT_LEAST),
      mostThreads,
    );
    while (reading.length + 1 < wanted) {
      reading.push(readInWorker(startReadingWorker(where), plan.batch, parts, keep));
    }
  };
  readClaimedParts(reader, plan.batch, parts, keepUnsliced, joinFreedCores);
  await Promise.all(reading);
  return assemble(reader, plan, byPart);
}

/**
 * Results read on this thread, copied as a worker's results are when it posts them. An entry's
 * strings are mostly slices of its file's text (a title, a date, an author), and V8 keeps the
 * whole text alive as long as one slice of it lives: kept as read, every file this thread had
 * read stayed in memory until the load ended (at 10,000 questions, 35 MiB of the loading
 * thread's 89 MiB of live heap were file texts; at 100,000, copying took it from 644 to 477 MiB).
 */
function unsliced<Entry>(results: FileResults<Entry>): FileResults<Entry> {
  return structuredClone(results);
}

/**
 * One string for each text that many entries hold: the store path of their set-apart texts,
 * and the reader's `repeatedTexts` (a license, an author, tags). Each arrived with its entry,
 * from a worker's message or from a line of the entry cache, a copy apiece, held to the end of
 * the load: at 10,000 questions and 15,215 answers, 2.1 MiB of store paths and 3.3 MiB of
 * repeated fields, some 200 bytes a file.
 */
class SharedTexts<Entry> {
  readonly #held = new Map<string, string>();
  readonly #pageTexts: readonly (keyof Entry & string)[];
  readonly #repeated: readonly (keyof Entry & string)[];

  constructor(reader: FolderReader<Entry, unknown>) {
    this.#pageTexts = reader.pageTexts ?? [];
    this.#repeated = reader.repeatedTexts ?? [];
  }

  /** Has the entry's repeated texts be the ones held. */
  share(entry: Entry): void {
    for (const field of this.#pageTexts) {
      const text = entry[field] as PageText;
      if (typeof text !== "string") text.store = this.#one(text.store);
    }
    const fields = entry as Record<string, unknown>;
    for (const field of this.#repeated) {
      const value = fields[field];
      if (typeof value === "string") fields[field] = this.#one(value);
      else if (Array.isArray(value)) {
        value.forEach((item: unknown, index) => {
          if (typeof item === "string") value[index] = this.#one(item);
        });
      }
    }
  }

  /** `records`, their entries' repeated texts shared. */
  shareIn<Records extends ReadonlyMap<string, CachedFile<Entry>>>(records: Records): Records {
    for (const { entry } of records.values()) this.share(entry);
    return records;
  }

  #one(text: string): string {
    const held = this.#held.get(text);
    if (held !== undefined) return held;
    this.#held.set(text, text);
    return text;
  }
}

/** How many files a thread claims at a time (see `SharedParts`). */
const FILES_PER_PART = 500;

interface ReadingPlan<Entry, Settings> {
  /** The folder's files, none read yet. */
  files: FolderFiles<Entry>;
  /** Every `<id>.md` file by id, as `folderNames` found it. */
  namedFiles: Map<string, ReturnType<typeof listFolder>["names"]["files"][number]>;
  /** Earlier builds' records, when they were read the way this build reads. */
  reusable: ReadonlyMap<string, CachedFile<Entry>>;
  /** Files not to read: their stat is the one a reusable record was taken of. */
  unchangedByStamp: string[];
  /** The files to read. */
  batch: FileBatch<Settings>;
}

function planReading<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  contentDir: string,
  settings: Settings,
  { previous, listing, displayFrom, now, textStore }: FolderLoadOptions<Entry>,
): ReadingPlan<Entry, Settings> {
  const { directory, names } = listFolder(reader, contentDir, displayFrom, listing);
  const plan: ReadingPlan<Entry, Settings> = {
    files: folderFiles(names),
    namedFiles: new Map(),
    reusable: previous?.entries ?? new Map(),
    unchangedByStamp: [],
    batch: { tasks: [], settings, knownDigests: {}, lookedAt: now, textStore },
  };
  const { batch, reusable } = plan;
  const storesSeen = new Map<string, boolean>();
  const textsReadable = (entry: Entry) =>
    storedTextsExist(
      (reader.pageTexts ?? []).map((field) => entry[field] as PageText),
      storesSeen,
    );
  for (const named of names.files) {
    const { id, name } = named;
    plan.namedFiles.set(id, named);
    const path = directory + sep + name;
    const cached = named.idIsValid ? reusable.get(id) : undefined;
    // Whether the cache can stand for the file at all: a text it set apart must still be there.
    const earlier = cached && textsReadable(cached.entry) ? cached : undefined;
    if (earlier !== undefined) {
      const { stamp } = earlier;
      if (stamp && stampMatches(stamp, statSync(path, { throwIfNoEntry: false }))) {
        plan.unchangedByStamp.push(id);
        continue;
      }
      batch.knownDigests[id] = earlier.digest;
    }
    batch.tasks.push({ path, id });
  }
  return plan;
}

function assemble<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  plan: ReadingPlan<Entry, Settings>,
  results: readonly FileResults<Entry>[],
): LoadedFolder<Entry> {
  const { files } = plan;
  const shared = new SharedTexts(reader);
  const reusable = shared.shareIn(plan.reusable);
  const records = new Map<string, CachedFile<Entry>>();
  const counts = { derived: 0, unchangedByDigest: 0, unchangedByStamp: 0 };
  for (const { read, unchanged } of results) {
    for (const { id, reading, digest, stamp } of read) {
      const named = plan.namedFiles.get(id);
      if (reading.entry !== undefined) shared.share(reading.entry);
      if (named === undefined || !addReading(files, named, reading)) continue;
      records.set(id, { digest, stamp, entry: reading.entry as Entry });
      counts.derived++;
    }
    for (const { id, digest, stamp } of unchanged) {
      const earlier = reusable.get(id);
      if (earlier === undefined) continue;
      files.entries.set(id, earlier.entry);
      records.set(id, { digest, stamp, entry: earlier.entry });
      counts.unchangedByDigest++;
    }
  }
  for (const id of plan.unchangedByStamp) {
    const earlier = reusable.get(id);
    if (earlier === undefined) continue;
    files.entries.set(id, earlier.entry);
    records.set(id, earlier);
    counts.unchangedByStamp++;
  }
  return { files, records, counts };
}
