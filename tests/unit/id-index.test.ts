import { it } from "node:test";
import assert from "node:assert/strict";
import { IdIndex } from "../../src/lib/id-index.ts";

/*
 * Ids by row (src/lib/id-index.ts), as the loading thread finds a file's entry and record: what
 * a Map from id to its place in the order added would answer, in less memory.
 */

it("finds each id's row, in the order added, past the size it was made for", () => {
  const index = new IdIndex(4);
  // Ids that differ in one character, as a corpus's q000001, q000002... do.
  const ids = Array.from({ length: 50_000 }, (_, row) => `q${String(row).padStart(6, "0")}`);
  ids.forEach((id, row) => assert.equal(index.add(id), row));
  assert.equal(index.size, ids.length);
  ids.forEach((id, row) => assert.equal(index.rowOf(id), row));
  assert.deepEqual([...index.ids()], ids);
  assert.equal(index.rowOf("q050000"), -1);
  assert.equal(index.has("q"), false);
  // Adding an id it holds gives its row, not a new one.
  assert.equal(index.add("q000007"), 7);
  assert.equal(index.size, ids.length);
});

it("tells apart ids of any script, and the empty id", () => {
  const index = new IdIndex();
  const ids = ["文字", "ünïcödé", "Big Id", "", "a\u0000b", "😀"];
  for (const id of ids) index.add(id);
  ids.forEach((id, row) => {
    assert.equal(index.rowOf(id), row);
    assert.equal(index.idAt(row), id);
  });
  assert.equal(index.has("文"), false);
  assert.equal(index.has("a"), false);
});

it("deletes as a Map does: the id gone from its rows, and added again after the last", () => {
  const index = new IdIndex();
  for (const id of ["a", "b", "c"]) index.add(id);
  assert.equal(index.delete("b"), true);
  assert.equal(index.delete("b"), false);
  assert.equal(index.delete("z"), false);
  assert.equal(index.size, 2);
  assert.equal(index.has("b"), false);
  assert.equal(index.idAt(1), undefined);
  assert.deepEqual([...index.rows()], [0, 2]);
  assert.equal(index.add("b"), 3);
  assert.deepEqual([...index.ids()], ["a", "c", "b"]);
});

it("keeps finding ids through many deletions and additions", () => {
  // Each deletion leaves its slot taken until the table is made again: a table that only
  // counted the ids held would fill up with deleted slots and search without end.
  const index = new IdIndex(4);
  const held = new Map<string, number>();
  for (let round = 0; round < 20_000; round++) {
    const id = `id${round}`;
    held.set(id, index.add(id));
    const gone = `id${round - 3}`;
    if (round >= 3) assert.equal(index.delete(gone), held.delete(gone));
  }
  assert.equal(index.size, held.size);
  for (const [id, row] of held) assert.equal(index.rowOf(id), row);
  assert.deepEqual([...index.ids()], [...held.keys()]);
});
