import { it } from "node:test";
import assert from "node:assert/strict";
import { grown } from "../../src/lib/grown-array.ts";

it("grows a typed array to twice its length, or more when asked, its contents first", () => {
  const ends = grown(Float64Array.of(1.5, 2.5), 3);
  assert.ok(ends instanceof Float64Array);
  assert.deepEqual([...ends], [1.5, 2.5, 0, 0]);
  assert.deepEqual([...grown(Uint32Array.of(7), 5)], [7, 0, 0, 0, 0]);
});

it("grows a Buffer as a Buffer, without Buffer's deprecated constructor", (t) => {
  const warn = t.mock.method(process, "emitWarning", () => undefined);
  const bytes = Buffer.from("abc");
  const bigger = grown(bytes, 8);
  assert.ok(Buffer.isBuffer(bigger));
  assert.equal(bigger.length, 8);
  assert.equal(bigger.toString("latin1"), "abc\0\0\0\0\0");
  assert.equal(warn.mock.callCount(), 0, "no DEP0005 warning");
});
