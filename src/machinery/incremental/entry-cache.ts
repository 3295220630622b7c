import {
  appendFileSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { hash } from "node:crypto";
import { dirname, join } from "node:path";
import { grown } from "../../lib/grown-array.ts";
import type { FileStamp } from "./file-stamp.ts";
import { BlockFile } from "../store/block-file.ts";
import { RecordTable } from "./record-table.ts";
import { removeLeftBeside } from "../store/old-files.ts";
import { taggedUniqueName } from "../store/process-tag.ts";
import { writeWholeFile } from "../store/whole-file.ts";
import { cacheDirectory } from "../../project-paths.ts";

/*
 * What the last build read of one folder's files, kept between builds so that a rebuild reads
 * only the files that changed. An entry is what the folder reader's pure function made of its
 * file (see src/core/folder.ts), so the cache holds nothing a build could not make again.
 *
 * The file is a log of lines: a header `{"format":4,"derivationKey":…}`, then one line per
 * file, `[id, digest, stamp, stores]`, a tab and the entry (both JSON, which writes no tab but
 * as `\t`), or `[id]` for a file that is gone; a later line for an id replaces an earlier
 * one. A rebuild indexes the log by the part before the tab, a fifth of the bytes, rather than
 * parse whole lines, and appends only what changed: one edit writes one line, not the whole
 * cache (scripts/bench.md, "Why the constants are what they are"). The log is written afresh
 * when superseded lines outnumber live ones. It is read in blocks, a line at a time: at a
 * million questions the whole file would not fit in one JavaScript string.
 */

const FORMAT = 4;

/**
 * Where one file's line is, to read its entry back (`cachedEntry`). A load keeps this rather
 * than the entry: held as objects, the entries were most of the loading thread's heap at a
 * million questions, and it only needs each one for a moment, when the rules across files and
 * its question's page come to it.
 */
export interface LineAt {
  lines: LineSource;
  /** Where the line starts: a byte offset in a file, or an index among lines held. */
  at: number;
  /** The line's length in bytes (in a file). */
  bytes: number;
}

/** Lines to read back by where they are: the cache file, or the lines a load wrote. */
export interface LineSource {
  read(at: number, bytes: number): string;
}

/** What the cache knows of one file. */
export interface CachedFile {
  /** `shortDigest` of the file's text. */
  digest: string;
  /** The file's stat when it was read, or null when that cannot be trusted (see file-stamp). */
  stamp: FileStamp | null;
  /**
   * The text stores its entry's page texts are in (src/machinery/store/text-store.ts): the record stands
   * for its file only while they are there. Records from the same stores share one array.
   */
  stores: readonly string[];
  /** Its line (`cacheLine`). */
  line: LineAt;
}

export interface EntryCache {
  /** What the entries were read with besides their file: they are reused only under it. */
  derivationKey: string;
  entries: RecordTable;
  /** File lines in the log, superseded ones included. */
  lines: number;
  /** The log, open for reading lines back until `updateEntryCache` or `discardNewLines` closes it. */
  log: BlockFile;
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

/** The entry a cache line holds, read back from where it is. */
export function cachedEntry<Entry>(record: CachedFile): Entry {
  return entryAt(record.line);
}

/** The entry of the line at `line`. */
export function entryAt<Entry>({ lines, at, bytes }: LineAt): Entry {
  return entryOfLine(lines.read(at, bytes));
}

/** The entry a cache line (`cacheLine`) holds. */
export function entryOfLine<Entry>(line: string): Entry {
  return JSON.parse(entryJsonOf(line)) as Entry;
}

/** The JSON of the entry in a cache line: what follows the head's tab. */
function entryJsonOf(line: string): string {
  return line.slice(line.indexOf("\t") + 1);
}

/**
 * A file's cache line, as a reading thread makes it for a file it read: what the cache knows
 * of the file (with the text stores its entry points into), and its entry.
 */
export function cacheLine(
  id: string,
  digest: string,
  stamp: FileStamp | null,
  stores: readonly string[],
  entry: unknown,
): string {
  return cacheLineOfJson(id, digest, stamp, stores, JSON.stringify(entry));
}

/** A cache line with an entry as JSON: an earlier line's (`cachedEntryJson`), not parsed. */
export function cacheLineOfJson(
  id: string,
  digest: string,
  stamp: FileStamp | null,
  stores: readonly string[],
  entryJson: string,
): string {
  return `${JSON.stringify([id, digest, stamp, stores])}\t${entryJson}`;
}

/** The JSON of the entry a record's cache line holds. */
export function cachedEntryJson(record: CachedFile): string {
  return entryJsonOf(lineOf(record));
}

/**
 * The last builds' records; undefined when there is no cache or it cannot be read, and, given
 * `derivationKey`, when they were read under another. Such a cache is not read past its header:
 * a build after an upgrade reads every file again, and held the whole stale cache besides
 * until it wrote the new one. Only each line's head is read (`forEachLineHead`); the log stays
 * open for `cachedEntry`.
 */
export function readEntryCache(file: string, derivationKey?: string): EntryCache | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  const log = new BlockFile(file, fd);
  try {
    let cache: EntryCache | undefined;
    forEachLineHead(fd, (line, at, bytes) => {
      if (cache === undefined) {
        const header = JSON.parse(line) as { format?: unknown; derivationKey?: unknown };
        if (header.format !== FORMAT || typeof header.derivationKey !== "string") {
          throw new Error("not this format");
        }
        if (derivationKey !== undefined && header.derivationKey !== derivationKey) {
          throw new Error("read under another derivation");
        }
        cache = { derivationKey: header.derivationKey, entries: new RecordTable(), lines: 0, log };
        return;
      }
      const record = JSON.parse(line) as [string, string, FileStamp | null, string[]] | [string];
      if (record.length === 1) cache.entries.delete(record[0]);
      else {
        cache.entries.set(record[0], {
          digest: record[1],
          stamp: record[2],
          stores: record[3],
          line: { lines: log, at, bytes },
        });
      }
      cache.lines++;
    });
    return cache;
  } catch {
    // A damaged cache (a build stopped mid-write, an older format), like one of another
    // derivation, only means every file is read again, and the cache is written afresh.
    log.close();
    return undefined;
  }
}

/**
 * The lines of the entries a load derived, as it gets them: written to a file of their own in
 * the cache folder, a complete log under `derivationKey` (`updateEntryCache` renames it into
 * place when it holds every entry, or appends its lines to the log), and read back from there.
 */
export class NewLines implements LineSource {
  readonly #file: BlockFile;
  #pending: string[] = [];
  #pendingBytes = 0;
  #written = 0;
  /** How many entry lines it holds. */
  count = 0;

  constructor(cacheFile: string, derivationKey: string) {
    mkdirSync(dirname(cacheFile), { recursive: true });
    const path = `${cacheFile}.${taggedUniqueName()}${NEW_LINES_SUFFIX}`;
    this.#file = new BlockFile(path, openSync(path, "w+"));
    this.#append(JSON.stringify({ format: FORMAT, derivationKey }));
  }

  get path(): string {
    return this.#file.path;
  }

  /** Adds a line; where it is. */
  add(line: string): LineAt {
    this.count++;
    return { lines: this, ...this.#append(line) };
  }

  read(at: number, bytes: number): string {
    this.flush();
    return this.#file.read(at, bytes);
  }

  /** Writes what is not written yet. */
  flush(): void {
    if (this.#pending.length === 0) return;
    writeSync(this.#file.fd, this.#pending.join(""));
    this.#file.forgetBlock();
    this.#pending = [];
    this.#pendingBytes = 0;
  }

  /** Writes the rest and closes the file. */
  close(): void {
    this.flush();
    this.#file.close();
  }

  #append(line: string): { at: number; bytes: number } {
    const bytes = Buffer.byteLength(line);
    const at = this.#written;
    this.#pending.push(line, "\n");
    this.#written += bytes + 1;
    this.#pendingBytes += bytes + 1;
    if (this.#pendingBytes >= 1 << 20) this.flush();
    return { at, bytes };
  }
}

const NEW_LINES_SUFFIX = ".new";

/** Lines held in memory, for a load without a cache folder (the dev server's). */
export class HeldLines implements LineSource {
  readonly #lines: string[] = [];

  add(line: string): LineAt {
    this.#lines.push(line);
    return { lines: this, at: this.#lines.length - 1, bytes: 0 };
  }

  read(at: number): string {
    return this.#lines[at] as string;
  }
}

/**
 * Brings the cache up to `records`, whose lines are in the cache itself (`previous`) or in
 * `fresh`: renames `fresh` into place when it holds them all, appends a line for each file
 * whose record changed and for each one that is gone, or writes the whole log afresh
 * (atomically, by renaming) when the derivation changed or most of its lines are superseded.
 * Writes nothing when nothing changed. Closes both.
 */
export function updateEntryCache(
  file: string,
  previous: EntryCache | undefined,
  derivationKey: string,
  records: RecordTable,
  fresh: NewLines,
): void {
  try {
    fresh.flush();
    if (fresh.count === records.size && records.allLinesIn(fresh)) {
      renameSync(fresh.path, file);
      return;
    }
    if (
      previous === undefined ||
      previous.derivationKey !== derivationKey ||
      previous.lines > 2 * records.size + 1_000
    ) {
      rewrite(file, derivationKey, records);
      return;
    }
    const changed: string[] = [];
    for (const record of records.values()) {
      if (record.line.lines !== previous.log) changed.push(lineOf(record));
    }
    for (const id of previous.entries.keys()) {
      if (!records.has(id)) changed.push(JSON.stringify([id]));
    }
    if (changed.length === 0) return;
    // One write: appends from two builds of the same folder at once interleave whole lines.
    appendFileSync(file, `${changed.join("\n")}\n`);
  } finally {
    discardNewLines(previous, fresh);
    // Those of stopped builds: at once when their process has ended, else once an hour old;
    // those of a build still loading stay.
    removeLeftBeside(file, NEW_LINES_SUFFIX);
  }
}

/** Leaves the cache as it was, and lets go of what a load opened (a load with problems). */
export function discardNewLines(previous: EntryCache | undefined, fresh: NewLines): void {
  previous?.log.close();
  fresh.close();
  rmSync(fresh.path, { force: true });
}

function rewrite(file: string, derivationKey: string, records: RecordTable): void {
  writeWholeFile(file, logLines(derivationKey, records));
}

/** The whole log of `records`: the header, then each record's line. */
function* logLines(derivationKey: string, records: RecordTable): Generator<string> {
  yield `${JSON.stringify({ format: FORMAT, derivationKey })}\n`;
  for (const record of records.values()) yield `${lineOf(record)}\n`;
}

function lineOf({ line }: CachedFile): string {
  return line.lines.read(line.at, line.bytes);
}

/**
 * Calls `onLine` with the head of each complete line of the file (what comes before its first
 * tab, or all of it), the line's byte offset and its length in bytes; a last line without "\n"
 * is damage.
 */
function forEachLineHead(
  fd: number,
  onLine: (head: string, at: number, bytes: number) => void,
): void {
  // One block, read into after the bytes carried over from the last read: whole lines only are
  // decoded, so that a character split between two reads is never decoded in halves. Joining
  // each read to what was carried (`Buffer.concat`) copied the whole cache once more, a second
  // of a 100,000-question rebuild.
  let block = Buffer.allocUnsafe(16 << 20);
  // Bytes at the start of `block` after the last line break read so far.
  let carried = 0;
  // The offset in the file of the block's first byte.
  let blockAt = 0;
  for (;;) {
    // A line longer than the block: the block grows until it holds it.
    if (carried === block.length) block = grown(block);
    const size = readSync(fd, block, carried, block.length - carried, null);
    if (size === 0) break;
    const filled = carried + size;
    // The complete lines read so far: searched in this view, not past it into an earlier read.
    const lines = block.subarray(0, block.lastIndexOf(10, filled - 1) + 1);
    if (lines.length <= carried) {
      carried = filled;
      continue;
    }
    let start = 0;
    for (let stop = lines.indexOf(10); stop !== -1; stop = lines.indexOf(10, start)) {
      if (stop > start) {
        const tab = lines.indexOf(9, start);
        const headEnd = tab === -1 || tab > stop ? stop : tab;
        onLine(lines.toString("utf8", start, headEnd), blockAt + start, stop - start);
      }
      start = stop + 1;
    }
    block.copyWithin(0, lines.length, filled);
    carried = filled - lines.length;
    blockAt += lines.length;
  }
  if (carried > 0) throw new Error("the last line is incomplete");
}
