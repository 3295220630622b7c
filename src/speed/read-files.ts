import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import type { FileProblem, FolderReader } from "../core/folder.ts";
import type { PageText } from "../schemas/stored-text.ts";
import { cacheLine } from "./entry-cache.ts";
import { fileStamp, type FileStamp } from "./file-stamp.ts";
import { shortDigest } from "./short-digest.ts";
import { storesOf, storeText } from "./text-store.ts";

/*
 * Reading a run of a folder's files on one thread, any thread: each file's text and stamp,
 * then its digest, and the folder reader's pure function on the text unless an earlier build
 * saw the same digest. Everything handed in and out is plain data, so that a worker thread can
 * take a batch and hand back its results (see reading-threads.ts). An entry comes back as its
 * entry cache line, a string: the loading thread keeps where it wrote it rather than the
 * entry (src/speed/entry-cache.ts), and a string crosses threads cheaper than an object.
 */

/** One file of a folder to read. */
export interface FileTask {
  path: string;
  id: string;
}

/** A run of one folder's files to read. */
export interface FileBatch<Settings> {
  tasks: FileTask[];
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

/** A file read now: its entry's cache line (`cacheLine`), or its problems. */
export type FileRead<Entry> = { id: string } & FileIdentity &
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
  unchanged: ({ id: string } & FileIdentity)[];
}

/** Reads every file of the batch. */
export function readFiles<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  batch: FileBatch<Settings>,
): FileResults<Entry> {
  return readTasks(reader, batch, 0, batch.tasks.length);
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

/**
 * Reads parts of the batch as long as some are left, handing each part's results to `onPart`
 * and then calling `betweenParts`, if given, with how many tasks no thread has claimed yet.
 */
export function readClaimedParts<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  batch: FileBatch<Settings>,
  { partSize, next }: SharedParts,
  onPart: (index: number, results: FileResults<Entry>) => void,
  betweenParts?: (unclaimedTasks: number) => void,
): void {
  const count = Math.ceil(batch.tasks.length / partSize);
  for (let index = Atomics.add(next, 0, 1); index < count; index = Atomics.add(next, 0, 1)) {
    const end = Math.min((index + 1) * partSize, batch.tasks.length);
    onPart(index, readTasks(reader, batch, index * partSize, end));
    betweenParts?.(Math.max(batch.tasks.length - Atomics.load(next, 0) * partSize, 0));
  }
}

/** Reads the batch's tasks from `start` up to `end`. */
function readTasks<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  { tasks, settings, knownDigests, lookedAt, textStore }: FileBatch<Settings>,
  start: number,
  end: number,
): FileResults<Entry> {
  const results: FileResults<Entry> = { read: [], unchanged: [] };
  for (let index = start; index < end; index++) {
    const { path, id } = tasks[index] as FileTask;
    const { text, stamp } = readWithStamp(path, lookedAt);
    const digest = shortDigest(text);
    if (knownDigests[id] === digest) {
      results.unchanged.push({ id, digest, stamp });
      continue;
    }
    const reading = reader.read(text, id, settings);
    if (reading.problems !== undefined) {
      results.read.push({
        id,
        digest,
        stamp,
        problems: reading.problems,
        partial: reading.partial,
      });
      continue;
    }
    const { entry } = reading;
    if (textStore !== undefined) setApart(entry, reader.pageTexts, textStore);
    const stores = pageTextStores(reader, entry);
    const line = cacheLine(id, digest, stamp, stores, entry);
    results.read.push({ id, digest, stamp, line, stores });
  }
  return results;
}

/** The text stores an entry's page texts were set apart in (`storesOf`). */
export function pageTextStores<Entry>(
  reader: FolderReader<Entry, unknown>,
  entry: Entry,
): string[] {
  return storesOf((reader.pageTexts ?? []).map((field) => entry[field] as PageText));
}

/** Moves the entry's page texts to this thread's store, leaving where they are in their place. */
function setApart<Entry>(
  entry: Entry,
  fields: readonly (keyof Entry & string)[] = [],
  directory: string,
): void {
  for (const field of fields) {
    const text = entry[field];
    if (typeof text === "string") entry[field] = storeText(directory, text) as Entry[typeof field];
  }
}

/**
 * The file's text, and its stamp taken from the open file before reading: a write in between
 * then leaves a stamp older than the text read, which the next build sees as a change.
 */
function readWithStamp(path: string, lookedAt: number): { text: string; stamp: FileStamp | null } {
  const fd = openSync(path, "r");
  try {
    const stamp = fileStamp(fstatSync(fd), lookedAt);
    return { text: readFileSync(fd, "utf8"), stamp };
  } finally {
    closeSync(fd);
  }
}
