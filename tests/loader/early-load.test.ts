import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { handOverEarlyLoad, startEarlyLoad, takeEarlyLoad } from "../../src/loaders/early-load.ts";
import { projectRoot } from "../../src/project-paths.ts";
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

describe("startEarlyLoad", () => {
  const loadWorker = join(projectRoot, "src/loaders/load-worker.ts");
  const basic = join(projectRoot, "tests/fixtures/basic/content");
  const ordering = join(projectRoot, "tests/fixtures/ordering/content");
  let cacheDir: string;
  before(() => (cacheDir = mkdtempSync(join(tmpdir(), "qa-early-load-"))));
  after(() => rmSync(cacheDir, { recursive: true, force: true }));

  it("keeps a load already under way for the same folders rather than starting another", async () => {
    // As `npm run build` starts it, then Astro's integration asks again.
    const cacheFile = join(cacheDir, "same.ndjson");
    const first = startEarlyLoad(loadWorker, basic, cacheFile);
    const again = startEarlyLoad(loadWorker, basic, cacheFile);
    assert.equal(again.finished, first.finished);
    const outcome = await takeEarlyLoad(basic, cacheFile);
    assert.ok(outcome && "entries" in outcome, JSON.stringify(outcome));
    assert.equal(outcome.entries.size, readdirSync(join(basic, "questions")).length);
    await first.finished;
  });

  it("stops a load started for other folders, says so, and loads the ones asked for", async (t) => {
    const warn = t.mock.method(console, "warn", () => undefined);
    const guessed = startEarlyLoad(loadWorker, basic, join(cacheDir, "guessed.ndjson"));
    const cacheFile = join(cacheDir, "asked.ndjson");
    const asked = startEarlyLoad(loadWorker, ordering, cacheFile);
    assert.notEqual(asked.finished, guessed.finished);
    assert.match(String(warn.mock.calls[0]?.arguments[0]), /loading again/);
    // Stopped: it ends without loading, nor writing an entry cache nobody asked for.
    await guessed.finished;
    assert.equal(existsSync(join(cacheDir, "guessed.ndjson")), false);
    assert.equal(takeEarlyLoad(basic, join(cacheDir, "guessed.ndjson")), undefined);
    const outcome = await takeEarlyLoad(ordering, cacheFile);
    assert.ok(outcome && "entries" in outcome, JSON.stringify(outcome));
    assert.equal(outcome.entries.size, readdirSync(join(ordering, "questions")).length);
    await asked.finished;
  });
});
