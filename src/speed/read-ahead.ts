import { closeSync, openSync, readSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import { projectFile } from "../project-paths.ts";
import { taskAt, type FileTasks, type SharedParts } from "./read-files.ts";
import { startWorkerThread } from "./reading-threads.ts";

/*
 * Reading ahead of the reading threads, for a first build whose files are not in memory. Each
 * reading thread reads one file at a time and works on it before reading the next: two to
 * three files asked of the disk at once. Measured on this project's 2-core machine with the
 * page cache dropped (files of the million-question corpus, in name order): one at a time, 1,923
 * files a second; three, 2,638; eight, 4,322; thirty-two, 5,046. A cold build of a million
 * questions read from disk kept its cores 92 to 133% busy of 200% while it loaded. So a few
 * small threads read the files of the next parts, before any reading thread claims them, and
 * let go of what they read: the reading threads then find the files in the page cache.
 *
 * They read nothing that the reading threads would not, and change nothing of what is read;
 * they stop once their reads come from memory (a corpus already cached, as the benchmark's is).
 */

/** How many threads read ahead: with two or three reading threads, eight or nine files asked at once. */
const READ_AHEAD_THREADS = 6;

/** How far ahead of the parts claimed so far the threads read, in parts. */
const PARTS_AHEAD = 8;

/**
 * Reads taking less than this, on average over `CACHED_WINDOW` files, come from memory: the
 * thread then stops, since reading ahead would only take CPU from the reading threads.
 */
const CACHED_READ_MS = 0.04;
const CACHED_WINDOW = 256;

/** Threads reading ahead (`startReadAhead`). */
export interface ReadAhead {
  /** Stops them: the reading is over. */
  stop(): void;
}

/**
 * Starts threads reading the files of `tasks` ahead of the parts the reading threads claim
 * through `parts`. The tasks cross to them once, in shared memory: at a million questions a
 * copy apiece was some 36 MB a thread.
 */
export function startReadAhead(tasks: FileTasks, parts: SharedParts): ReadAhead {
  const shared: FileTasks = {
    ...tasks,
    bytes: inSharedMemory(tasks.bytes),
    ends: inSharedMemory(tasks.ends),
  };
  const cursor = new Int32Array(new SharedArrayBuffer(4));
  const workers: Worker[] = Array.from({ length: READ_AHEAD_THREADS }, () => {
    const worker = startWorkerThread(
      projectFile("src/speed/read-ahead-worker.ts"),
      { tasks: shared, parts, cursor },
      // It holds a file's path at a time; the tasks are outside its heap.
      { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
    );
    // Reading ahead only saves time: a thread that fails costs nothing but that.
    worker.on("error", () => undefined);
    return worker;
  });
  return { stop: () => workers.forEach((worker) => void worker.terminate()) };
}

function inSharedMemory<Array extends Uint8Array | Float64Array>(array: Array): Array {
  // A Uint8Array, not the Buffer it may be: Buffer's own constructor is deprecated (DEP0005).
  const shared =
    array instanceof Float64Array
      ? new Float64Array(new SharedArrayBuffer(array.byteLength))
      : new Uint8Array(new SharedArrayBuffer(array.byteLength));
  shared.set(array);
  return shared as Array;
}

/**
 * One thread's reading ahead: takes the next file from `cursor` (shared by the threads reading
 * ahead), skips the files of parts already claimed, waits while the file is more than
 * `partsAhead` parts ahead of them, and reads it whole with `read`. Returns when every file is
 * taken, or when the reads come from memory.
 */
export function readFilesAhead(
  tasks: FileTasks,
  { partSize, next }: SharedParts,
  cursor: Int32Array,
  {
    partsAhead = PARTS_AHEAD,
    read = readWhole(),
    now = () => performance.now(),
  }: { partsAhead?: number; read?: (path: string) => void; now?: () => number } = {},
): void {
  let windowStart = now();
  let windowReads = 0;
  for (;;) {
    const claimed = Atomics.load(next, 0);
    // The files of claimed parts are the reading threads' already.
    let file = Atomics.load(cursor, 0);
    while (file < claimed * partSize) {
      const seen = Atomics.compareExchange(cursor, 0, file, claimed * partSize);
      if (seen === file) break;
      file = seen;
    }
    file = Atomics.add(cursor, 0, 1);
    if (file >= tasks.count) return;
    for (let parts = Atomics.load(next, 0); file >= (parts + partsAhead) * partSize;) {
      Atomics.wait(next, 0, parts, 20);
      parts = Atomics.load(next, 0);
    }
    if (file < Atomics.load(next, 0) * partSize) continue;
    read(taskAt(tasks, file).path);
    if (++windowReads === CACHED_WINDOW) {
      if ((now() - windowStart) / CACHED_WINDOW < CACHED_READ_MS) return;
      windowStart = now();
      windowReads = 0;
    }
  }
}

/** Reads a file to its end through one buffer, keeping nothing; a file it cannot read is left to the reading threads. */
function readWhole(): (path: string) => void {
  const buffer = Buffer.allocUnsafe(64 * 1024);
  return (path) => {
    let fd: number;
    try {
      fd = openSync(path, "r");
    } catch {
      return;
    }
    try {
      while (readSync(fd, buffer, 0, buffer.length, null) === buffer.length);
    } catch {
      // Left to the reading threads, which report it.
    } finally {
      closeSync(fd);
    }
  };
}
