import { statSync } from "node:fs";
import { sep } from "node:path";
import {
  addReading,
  folderFiles,
  type EntryShelf,
  type FolderFiles,
  type FolderReader,
  type FolderReaderModule,
} from "../../core/folder.ts";
import { listFolder } from "./content-folder.ts";
import { listingNames, type Listing } from "./listed-names.ts";
import {
  cacheLineOfJson,
  entryAt,
  cachedEntryJson,
  entryOfLine,
  type EntryCache,
  type LineAt,
} from "../incremental/entry-cache.ts";
import { sameFileStamp, stampMatches } from "../incremental/file-stamp.ts";
import { RecordTable } from "../incremental/record-table.ts";
import { storesExist } from "../store/text-store.ts";
import {
  FileTaskList,
  readClaimedParts,
  readFiles,
  unclaimedTasks,
  type FileBatch,
  type FileResults,
} from "./read-files.ts";
import {
  joiningThreadCount,
  readInWorker,
  readingThreadCount,
  startReadingWorker,
  type ReadingWorker,
  type WorkerReading,
} from "./reading-threads.ts";

/** What a build may have done before it plans the reading (see early-load-worker.ts). */
export interface PreparedReading {
  /**
   * Reading worker threads already started (`startReadingWorker`), free to read: the load takes
   * those it needs, starts any more it needs, and puts them all back once its reading is done,
   * for the next folder's (`loadContent` then ends them all). Without any, it ends its own.
   */
  readers?: ReadingWorker[];
  /**
   * The folder as already listed, so that it is not listed twice. A packed listing is unpacked
   * only while the reading is planned, not held through the whole reading (scripts/bench.md,
   * "Why the constants are what they are").
   */
  listing?: Listing | undefined;
  /**
   * Set to 1 by the build's main thread once it waits for this load (see early-load.ts). Until
   * then Astro's own work keeps a core busy, and a reading thread more would only take turns
   * with it on that core; once it waits, threads join for what is left to read.
   */
  mainThreadWaiting?: Int32Array | undefined;
  /**
   * The time a thread joining the reading must have to read, at least
   * (`JOINING_SHARE_MS_AT_LEAST`); tests make it nothing, to see one join a small folder.
   */
  joiningShareMs?: number | undefined;
}

/** Where a load puts the cache lines of the entries it derives (see entry-cache.ts). */
export interface LineSink {
  add(line: string): LineAt;
}

export interface FolderLoadOptions extends PreparedReading {
  /** What earlier builds read (see entry-cache.ts): unchanged files are not read again. */
  previous?: EntryCache | undefined;
  /** Where the lines of the entries derived now go, to be read back from. */
  newLines: LineSink;
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
  records: RecordTable;
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
 * A folder's files read by `reader` as `readContent` reads them (src/machinery/loading/content-folder.ts), reusing
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
  options: FolderLoadOptions,
): Promise<LoadedFolder<Entry>> {
  const plan = planReading(reader, contentDir, settings, options);
  const { mainThreadWaiting } = options;
  const mainThreadBusy = () =>
    mainThreadWaiting !== undefined && Atomics.load(mainThreadWaiting, 0) === 0;
  const tasks = plan.batch.tasks.count;
  const mostThreads = readingThreadCount(tasks);
  const threads = readingThreadCount(tasks, mainThreadBusy() ? 1 : 0);
  const taken = options.readers?.splice(0, Math.max(threads - 1, 0)) ?? [];
  const assembly = new FolderAssembly(plan, options.newLines);
  if (mostThreads < 2) {
    assembly.take(unsliced(readFiles(reader, plan.batch)));
    return assembly.finish();
  }
  // This thread reads too, beside the workers: one heap of a couple of hundred megabytes
  // fewer than a worker for each share. Parts are claimed as each thread gets to them, since
  // a worker spends its first moments loading the code. Each part is assembled as soon as
  // the parts before it are (its entries' lines written out), so what is held is the records,
  // not every file's results until the last is read.
  const parts = { partSize: FILES_PER_PART, next: new Int32Array(new SharedArrayBuffer(4)) };
  const inOrder = new PartsInOrder<FileResults<Entry>>((results) => assembly.take(results));
  const keep = (index: number, results: FileResults<Entry>) => inOrder.put(index, results);
  const keepUnsliced = (index: number, results: FileResults<Entry>) =>
    keep(index, unsliced(results));
  // The workers reading beside this thread, and their readings, in the same order.
  const workers: ReadingWorker[] = [];
  const reading: WorkerReading[] = [];
  const readBeside = (worker: ReadingWorker) => {
    workers.push(worker);
    reading.push(readInWorker(worker, where, plan.batch, parts, keep));
  };
  taken.forEach(readBeside);
  while (reading.length < threads - 1) readBeside(startReadingWorker(where));
  // Once the main thread waits, its core is free: workers join while enough is left to be
  // worth their start, by the time this thread has taken a file so far. Looked at after each
  // file, not each part: a part of questions with comments takes this thread half a second.
  const started = performance.now();
  let readHere = 0;
  const joinFreedCores = () => {
    if (reading.length + 1 >= mostThreads || mainThreadBusy()) return;
    const msPerFile = (performance.now() - started) / readHere;
    const unclaimed = unclaimedTasks(plan.batch, parts);
    const joining = joiningThreadCount(unclaimed, msPerFile, options.joiningShareMs);
    const wanted = Math.min(joining, mostThreads);
    while (reading.length + 1 < wanted) readBeside(startReadingWorker(where));
  };
  readClaimedParts(reader, plan.batch, parts, keepUnsliced, {
    betweenParts: () => {
      for (const worker of reading) worker.takeArrived();
    },
    afterFile: () => {
      readHere++;
      joinFreedCores();
    },
  });
  try {
    await Promise.all(reading.map(({ ended }) => ended));
  } finally {
    // Free for the next folder's reading, or ended when none was handed in.
    if (options.readers) options.readers.push(...workers);
    else for (const worker of workers) worker.end();
  }
  return assembly.finish();
}

/**
 * Parts put by their index (0 first), in any order, each handed on as soon as every part
 * before it has been: threads claim parts in order but end them out of order, and the entry
 * cache's new lines are written in file order, the order the pages then read them back in.
 */
class PartsInOrder<Part> {
  readonly #handOn: (part: Part) => void;
  readonly #waiting = new Map<number, Part>();
  #next = 0;

  constructor(handOn: (part: Part) => void) {
    this.#handOn = handOn;
  }

  put(index: number, part: Part): void {
    this.#waiting.set(index, part);
    for (let next = this.#waiting.get(this.#next); next !== undefined;) {
      this.#waiting.delete(this.#next++);
      this.#handOn(next);
      next = this.#waiting.get(this.#next);
    }
  }
}

/**
 * Results read on this thread, copied as a worker's results are when it posts them. What could
 * be read of a file with problems is mostly slices of its text, and V8 keeps the whole text
 * alive as long as one slice of it lives (scripts/bench.md, "Why the constants are what they
 * are").
 */
function unsliced<Entry>(results: FileResults<Entry>): FileResults<Entry> {
  return structuredClone(results);
}

/** How many files a thread claims at a time (see `SharedParts`). */
const FILES_PER_PART = 500;

interface ReadingPlan<Entry, Settings> {
  /** The folder's files, none read yet. */
  files: FolderFiles<Entry, Map<string, Entry>>;
  /**
   * The id of each file to read, by its task's index: the listing's own strings, which the
   * records and `files.fileOfId` are keyed by. Held rather than the listing's files by id (each
   * its name, id and whether the id is valid, in a Map): with the unpacked listing let go of
   * too (`PreparedReading.listing`), the loading thread holds far less through the reading
   * (scripts/bench.md, "Why the constants are what they are").
   */
  taskIds: string[];
  /** The ids of the folder's files that break the id rule (few, if any). */
  invalidIds: Set<string>;
  /** Earlier builds' records, when they were read the way this build reads. */
  reusable: RecordTable;
  /** Files not to read: their stat is the one a reusable record was taken of. */
  unchangedByStamp: string[];
  /** The files to read. */
  batch: FileBatch<Settings>;
}

function planReading<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  contentDir: string,
  settings: Settings,
  { previous, listing, displayFrom, now, textStore }: FolderLoadOptions,
): ReadingPlan<Entry, Settings> {
  const { directory, names } = listFolder(reader, contentDir, displayFrom, listingNames(listing));
  const taskIds: string[] = [];
  const invalidIds = new Set<string>();
  const reusable = previous?.entries ?? new RecordTable(0);
  const unchangedByStamp: string[] = [];
  const knownDigests: Record<string, string> = {};
  const tasks = new FileTaskList(directory + sep);
  const storesSeen = new Map<string, boolean>();
  for (const { id, name, idIsValid } of names.files) {
    if (!idIsValid) invalidIds.add(id);
    const cached = idIsValid ? reusable.get(id) : undefined;
    // Whether the cache can stand for the file at all: a text it set apart must still be there.
    const earlier = cached && storesExist(cached.stores, storesSeen) ? cached : undefined;
    if (earlier !== undefined) {
      const { stamp } = earlier;
      const path = directory + sep + name;
      if (stamp && stampMatches(stamp, statSync(path, { throwIfNoEntry: false }))) {
        unchangedByStamp.push(id);
        continue;
      }
      knownDigests[id] = earlier.digest;
    }
    tasks.add(name, id);
    taskIds.push(id);
  }
  return {
    files: folderFiles(names),
    taskIds,
    invalidIds,
    reusable,
    unchangedByStamp,
    batch: { tasks: tasks.packed(), settings, knownDigests, lookedAt: now, textStore },
  };
}

/**
 * A folder's reading results turned into its records as they come, part by part in file
 * order: each entry's line written to `newLines`, and where it is kept.
 */
class FolderAssembly<Entry, Settings> {
  readonly #plan: ReadingPlan<Entry, Settings>;
  readonly #newLines: LineSink;
  readonly #records: RecordTable;
  readonly #counts = { derived: 0, unchangedByDigest: 0, unchangedByStamp: 0 };

  constructor(plan: ReadingPlan<Entry, Settings>, newLines: LineSink) {
    this.#plan = plan;
    this.#newLines = newLines;
    this.#records = new RecordTable(plan.files.fileOfId.size);
  }

  /** Takes one part's results (the whole batch's, read at once). */
  take({ read, unchanged }: FileResults<Entry>): void {
    const { files, invalidIds, reusable } = this.#plan;
    const records = this.#records;
    const counts = this.#counts;
    for (const result of read) {
      const { task, digest, stamp } = result;
      const id = this.#idOf(task);
      const idIsValid = !invalidIds.has(id);
      if ("problems" in result) {
        addReading(
          files,
          { id, idIsValid },
          { problems: result.problems, partial: result.partial },
        );
        continue;
      }
      if (!idIsValid) {
        // What a file whose name breaks the id rule says of others is still judged; it has no
        // record, so its line is not kept.
        addReading(files, { id, idIsValid }, { entry: entryOfLine<Entry>(result.line) });
        continue;
      }
      const line = this.#newLines.add(result.line);
      records.set(id, { digest, stamp, stores: result.stores, line });
      counts.derived++;
    }
    for (const { task, digest, stamp } of unchanged) {
      const id = this.#idOf(task);
      const earlier = reusable.get(id);
      if (earlier === undefined) continue;
      // The same entry, read again: its line says when, for the next build's stat to match.
      const line = sameFileStamp(earlier.stamp, stamp)
        ? earlier.line
        : this.#newLines.add(
            cacheLineOfJson(id, digest, stamp, earlier.stores, cachedEntryJson(earlier)),
          );
      records.set(id, { ...earlier, stamp, line });
      counts.unchangedByDigest++;
    }
  }

  /** The id of the task a result is of; a result of no task of the batch is a bug here. */
  #idOf(task: number): string {
    const id = this.#plan.taskIds[task];
    if (id === undefined)
      throw new Error(`A reading result names task ${task}, which the batch does not have.`);
    return id;
  }

  /** The folder loaded, once every part has been taken. */
  finish(): LoadedFolder<Entry> {
    const { files, reusable, unchangedByStamp } = this.#plan;
    const records = this.#records;
    for (const id of unchangedByStamp) {
      if (!reusable.has(id)) continue;
      records.setFrom(reusable, id);
      this.#counts.unchangedByStamp++;
    }
    const entries = new ShelvedEntries<Entry>(records);
    return { files: { ...files, entries }, records, counts: this.#counts };
  }
}

/**
 * The entries of a folder's records, each read back from its line when asked for: the rules
 * across files and the pages take them one at a time.
 */
class ShelvedEntries<Entry> implements EntryShelf<Entry> {
  readonly records: RecordTable;

  constructor(records: RecordTable) {
    this.records = records;
  }

  get size(): number {
    return this.records.size;
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  get(id: string): Entry | undefined {
    // Only the line's place: a record made whole unpacks its digest and stamp for nothing.
    const line = this.records.lineOf(id);
    return line === undefined ? undefined : entryAt<Entry>(line);
  }

  keys(): IterableIterator<string> {
    return this.records.keys();
  }
}
