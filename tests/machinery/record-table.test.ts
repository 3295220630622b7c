import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CachedFile, LineSource } from "../../src/machinery/incremental/entry-cache.ts";
import { RecordTable } from "../../src/machinery/incremental/record-table.ts";
import { shortDigest } from "../../src/machinery/store/short-digest.ts";

/** A line source that only has to be told apart from another. */
function source(name: string): LineSource {
  return { read: () => name };
}

const cacheLog = source("log");
const newLines = source("new");

function record(index: number): CachedFile {
  return {
    digest: shortDigest(`file ${index}`),
    // Null stamps, fractional times and inodes past 2^32 are what real file systems give.
    stamp:
      index % 5 === 0
        ? null
        : [index * 13, 1_700_000_000_123.25 + index, 1_700_000_000_456.5 + index, 2 ** 40 + index],
    stores: index % 2 === 0 ? ["texts/a.txt"] : ["texts/a.txt", "texts/b.txt"],
    line: { lines: index % 3 === 0 ? cacheLog : newLines, at: index * 4_000_000_000, bytes: index },
  };
}

describe("the entry cache's records, packed", () => {
  it("gives back each record as it was set, past the size it was made for", () => {
    const table = new RecordTable(10);
    const ids = Array.from({ length: 1_000 }, (_, index) => `q${index}`);
    ids.forEach((id, index) => table.set(id, record(index)));
    assert.equal(table.size, 1_000);
    ids.forEach((id, index) => assert.deepEqual(table.get(id), record(index)));
    assert.deepEqual([...table.keys()], ids);
    assert.equal(table.get("q1000"), undefined);
    // The same list of stores, the same array, as records from one store always had.
    assert.equal(table.get("q0")?.stores, table.get("q2")?.stores);
    assert.equal(table.get("q3")?.line.lines, cacheLog);
  });

  it("keeps a Map's order: set again in place, deleted and set at the end", () => {
    const table = new RecordTable();
    for (const id of ["a", "b", "c"]) table.set(id, record(1));
    table.set("a", record(2));
    table.delete("b");
    table.set("b", record(3));
    assert.deepEqual([...table.keys()], ["a", "c", "b"]);
    assert.deepEqual(table.get("a"), record(2));
    assert.deepEqual(table.get("b"), record(3));
    assert.equal(table.has("b"), true);
    assert.deepEqual(
      [...table].map(([id, { digest }]) => [id, digest]),
      [
        ["a", record(2).digest],
        ["c", record(1).digest],
        ["b", record(3).digest],
      ],
    );
  });

  it("tells which stores and which line sources its records point into", () => {
    const table = new RecordTable();
    table.set("even", record(2)).set("odd", record(7));
    assert.deepEqual([...table.usedStoreLists()].flat().sort(), [
      "texts/a.txt",
      "texts/a.txt",
      "texts/b.txt",
    ]);
    assert.equal(table.allLinesIn(newLines), true);
    table.set("three", record(3));
    assert.equal(table.allLinesIn(newLines), false);
  });

  it("copies a record from another table as it is (a rebuild keeps an earlier build's)", () => {
    const earlier = new RecordTable();
    earlier.set("q1", record(1)).set("q5", record(5));
    const now = new RecordTable();
    now.set("q2", record(2));
    now.setFrom(earlier, "q5");
    now.setFrom(earlier, "q1");
    assert.deepEqual([...now.keys()], ["q2", "q5", "q1"]);
    assert.deepEqual(now.get("q5"), record(5));
    assert.deepEqual(now.get("q1"), record(1));
    assert.throws(() => now.setFrom(earlier, "q9"), /q9 has no record/);
  });

  it("refuses a digest no build makes, naming the file's id", () => {
    const table = new RecordTable();
    assert.throws(
      () => table.set("q7", { ...record(1), digest: "not a digest" }),
      /record of q7 has a digest/,
    );
    assert.equal(table.has("q7"), false);
  });
});
