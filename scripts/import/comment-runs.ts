import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";

/** One comment waiting for its post's file: what orders it, and its YAML item as written. */
export interface PendingComment {
  post: number;
  /** Its `commented`, ISO 8601 as the dump gives it (one format per dump). */
  commented: string;
  id: number;
  /** Its author's id when they get a users/ file (see CreditedUsers), else "". */
  user: string;
  /** Its licence, to credit the licences of the comments written. */
  licence: string;
  /** The `- id: ...` item, its lines ending in `\n`, not yet indented under `comments:`. */
  item: string;
}

/**
 * How much a run holds before it is sorted and spilled to a file: about this many bytes of
 * comments (strings counted at two bytes a character). See scripts/bench.md for the figures.
 */
export const RUN_BYTES = 16 * 1024 * 1024;

/**
 * The most runs merged at once (open files, and a read block each); more runs are first
 * merged into longer ones, this many at a time. Stack Overflow's comments make a few thousand.
 */
export const MERGE_WIDTH = 128;

/** Reads and writes of the run files go in blocks of this size. */
const BLOCK_BYTES = 1 << 16;

/**
 * Comments in Comments.xml's order (by comment Id), handed back grouped by post, oldest first,
 * in bounded memory: an external merge sort. Comments are held in a run until it reaches
 * `runBytes`, then the run is sorted and written to a file in `folder`; at the end the runs
 * are merged. A dump whose comments fit in one run (every sample dump) never touches the disk.
 */
export class CommentRuns {
  readonly #folder: string;
  readonly #runBytes: number;
  readonly #mergeWidth: number;
  #run: PendingComment[] = [];
  #bytes = 0;
  #files: string[] = [];
  /** Run files written, to name the next one. */
  #written = 0;

  constructor(folder: string, runBytes = RUN_BYTES, mergeWidth = MERGE_WIDTH) {
    this.#folder = folder;
    this.#runBytes = runBytes;
    this.#mergeWidth = mergeWidth;
  }

  /** Runs spilled to disk so far. */
  get spilled(): number {
    return this.#written;
  }

  add(comment: PendingComment): void {
    this.#run.push(comment);
    this.#bytes += 2 * (comment.item.length + comment.commented.length) + 80;
    if (this.#bytes >= this.#runBytes) this.#spill();
  }

  /** Each post that has comments, in id order, with its comments, oldest first. */
  *groups(): Generator<{ post: number; comments: PendingComment[] }> {
    let current: { post: number; comments: PendingComment[] } | undefined;
    for (const comment of this.#sorted()) {
      if (current?.post !== comment.post) {
        if (current !== undefined) yield current;
        current = { post: comment.post, comments: [] };
      }
      current.comments.push(comment);
    }
    if (current !== undefined) yield current;
  }

  /** Removes the run files; the object is not to be used afterwards. */
  remove(): void {
    this.#run = [];
    if (this.#written > 0) rmSync(this.#folder, { recursive: true, force: true });
  }

  *#sorted(): Generator<PendingComment> {
    if (this.#files.length === 0) {
      yield* this.#run.sort(byPostThenAge);
      return;
    }
    if (this.#run.length > 0) this.#spill();
    while (this.#files.length > this.#mergeWidth) {
      const merged = this.#files.slice(0, this.#mergeWidth);
      this.#files = this.#files.slice(this.#mergeWidth);
      this.#files.push(this.#writeRun(mergeRuns(merged.map((file) => new RunReader(file)))));
      for (const file of merged) rmSync(file);
    }
    yield* mergeRuns(this.#files.map((file) => new RunReader(file)));
  }

  #spill(): void {
    if (this.#written === 0) mkdirSync(this.#folder, { recursive: true });
    this.#files.push(this.#writeRun(this.#run.sort(byPostThenAge)));
    this.#run = [];
    this.#bytes = 0;
  }

  /** Writes sorted comments to a new run file, one line each; returns its path. */
  #writeRun(comments: Iterable<PendingComment>): string {
    const file = join(this.#folder, `run-${this.#written++}`);
    const fd = openSync(file, "wx");
    try {
      let block = "";
      for (const comment of comments) {
        const { post, commented, id, user, licence, item } = comment;
        block += `${post}\t${commented}\t${id}\t${user}\t${JSON.stringify(licence)}\t${JSON.stringify(item)}\n`;
        if (block.length >= BLOCK_BYTES) {
          writeSync(fd, block);
          block = "";
        }
      }
      if (block !== "") writeSync(fd, block);
    } finally {
      closeSync(fd);
    }
    return file;
  }
}

/** Oldest first within a post; comments of one instant in Id order. */
function byPostThenAge(a: PendingComment, b: PendingComment): number {
  return (
    a.post - b.post ||
    (a.commented < b.commented ? -1 : a.commented > b.commented ? 1 : 0) ||
    a.id - b.id
  );
}

/** The k-way merge of sorted runs, with a binary heap of each run's next comment. */
function* mergeRuns(readers: RunReader[]): Generator<PendingComment> {
  const heap: { comment: PendingComment; reader: RunReader }[] = [];
  const push = (reader: RunReader) => {
    const comment = reader.next();
    if (comment === undefined) {
      reader.close();
      return;
    }
    heap.push({ comment, reader });
    let at = heap.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (byPostThenAge(heapAt(heap, parent).comment, heapAt(heap, at).comment) <= 0) break;
      [heap[parent], heap[at]] = [heapAt(heap, at), heapAt(heap, parent)];
      at = parent;
    }
  };
  for (const reader of readers) push(reader);
  while (heap.length > 0) {
    const top = heapAt(heap, 0);
    const last = heap.pop();
    if (heap.length > 0 && last !== undefined) {
      heap[0] = last;
      siftDown(heap);
    }
    yield top.comment;
    push(top.reader);
  }
}

function heapAt<T>(heap: readonly T[], index: number): T {
  const item = heap[index];
  if (item === undefined) throw new Error(`comment merge: no heap item ${index}`);
  return item;
}

function siftDown(heap: { comment: PendingComment }[]): void {
  let at = 0;
  for (;;) {
    const [left, right] = [2 * at + 1, 2 * at + 2];
    let least = at;
    if (
      left < heap.length &&
      byPostThenAge(heapAt(heap, left).comment, heapAt(heap, least).comment) < 0
    )
      least = left;
    if (
      right < heap.length &&
      byPostThenAge(heapAt(heap, right).comment, heapAt(heap, least).comment) < 0
    )
      least = right;
    if (least === at) return;
    [heap[least], heap[at]] = [heapAt(heap, at), heapAt(heap, least)];
    at = least;
  }
}

/** Reads a run file back line by line, a block at a time. */
class RunReader {
  readonly #fd: number;
  readonly #buffer = Buffer.alloc(BLOCK_BYTES);
  readonly #decoder = new StringDecoder("utf8");
  #lines: string[] = [];
  #index = 0;
  #partial = "";
  #done = false;

  constructor(file: string) {
    this.#fd = openSync(file, "r");
  }

  next(): PendingComment | undefined {
    while (this.#index >= this.#lines.length) {
      if (this.#done) return undefined;
      this.#fill();
    }
    const line = this.#lines[this.#index++] ?? "";
    // Texts are JSON-quoted and user ids whole numbers, so no field holds a tab or line break.
    const [post = "", commented = "", id = "", user = "", licence = "", item = ""] = line.split(
      "\t",
      6,
    );
    return {
      post: Number(post),
      commented,
      id: Number(id),
      user,
      licence: JSON.parse(licence) as string,
      item: JSON.parse(item) as string,
    };
  }

  close(): void {
    closeSync(this.#fd);
  }

  #fill(): void {
    const read = readSync(this.#fd, this.#buffer, 0, BLOCK_BYTES, null);
    if (read === 0) {
      this.#done = true;
      this.#lines = [];
      this.#index = 0;
      return;
    }
    const text = this.#partial + this.#decoder.write(this.#buffer.subarray(0, read));
    const lines = text.split("\n");
    this.#partial = lines.pop() ?? "";
    this.#lines = lines;
    this.#index = 0;
  }
}
