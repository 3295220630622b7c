import type { FileProblem, FolderReader } from "../../core/folder.ts";
import type { TextOrStored } from "../store/stored-text.ts";
import { grown } from "../../lib/grown-array.ts";
import { cacheLine } from "../incremental/entry-cache.ts";
import type { FileStamp } from "../incremental/file-stamp.ts";
import { postReading, readPostFile } from "./post-file.ts";
import { shortDigest } from "../store/short-digest.ts";
import { storesOf, storeText } from "../store/text-store.ts";

/*
 * Reading a run of a folder's files on one thread, any thread: each file's text and stamp,
 * then its digest, and the folder reader's pure function on the text unless an earlier build
 * saw the same digest. Everything handed in and out is plain data, so that a worker thread can
 * take a batch and hand back its results (see reading-threads.ts). An entry comes back as its
 * entry cache line, a string: the loading thread keeps where it wrote it rather than the
 * entry (src/machinery/incremental/entry-cache.ts), and a string crosses threads cheaper than an object.
 */

/** One file of a folder to read. */
export interface FileTask {
  path: string;
  id: string;
}

/**
 * The files of a batch, packed: their names and ids one after another in UTF-8, and where
 * each ends. Every reading thread gets its own copy of the batch, and the tasks as objects,
 * each with its path, were a large part of each thread's heap at a million questions
 * (scripts/bench.md, "Why the constants are what they are").
 */
export interface FileTasks {
  /** The folder the files are in, ending in the path separator. */
  directory: string;
  /** Each file's name, then its id. */
  bytes: Uint8Array;
  /** Where each name and each id ends in `bytes`: two numbers a file. */
  ends: Float64Array;
  count: number;
}

/** Packs files to read as `FileTasks`, one at a time. */
export class FileTaskList {
  readonly #directory: string;
  #bytes = Buffer.alloc(64 * 1024);
  #ends = new Float64Array(2 * 1_024);
  #written = 0;
  #count = 0;

  /** `directory`: the folder the files are in, ending in the path separator. */
  constructor(directory: string) {
    this.#directory = directory;
  }

  get count(): number {
    return this.#count;
  }

  add(name: string, id: string): void {
    if (2 * this.#count + 2 > this.#ends.length)
      this.#ends = grown(this.#ends, 2 * this.#count + 2);
    this.#ends[2 * this.#count] = this.#write(name);
    this.#ends[2 * this.#count + 1] = this.#write(id);
    this.#count++;
  }

  /** The tasks, packed to their size. */
  packed(): FileTasks {
    return {
      directory: this.#directory,
      bytes: this.#bytes.slice(0, this.#written),
      ends: this.#ends.slice(0, 2 * this.#count),
      count: this.#count,
    };
  }

  #write(text: string): number {
    const most = this.#written + 3 * text.length;
    if (most > this.#bytes.length) this.#bytes = grown(this.#bytes, most);
    this.#written += this.#bytes.write(text, this.#written, "utf8");
    return this.#written;
  }
}

/** The task at `index` of packed tasks. */
export function taskAt({ directory, bytes, ends }: FileTasks, index: number): FileTask {
  const start = index === 0 ? 0 : (ends[2 * index - 1] as number);
  const nameEnd = ends[2 * index] as number;
  const idEnd = ends[2 * index + 1] as number;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    path: directory + text.toString("utf8", start, nameEnd),
    id: text.toString("utf8", nameEnd, idEnd),
  };
}

/** A run of one folder's files to read. */
export interface FileBatch<Settings> {
  tasks: FileTasks;
  /** What the folder reader takes besides each file (see `FolderReader.read`). */
  settings: Settings;
  /** The digests of the files an earlier build read, by id: those are not read again. */
  knownDigests: Record<string, string>;
  /** When the reading started (ms since the epoch), to tell which file stamps to keep. */
  lookedAt: number;
  /** Where to set apart the entries' page texts (`textStoreDirectory`); none: keep them. */
  textStore?: string | undefined;
}

/** What a later build needs to tell whether a file changed (see entry-cache.ts). */
export interface FileIdentity {
  digest: string;
  stamp: FileStamp | null;
}

/**
 * Which task of the batch a result is of: its index. The loading thread knows each task's id,
 * and keeps its own string of it rather than a copy from each result.
 */
export interface OfTask {
  task: number;
}

/** A file read now: its entry's cache line (`cacheLine`), or its problems. */
export type FileRead<Entry> = OfTask &
  FileIdentity &
  (
    | {
        line: string;
        /** The stores its entry's page texts were set apart in (`storesOf`). */
        stores: string[];
      }
    | { problems: FileProblem[]; partial: Partial<Entry> }
  );

export interface FileResults<Entry> {
  /** Files read now, in the order of the tasks, so that runs concatenate into file order. */
  read: FileRead<Entry>[];
  /** Files whose digest is the one an earlier build saw: nothing to read again. */
  unchanged: (OfTask & FileIdentity)[];
}

/** Reads every file of the batch. */
export function readFiles<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  batch: FileBatch<Settings>,
): FileResults<Entry> {
  return readTasks(reader, batch, 0, batch.tasks.count);
}

/**
 * A batch cut into parts of `partSize` files that threads claim one at a time: `next` (an
 * Int32Array on a SharedArrayBuffer, shared by every thread) holds the index of the next part
 * to claim. A thread that started late or runs slow then simply reads fewer parts, and all
 * end at about the same time.
 */
export interface SharedParts {
  partSize: number;
  next: Int32Array;
}

/** What the thread that reads parts is told as it goes (`readClaimedParts`). */
export interface ReadingProgress {
  /** Called after each part, once its results are handed on. */
  betweenParts?: () => void;
  /** Called after each file this thread reads. */
  afterFile?: () => void;
}

/**
 * Reads parts of the batch as long as some are left, handing each part's results to `onPart`,
 * and telling `progress` as it goes.
 */
export function readClaimedParts<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  batch: FileBatch<Settings>,
  { partSize, next }: SharedParts,
  onPart: (index: number, results: FileResults<Entry>) => void,
  progress: ReadingProgress = {},
): void {
  const tasks = batch.tasks.count;
  const count = Math.ceil(tasks / partSize);
  for (let index = Atomics.add(next, 0, 1); index < count; index = Atomics.add(next, 0, 1)) {
    const end = Math.min((index + 1) * partSize, tasks);
    onPart(index, readTasks(reader, batch, index * partSize, end, progress.afterFile));
    progress.betweenParts?.();
  }
}

/** How many of the batch's tasks no thread has claimed yet. */
export function unclaimedTasks(batch: FileBatch<unknown>, { partSize, next }: SharedParts): number {
  return Math.max(batch.tasks.count - Atomics.load(next, 0) * partSize, 0);
}

/** Reads the batch's tasks from `start` up to `end`, calling `afterFile` after each. */
function readTasks<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  { tasks, settings, knownDigests, lookedAt, textStore }: FileBatch<Settings>,
  start: number,
  end: number,
  afterFile?: () => void,
): FileResults<Entry> {
  const results: FileResults<Entry> = { read: [], unchanged: [] };
  for (let index = start; index < end; index++, afterFile?.()) {
    const { path, id } = taskAt(tasks, index);
    const file = readPostFile(path, reader.noun, lookedAt);
    const { stamp } = file;
    const digest = shortDigest(file.problem === undefined ? file.text : file.digestOf);
    if (knownDigests[id] === digest) {
      results.unchanged.push({ task: index, digest, stamp });
      continue;
    }
    const reading = postReading(file, reader, id, settings);
    if (reading.problems !== undefined) {
      results.read.push({
        task: index,
        digest,
        stamp,
        problems: reading.problems,
        partial: reading.partial,
      });
      continue;
    }
    const { entry } = reading;
    if (textStore !== undefined) storePageTexts(entry, reader.pageTexts, textStore);
    const stores = pageTextStores(reader, entry);
    const line = cacheLine(id, digest, stamp, stores, entry);
    results.read.push({ task: index, digest, stamp, line, stores });
  }
  return results;
}

/** The text stores an entry's page texts were set apart in (`storesOf`). */
export function pageTextStores<Entry>(
  reader: FolderReader<Entry, unknown>,
  entry: Entry,
): string[] {
  return storesOf((reader.pageTexts ?? []).map((field) => entry[field] as TextOrStored));
}

/** Moves the entry's page texts to this thread's store, leaving where they are in their place. */
function storePageTexts<Entry>(
  entry: Entry,
  fields: readonly (keyof Entry & string)[] = [],
  directory: string,
): void {
  for (const field of fields) {
    const text = entry[field];
    if (typeof text === "string") entry[field] = storeText(directory, text) as Entry[typeof field];
  }
}
