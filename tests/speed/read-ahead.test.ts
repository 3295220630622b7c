import { it } from "node:test";
import assert from "node:assert/strict";
import { readFilesAhead } from "../../src/speed/read-ahead.ts";
import { FileTaskList } from "../../src/speed/read-files.ts";

/*
 * Reading ahead (src/speed/read-ahead.ts) with the reads and the clock handed in: which files
 * a thread reads, given the parts the reading threads have claimed.
 */

function tasksOf(count: number) {
  const list = new FileTaskList("/corpus/");
  for (let index = 0; index < count; index++) list.add(`q${index}.md`, `q${index}`);
  return list.packed();
}

const shared = () => new Int32Array(new SharedArrayBuffer(4));

it("reads the files ahead of the claimed parts, each once, and no further ahead than asked", () => {
  const tasks = tasksOf(20);
  const parts = { partSize: 3, next: shared() };
  const read: string[] = [];
  let furthest = 0;
  readFilesAhead(tasks, parts, shared(), {
    partsAhead: 2,
    read: (path) => {
      const file = Number(/q(\d+)\.md$/.exec(path)?.[1]);
      read.push(path);
      furthest = Math.max(furthest, file - Atomics.load(parts.next, 0) * 3);
      // The reading threads claim a part once the files two parts ahead have been read.
      if (file % 3 === 2 && file >= 5) Atomics.add(parts.next, 0, 1);
    },
    now: (() => {
      let time = 0;
      return () => (time += 1);
    })(),
  });
  assert.deepEqual(
    read,
    Array.from({ length: 20 }, (_, index) => `/corpus/q${index}.md`),
  );
  assert.ok(furthest < 2 * 3, `read ${furthest} files past the claimed parts`);
});

it("skips the files of parts the reading threads have claimed already", () => {
  const parts = { partSize: 5, next: shared() };
  Atomics.store(parts.next, 0, 2);
  const read: string[] = [];
  readFilesAhead(tasksOf(14), parts, shared(), {
    read: (path) => read.push(path),
    now: (() => {
      let time = 0;
      return () => (time += 1);
    })(),
  });
  assert.deepEqual(read, ["/corpus/q10.md", "/corpus/q11.md", "/corpus/q12.md", "/corpus/q13.md"]);
});

it("reads one file in 16 while its reads come from memory, and every file once they do not", () => {
  const read: number[] = [];
  // A read takes 0.01 ms below file 1,000 (cached), 1 ms from there on (from the disk).
  let file = 0;
  let time = 0;
  readFilesAhead(tasksOf(3_000), { partSize: 500, next: shared() }, shared(), {
    partsAhead: 100,
    read: (path) => {
      file = Number(/q(\d+)\.md$/.exec(path)?.[1]);
      read.push(file);
    },
    now: (() => {
      let started = true;
      return () => {
        started = !started;
        if (started) time += file < 1_000 ? 0.01 : 1;
        return time;
      };
    })(),
  });
  const below = read.filter((file) => file < 1_000);
  // The first 16 reads tell it the files are in memory; then one in 16.
  assert.deepEqual(
    below.slice(0, 16),
    Array.from({ length: 16 }, (_, index) => index),
  );
  assert.ok(
    below.slice(16).every((file) => file % 16 === 0),
    String(below.slice(16)),
  );
  assert.equal(below.length, 16 + Math.ceil((1_000 - 16) / 16));
  // From the disk: 16 probes tell it so, and from then on every file is read.
  const last = read.at(-1) ?? 0;
  assert.equal(last, 2_999);
  const fromDisk = read.filter((file) => file >= 1_256);
  assert.deepEqual(
    fromDisk,
    Array.from({ length: 3_000 - 1_256 }, (_, index) => 1_256 + index),
  );
});
