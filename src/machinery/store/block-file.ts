import { closeSync, readSync } from "node:fs";

/** How much a `BlockFile` reads at a time while its reads go through the file in order. */
const BLOCK_BYTES = 1 << 16;
/** How much it reads while they do not: a small read is cheaper, and serves one part anyway. */
const SMALL_BLOCK_BYTES = 1 << 12;

/**
 * A file open for reading parts of it back by byte offset, through one block held in memory.
 * A build reads its cache lines and stored texts a part at a time, tens of thousands of them,
 * and a `readSync` of each part alone was most of a load's assembling (scripts/bench.md, "Why
 * the constants are what they are"). Parts come mostly in the order they were written: the load
 * and the question pages go through the content folder in file order. So a block is read from
 * the part onwards when the reads go forwards, and up to the part's end when they go backwards:
 * either way it serves the next parts, about a hundred cache lines. Where reads jump about (a
 * duplicate's original, a page written out of turn), a block serves one part, and only a small
 * one is read.
 *
 * Only for files that are appended to and never rewritten: bytes once read stay as they were.
 */
export class BlockFile {
  readonly path: string;
  readonly fd: number;
  #block = Buffer.allocUnsafe(BLOCK_BYTES);
  /** Where in the file the block starts, and how many of its bytes were read. */
  #blockAt = 0;
  #blockBytes = 0;
  /** How many parts the block served: more than one, and the next block read is a full one. */
  #partsServed = 0;

  readonly #endsEarly: (end: number) => string;

  /** `endsEarly` says what is wrong when the file ends before a part: which file, what to do. */
  constructor(
    path: string,
    fd: number,
    endsEarly = (end: number) => `The file ${path} ends before byte ${end}`,
  ) {
    this.path = path;
    this.fd = fd;
    this.#endsEarly = endsEarly;
  }

  /** The UTF-8 text of `bytes` bytes at `at`; throws when the file ends before them. */
  read(at: number, bytes: number): string {
    const start = this.#served(at, bytes);
    return this.#block.toString("utf8", start, start + bytes);
  }

  /** A copy of `bytes` bytes at `at`, as `read`'s, for a caller that keeps them. */
  readBytes(at: number, bytes: number): Uint8Array<ArrayBuffer> {
    const start = this.#served(at, bytes);
    return new Uint8Array(this.#block.subarray(start, start + bytes));
  }

  /** Where in the block the part at `at` starts, the block read first when it lacks the part. */
  #served(at: number, bytes: number): number {
    const start = at - this.#blockAt;
    if (start < 0 || start + bytes > this.#blockBytes) this.#readBlock(at, bytes);
    this.#partsServed++;
    return at - this.#blockAt;
  }

  /** Forgets the block read, so that the next read reads the file again. */
  forgetBlock(): void {
    this.#blockBytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }

  #readBlock(at: number, bytes: number): void {
    if (this.#block.length < bytes) this.#block = Buffer.allocUnsafe(bytes);
    const size = Math.max(bytes, this.#partsServed > 1 ? BLOCK_BYTES : SMALL_BLOCK_BYTES);
    const backwards = this.#blockBytes > 0 && at < this.#blockAt;
    const blockAt = backwards ? Math.max(0, at + bytes - size) : at;
    this.#blockAt = blockAt;
    this.#blockBytes = 0;
    this.#partsServed = 0;
    let read = 0;
    for (;;) {
      const got = readSync(this.fd, this.#block, read, size - read, blockAt + read);
      read += got;
      if (got === 0 || read === size) break;
    }
    if (blockAt + read < at + bytes) {
      throw new Error(this.#endsEarly(at + bytes));
    }
    this.#blockBytes = read;
  }
}
