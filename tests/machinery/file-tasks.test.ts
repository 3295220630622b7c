import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { describe, it } from "node:test";
import type { FolderReader } from "../../src/core/folder.ts";
import {
  FileTaskList,
  readClaimedParts,
  taskAt,
  unclaimedTasks,
} from "../../src/machinery/loading/read-files.ts";

describe("the files of a reading batch, packed", () => {
  it("gives back each file's path and id, past the size it started with", () => {
    const list = new FileTaskList("/content/questions/");
    // Names in several scripts, long and short: UTF-8 takes 1 to 4 bytes a character.
    const files = Array.from({ length: 50_000 }, (_, index) => {
      const id = index % 3 === 0 ? `q${index}` : `été-漢字-😀-${index}${"x".repeat(index % 40)}`;
      return { name: `${id}.md`, id };
    });
    for (const { name, id } of files) list.add(name, id);
    const tasks = list.packed();
    assert.equal(tasks.count, files.length);
    files.forEach(({ name, id }, index) =>
      assert.deepEqual(taskAt(tasks, index), { path: `/content/questions/${name}`, id }),
    );
  });

  it("crosses to another thread as it is", () => {
    const list = new FileTaskList("/c/");
    list.add("a.md", "a");
    list.add("ü.md", "ü");
    const copied = structuredClone(list.packed());
    assert.deepEqual(taskAt(copied, 1), { path: "/c/ü.md", id: "ü" });
    assert.equal(new FileTaskList("/c/").packed().count, 0);
  });
});

describe("reading the parts of a batch", () => {
  it("tells the thread after each file, not only after each part", () => {
    // The loading thread lets reading threads join as soon as Astro's thread waits: after a
    // part, it would wait up to half a second longer, a part of 500 questions with comments.
    const folder = mkdtempSync(join(tmpdir(), "qa-parts-"));
    try {
      const list = new FileTaskList(folder + sep);
      for (const id of ["a", "b", "c", "d", "e"]) {
        writeFileSync(join(folder, `${id}.md`), id);
        list.add(`${id}.md`, id);
      }
      const reader: FolderReader<{ text: string }, null> = {
        folder: "x",
        noun: "file",
        read: (text) => ({ entry: { text } }),
      };
      const batch = { tasks: list.packed(), settings: null, knownDigests: {}, lookedAt: 0 };
      const parts = { partSize: 2, next: new Int32Array(new SharedArrayBuffer(4)) };
      const heard: string[] = [];
      readClaimedParts(reader, batch, parts, (index) => heard.push(`part ${index}`), {
        afterFile: () => heard.push(`file, ${unclaimedTasks(batch, parts)} unclaimed`),
        betweenParts: () => heard.push("between"),
      });
      assert.deepEqual(heard, [
        ...["file, 3 unclaimed", "file, 3 unclaimed", "part 0", "between"],
        ...["file, 1 unclaimed", "file, 1 unclaimed", "part 1", "between"],
        ...["file, 0 unclaimed", "part 2", "between"],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
