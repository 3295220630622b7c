import { it } from "node:test";
import assert from "node:assert/strict";
import { inTurns } from "../../src/lib/in-turns.ts";

it("is iterated by Astro as an async iterable, never as a sync one", () => {
  // Astro renders a child with Symbol.iterator in one go (renderIterable), and one with only
  // Symbol.asyncIterator an item a turn (renderAsyncIterable), which lets a streamed page's
  // reader write what is rendered between two items.
  const items = inTurns([1, 2]);
  assert.equal(Symbol.asyncIterator in items, true);
  assert.equal(Symbol.iterator in items, false);
});

it("yields every item once, in order, and nothing for none", async () => {
  const taken: number[] = [];
  for await (const item of inTurns(new Set([3, 1, 2]))) taken.push(item);
  assert.deepEqual(taken, [3, 1, 2]);
  for await (const item of inTurns([])) assert.fail(`nothing to yield, got ${String(item)}`);
});
