import { grown } from "../../lib/grown-array.ts";
import { IdIndex } from "../../lib/id-index.ts";
import type { CachedFile, LineAt, LineSource } from "./entry-cache.ts";
import type { FileStamp } from "./file-stamp.ts";

/*
 * The entry cache's records of one folder, packed in columns. A load holds one record per
 * file, the earlier builds' and this one's, to the end of the build, and as objects (the
 * record, its line's place, its stamp's array and numbers, its digest's string) they were a
 * large part of the loading thread's heap (scripts/bench.md, "Why the constants are what they
 * are"). Here a file is a row of typed arrays and its row found by id (`IdIndex`). A
 * record is made again, as an object, each time it is asked for, and let go of at once.
 */

/** How a record's digest is packed: `shortDigest`'s 16 base64url characters are 12 bytes. */
const DIGEST_CHARACTERS = 16;
const DIGEST_BYTES = 12;
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Each character code's six bits in base64url, or -1. */
const SIXTETS = Int8Array.from({ length: 128 }, (_, code) =>
  BASE64URL.indexOf(String.fromCharCode(code)),
);

/** The files' records by id, in the order they were first set (a Map's order). */
export class RecordTable {
  readonly #index: IdIndex;
  #capacity: number;
  #digests: Uint8Array;
  /** size, mtimeMs, ctimeMs, ino per row; NaN size for a record without a stamp. */
  #stamps: Float64Array;
  #storesIndex: Uint32Array;
  #sourceIndex: Uint8Array;
  #lineAt: Float64Array;
  #lineBytes: Uint32Array;
  /** Each list of stores once, and where it is (records share a handful of lists). */
  readonly #storeLists: (readonly string[])[] = [];
  readonly #storeListIndex = new Map<string, number>();
  /** The line sources the records' lines are in: the cache's log, the load's new lines. */
  readonly #sources: LineSource[] = [];

  /** `expected`: how many records it will likely hold (it grows past that when it must). */
  constructor(expected = 1_024) {
    this.#capacity = Math.max(expected, 16);
    this.#index = new IdIndex(this.#capacity);
    this.#digests = new Uint8Array(this.#capacity * DIGEST_BYTES);
    this.#stamps = new Float64Array(this.#capacity * 4);
    this.#storesIndex = new Uint32Array(this.#capacity);
    this.#sourceIndex = new Uint8Array(this.#capacity);
    this.#lineAt = new Float64Array(this.#capacity);
    this.#lineBytes = new Uint32Array(this.#capacity);
  }

  get size(): number {
    return this.#index.size;
  }

  has(id: string): boolean {
    return this.#index.has(id);
  }

  get(id: string): CachedFile | undefined {
    const row = this.#index.rowOf(id);
    return row === -1 ? undefined : this.#recordAt(row);
  }

  /**
   * Sets the record of `id`, in place if it has one. A digest that is not `shortDigest`'s
   * throws: only a damaged cache holds one, and that cache is then not used.
   */
  set(id: string, { digest, stamp, stores, line }: CachedFile): this {
    if (!isDigest(digest)) {
      throw new Error(
        `The entry cache's record of ${id} has a digest that is not one a build makes.`,
      );
    }
    const row = this.#rowFor(id);
    packDigest(digest, this.#digests, row * DIGEST_BYTES);
    const stamps = this.#stamps;
    const at = row * 4;
    if (stamp === null) stamps[at] = Number.NaN;
    else {
      stamps[at] = stamp[0];
      stamps[at + 1] = stamp[1];
      stamps[at + 2] = stamp[2];
      stamps[at + 3] = stamp[3];
    }
    this.#storesIndex[row] = this.#storeListNumber(stores);
    this.#sourceIndex[row] = this.#sourceNumber(line.lines);
    this.#lineAt[row] = line.at;
    this.#lineBytes[row] = line.bytes;
    return this;
  }

  /** Sets the record of `id` to its record in `table`, which must have one. */
  setFrom(table: RecordTable, id: string): void {
    const from = table.#index.rowOf(id);
    if (from === -1) throw new Error(`${id} has no record to copy.`);
    const row = this.#rowFor(id);
    this.#digests.set(
      table.#digests.subarray(from * DIGEST_BYTES, (from + 1) * DIGEST_BYTES),
      row * DIGEST_BYTES,
    );
    this.#stamps.set(table.#stamps.subarray(from * 4, from * 4 + 4), row * 4);
    this.#storesIndex[row] = this.#storeListNumber(
      table.#storeLists[table.#storesIndex[from] as number] as readonly string[],
    );
    this.#sourceIndex[row] = this.#sourceNumber(
      table.#sources[table.#sourceIndex[from] as number] as LineSource,
    );
    this.#lineAt[row] = table.#lineAt[from] as number;
    this.#lineBytes[row] = table.#lineBytes[from] as number;
  }

  /** Where the line of `id`'s record is, without making the whole record. */
  lineOf(id: string): LineAt | undefined {
    const row = this.#index.rowOf(id);
    if (row === -1) return undefined;
    return {
      lines: this.#sources[this.#sourceIndex[row] as number] as LineSource,
      at: this.#lineAt[row] as number,
      bytes: this.#lineBytes[row] as number,
    };
  }

  delete(id: string): boolean {
    return this.#index.delete(id);
  }

  keys(): IterableIterator<string> {
    return this.#index.ids();
  }

  *values(): IterableIterator<CachedFile> {
    for (const row of this.#index.rows()) yield this.#recordAt(row);
  }

  *entries(): IterableIterator<[string, CachedFile]> {
    for (const row of this.#index.rows()) {
      yield [this.#index.idAt(row) as string, this.#recordAt(row)];
    }
  }

  [Symbol.iterator](): IterableIterator<[string, CachedFile]> {
    return this.entries();
  }

  /** Another table with the same records, to change without changing this one. */
  copy(): RecordTable {
    const copy = new RecordTable(this.size);
    for (const [id, record] of this.entries()) copy.set(id, record);
    return copy;
  }

  /** Every list of stores a record points into (without making the records). */
  usedStoreLists(): Set<readonly string[]> {
    const used = new Set<readonly string[]>();
    for (const row of this.#index.rows()) {
      used.add(this.#storeLists[this.#storesIndex[row] as number] as readonly string[]);
    }
    return used;
  }

  /** Whether every record's line is in `lines` (without making the records). */
  allLinesIn(lines: LineSource): boolean {
    const source = this.#sources.indexOf(lines);
    for (const row of this.#index.rows()) if (this.#sourceIndex[row] !== source) return false;
    return true;
  }

  #recordAt(row: number): CachedFile {
    const stamps = this.#stamps;
    const at = row * 4;
    const size = stamps[at] as number;
    const stamp: FileStamp | null = Number.isNaN(size)
      ? null
      : [size, stamps[at + 1] as number, stamps[at + 2] as number, stamps[at + 3] as number];
    return {
      digest: unpackDigest(this.#digests, row * DIGEST_BYTES),
      stamp,
      stores: this.#storeLists[this.#storesIndex[row] as number] as readonly string[],
      line: {
        lines: this.#sources[this.#sourceIndex[row] as number] as LineSource,
        at: this.#lineAt[row] as number,
        bytes: this.#lineBytes[row] as number,
      },
    };
  }

  /** The row of `id`, a new one at the end if it has none. */
  #rowFor(id: string): number {
    const row = this.#index.add(id);
    if (row === this.#capacity) this.#grow();
    return row;
  }

  #storeListNumber(stores: readonly string[]): number {
    const key = stores.length === 1 ? (stores[0] as string) : stores.join("\n");
    let number = this.#storeListIndex.get(key);
    if (number === undefined) {
      number = this.#storeLists.push(Object.freeze([...stores])) - 1;
      this.#storeListIndex.set(key, number);
    }
    return number;
  }

  #sourceNumber(source: LineSource): number {
    const known = this.#sources.indexOf(source);
    if (known !== -1) return known;
    if (this.#sources.length === 255)
      throw new Error("A record table takes lines from at most 255 sources.");
    return this.#sources.push(source) - 1;
  }

  #grow(): void {
    this.#capacity *= 2;
    this.#digests = grown(this.#digests);
    this.#stamps = grown(this.#stamps);
    this.#storesIndex = grown(this.#storesIndex);
    this.#sourceIndex = grown(this.#sourceIndex);
    this.#lineAt = grown(this.#lineAt);
    this.#lineBytes = grown(this.#lineBytes);
  }
}

/** Whether `text` is 16 base64url characters, as `shortDigest` makes. */
function isDigest(text: string): boolean {
  if (text.length !== DIGEST_CHARACTERS) return false;
  for (let index = 0; index < DIGEST_CHARACTERS; index++) {
    if ((SIXTETS[text.charCodeAt(index)] ?? -1) < 0) return false;
  }
  return true;
}

/*
 * By hand rather than with Buffer's base64url, which costs a Buffer for each record set or got
 * (scripts/bench.md, "Why the constants are what they are").
 */

/** Packs a digest (`isDigest`) into 12 bytes of `bytes` from `at`: four characters, 3 bytes. */
function packDigest(digest: string, bytes: Uint8Array, at: number): void {
  for (let index = 0; index < DIGEST_CHARACTERS; index += 4, at += 3) {
    const bits =
      ((SIXTETS[digest.charCodeAt(index)] as number) << 18) |
      ((SIXTETS[digest.charCodeAt(index + 1)] as number) << 12) |
      ((SIXTETS[digest.charCodeAt(index + 2)] as number) << 6) |
      (SIXTETS[digest.charCodeAt(index + 3)] as number);
    bytes[at] = bits >> 16;
    bytes[at + 1] = (bits >> 8) & 0xff;
    bytes[at + 2] = bits & 0xff;
  }
}

/** The digest `packDigest` packed at `at`. */
function unpackDigest(bytes: Uint8Array, at: number): string {
  let digest = "";
  for (let end = at + DIGEST_BYTES; at < end; at += 3) {
    const bits =
      ((bytes[at] as number) << 16) | ((bytes[at + 1] as number) << 8) | (bytes[at + 2] as number);
    digest +=
      BASE64URL.charAt(bits >> 18) +
      BASE64URL.charAt((bits >> 12) & 63) +
      BASE64URL.charAt((bits >> 6) & 63) +
      BASE64URL.charAt(bits & 63);
  }
  return digest;
}
