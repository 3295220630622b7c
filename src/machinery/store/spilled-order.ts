import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { ListingOrderSorter } from "../../core/content.ts";
import type { SearchDocument } from "../../core/search-index.ts";
import { removeOldUnusedFiles } from "./old-files.ts";
import { taggedUniqueName } from "./process-tag.ts";

/*
 * The search index takes its documents in listing order, newest first, and a build derives
 * them in file order, reading each body's words from the store beside the body. Held until the
 * last one is derived, a million questions' documents are too many to hold; read back from
 * their stores in listing order, each read lands somewhere else on disk, where dates do not
 * follow ids (scripts/bench.md, "Why the constants are what they are"). So they are spilled to
 * files by their place in the listing, a file per range of places, written in file order and
 * read back a file at a time, each sorted in memory: the disk sees only whole files, and the
 * build holds one range.
 */

/**
 * How many documents a spill file holds, held while it is sorted: some 20 MB of them, and as
 * much again as their answers' words.
 */
const DOCUMENTS_PER_FILE = 25_000;

/** What one spill file holds back before writing it. */
const WRITE_BLOCK_BYTES = 1 << 16;

/** How old a spill file must be to be taken for one a stopped build left behind. */
const LEFT_SPILL_MS = 60 * 60_000;

/** Where a content folder's builds spill their search documents, beside its entry caches. */
export function spillDirectory(cacheDirectory: string): string {
  return join(cacheDirectory, "spill");
}

/** Search documents spilled to files in `directory` by their place in the listing. */
export class SpilledDocuments implements ListingOrderSorter<SearchDocument> {
  readonly #files: SpillFile[] = [];

  constructor(directory: string, count: number) {
    mkdirSync(directory, { recursive: true });
    removeOldUnusedFiles(directory, Date.now() - LEFT_SPILL_MS, () => true);
    const build = taggedUniqueName();
    for (let first = 0; first < count; first += DOCUMENTS_PER_FILE) {
      const path = join(directory, `${build}-${this.#files.length}.ndjson`);
      this.#files.push({ path, fd: openSync(path, "w"), pending: [], pendingBytes: 0 });
    }
  }

  put(rank: number, document: SearchDocument): void {
    const file = this.#files[Math.floor(rank / DOCUMENTS_PER_FILE)] as SpillFile;
    const spilled: SpilledLine = [rank, document];
    const line = `${JSON.stringify(spilled)}\n`;
    file.pending.push(line);
    file.pendingBytes += line.length;
    if (file.pendingBytes >= WRITE_BLOCK_BYTES) writePending(file);
  }

  *inOrder(): Generator<SearchDocument> {
    for (const file of this.#files) writePending(file);
    for (const [index, file] of this.#files.entries()) {
      const first = index * DOCUMENTS_PER_FILE;
      const documents: SearchDocument[] = [];
      for (const line of readFileSync(file.path, "utf8").split("\n")) {
        if (line === "") continue;
        const [rank, document] = JSON.parse(line) as SpilledLine;
        documents[rank - first] = document;
      }
      letGo(file);
      yield* documents;
    }
  }

  discard(): void {
    for (const file of this.#files) letGo(file);
  }
}

type SpilledLine = [rank: number, document: SearchDocument];

interface SpillFile {
  path: string;
  /** Undefined once the file has been read back, or let go of. */
  fd: number | undefined;
  pending: string[];
  pendingBytes: number;
}

function writePending(file: SpillFile): void {
  if (file.pendingBytes === 0 || file.fd === undefined) return;
  writeSync(file.fd, file.pending.join(""));
  file.pending = [];
  file.pendingBytes = 0;
}

function letGo(file: SpillFile): void {
  if (file.fd !== undefined) closeSync(file.fd);
  file.fd = undefined;
  rmSync(file.path, { force: true });
}
