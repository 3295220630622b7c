import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FileTaskList, taskAt } from "../../src/machinery/loading/read-files.ts";

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
