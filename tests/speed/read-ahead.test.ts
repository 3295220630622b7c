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

it("stops once its reads come from memory", () => {
  const read: string[] = [];
  readFilesAhead(tasksOf(5_000), { partSize: 500, next: shared() }, shared(), {
    partsAhead: 100,
    read: (path) => read.push(path),
    now: () => 0,
  });
  assert.equal(read.length, 256);
});
