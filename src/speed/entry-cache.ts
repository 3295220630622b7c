import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  writeSync,
} from "node:fs";
import { hash } from "node:crypto";
import { dirname, join } from "node:path";
import { sameFileStamp, type FileStamp } from "./file-stamp.ts";
import { cacheDirectory } from "../project-paths.ts";

/*
 * What the last build read of one folder's files, kept between builds so that a rebuild reads
 * only the files that changed. An entry is what the folder reader's pure function made of its
 * file (see src/core/folder.ts), so the cache holds nothing a build could not make again.
 *
 * The file is a log of JSON lines: a header `{"format":3,"derivationKey":…}`, then one line
 * per file, `[id, digest, stamp, entry]`, or `[id]` for a file that is gone; a later line for
 * an id replaces an earlier one. A rebuild appends only what changed, so one edit writes one
 * line, not the 47 MB of a 100,000-question cache; the log is written afresh when superseded
 * lines outnumber live ones. It is read in blocks, a line at a time: at a million questions the
 * whole file would not fit in one JavaScript string.
 */

const FORMAT = 3;

/** What the cache knows of one file. */
export interface CachedFile<Entry> {
  /** `shortDigest` of the file's text. */
  digest: string;
  /** The file's stat when it was read, or null when that cannot be trusted (see file-stamp). */
  stamp: FileStamp | null;
  /** The entry read from the file. */
  entry: Entry;
}

export interface EntryCache<Entry> {
  /** What the entries were read with besides their file: they are reused only under it. */
  derivationKey: string;
  entries: Map<string, CachedFile<Entry>>;
  /** File lines in the log, superseded ones included. */
  lines: number;
}

/**
 * The folder in Astro's cache folder that holds the entry caches of one content folder, a
 * file for each of its folders (`questions.ndjson`).
 */
export function entryCacheDirectory(contentDir: string, cacheDir = cacheDirectory): string {
  const key = hash("sha1", contentDir, "base64url").slice(0, 12);
  return join(cacheDir, "qa-listing", `content-${key}`);
}

/** The entry cache of one folder (`questions`) in the content folder's `entryCacheDirectory`. */
export function entryCacheFile(cacheDirectory: string, folder: string): string {
  return join(cacheDirectory, `${folder}.ndjson`);
}

/**
 * The last builds' entries; undefined when there is no cache or it cannot be read, and, given
 * `derivationKey`, when they were read under another. Such a cache is not read past its header:
 * a build after an upgrade reads every file again, and held the whole stale cache besides (at
 * 100,000 questions, 190 MB of JSON) until it wrote the new one.
 */
export function readEntryCache<Entry>(
  file: string,
  derivationKey?: string,
): EntryCache<Entry> | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    let cache: EntryCache<Entry> | undefined;
    forEachLine(fd, (line) => {
      if (cache === undefined) {
        const header = JSON.parse(line) as { format?: unknown; derivationKey?: unknown };
        if (header.format !== FORMAT || typeof header.derivationKey !== "string") {
          throw new Error("not this format");
        }
        if (derivationKey !== undefined && header.derivationKey !== derivationKey) {
          throw new Error("read under another derivation");
        }
        cache = { derivationKey: header.derivationKey, entries: new Map(), lines: 0 };
        return;
      }
      const record = JSON.parse(line) as [string, string, FileStamp | null, Entry] | [string];
      if (record.length === 1) cache.entries.delete(record[0]);
      else cache.entries.set(record[0], { digest: record[1], stamp: record[2], entry: record[3] });
      cache.lines++;
    });
    return cache;
  } catch {
    // A damaged cache (a build stopped mid-write, an older format), like one of another
    // derivation, only means every file is read again, and the cache is written afresh.
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Brings the cache up to `entries`: appends a line for each file whose record changed and for
 * each one that is gone, or writes the whole log afresh (atomically, by renaming) when
 * there is none, the derivation changed, or most of its lines are superseded. Writes nothing
 * when nothing changed.
 */
export function updateEntryCache<Entry>(
  file: string,
  previous: EntryCache<Entry> | undefined,
  derivationKey: string,
  entries: ReadonlyMap<string, CachedFile<Entry>>,
): void {
  if (
    previous === undefined ||
    previous.derivationKey !== derivationKey ||
    previous.lines > 2 * entries.size + 1_000
  ) {
    rewrite(file, derivationKey, entries);
    return;
  }
  const changed: string[] = [];
  for (const [id, record] of entries) {
    const before = previous.entries.get(id);
    if (
      before === undefined ||
      before.digest !== record.digest ||
      !sameFileStamp(before.stamp, record.stamp)
    ) {
      changed.push(fileLine(id, record));
    }
  }
  for (const id of previous.entries.keys()) {
    if (!entries.has(id)) changed.push(JSON.stringify([id]));
  }
  if (changed.length === 0) return;
  // One write: appends from two builds of the same folder at once interleave whole lines.
  appendFileSync(file, `${changed.join("\n")}\n`);
}

function rewrite<Entry>(
  file: string,
  derivationKey: string,
  entries: ReadonlyMap<string, CachedFile<Entry>>,
): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fd = openSync(partial, "w");
  try {
    let batch = [JSON.stringify({ format: FORMAT, derivationKey })];
    for (const [id, record] of entries) {
      batch.push(fileLine(id, record));
      if (batch.length === 1_000) {
        writeSync(fd, `${batch.join("\n")}\n`);
        batch = [];
      }
    }
    if (batch.length > 0) writeSync(fd, `${batch.join("\n")}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}

function fileLine<Entry>(id: string, { digest, stamp, entry }: CachedFile<Entry>): string {
  return JSON.stringify([id, digest, stamp, entry]);
}

/** Calls `onLine` with each complete line of the file; a last line without "\n" is damage. */
function forEachLine(fd: number, onLine: (line: string) => void): void {
  const block = Buffer.allocUnsafe(16 << 20);
  // Bytes after the last line break read so far: decoding whole lines only, so that a
  // character split between two blocks is never decoded in halves.
  let carried = Buffer.alloc(0);
  for (;;) {
    const size = readSync(fd, block, 0, block.length, null);
    if (size === 0) break;
    const end = block.lastIndexOf(10, size - 1);
    if (end === -1) {
      carried = Buffer.concat([carried, block.subarray(0, size)]);
      continue;
    }
    const text = Buffer.concat([carried, block.subarray(0, end)]).toString("utf8");
    carried = Buffer.from(block.subarray(end + 1, size));
    for (const line of text.split("\n")) if (line !== "") onLine(line);
  }
  if (carried.length > 0) throw new Error("the last line is incomplete");
}
