import { it } from "node:test";
import assert from "node:assert/strict";
import { handOverEarlyLoad, takeEarlyLoad } from "../../src/loaders/early-load.ts";
import type { LoadOutcome } from "../../src/loaders/load-questions.ts";

it("hands an early load to the loader of the same folder and cache, once", async () => {
  const outcome: Promise<LoadOutcome> = Promise.resolve({ problems: [] });
  handOverEarlyLoad("/site/content", "/cache/entries.ndjson", outcome);
  assert.equal(takeEarlyLoad("/other/content", "/cache/entries.ndjson"), undefined);
  assert.equal(takeEarlyLoad("/site/content", "/other/entries.ndjson"), undefined);
  assert.equal(takeEarlyLoad("/site/content", "/cache/entries.ndjson"), outcome);
  // The dev server's next request must read the files as they are then.
  assert.equal(takeEarlyLoad("/site/content", "/cache/entries.ndjson"), undefined);
});
