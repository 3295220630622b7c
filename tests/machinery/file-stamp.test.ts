import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  STAMP_SETTLE_MS,
  fileStamp,
  sameFileStamp,
  stampMatches,
  type StampedStats,
} from "../../src/machinery/incremental/file-stamp.ts";

const LOOKED_AT = Date.UTC(2026, 10, 22, 12, 0, 0);
const settled: StampedStats = {
  size: 1234,
  mtimeMs: LOOKED_AT - 60_000.25,
  ctimeMs: LOOKED_AT - 30_000.5,
  ino: 987654,
};

describe("fileStamp", () => {
  it("keeps size, both times and inode of a file last changed well before it was looked at", () => {
    assert.deepEqual(fileStamp(settled, LOOKED_AT), [
      1234,
      LOOKED_AT - 60_000.25,
      LOOKED_AT - 30_000.5,
      987654,
    ]);
  });

  it("keeps none for a file written within the settling time, so the next build reads it", () => {
    const justWritten = { ...settled, mtimeMs: LOOKED_AT - 10, ctimeMs: LOOKED_AT - 10 };
    assert.equal(fileStamp(justWritten, LOOKED_AT), null);
  });

  it("keeps none when only the status changed recently: a time set back by cp -p or touch -d", () => {
    const timeSetBack = { ...settled, ctimeMs: LOOKED_AT - 5 };
    assert.equal(fileStamp(timeSetBack, LOOKED_AT), null);
  });

  it("keeps none for times in the future (another machine's clock ahead of ours)", () => {
    assert.equal(fileStamp({ ...settled, mtimeMs: LOOKED_AT + 60_000 }, LOOKED_AT), null);
  });

  it("draws the line at the settling time", () => {
    const at = (ms: number) => ({ ...settled, mtimeMs: ms, ctimeMs: ms });
    assert.notEqual(fileStamp(at(LOOKED_AT - STAMP_SETTLE_MS), LOOKED_AT), null);
    assert.equal(fileStamp(at(LOOKED_AT - STAMP_SETTLE_MS + 1), LOOKED_AT), null);
  });
});

describe("stampMatches", () => {
  const stamp = fileStamp(settled, LOOKED_AT);
  assert.ok(stamp);

  it("matches the same file, unchanged", () => {
    assert.equal(stampMatches(stamp, { ...settled }), true);
  });

  for (const [change, stats] of [
    ["an edit that changes the size", { ...settled, size: 1235 }],
    ["an edit of the same size", { ...settled, mtimeMs: settled.mtimeMs + 1 }],
    ["a same-size edit with the old time put back", { ...settled, ctimeMs: settled.ctimeMs + 1 }],
    ["another file renamed into place", { ...settled, ino: 987655 }],
  ] as const) {
    it(`tells ${change}`, () => {
      assert.equal(stampMatches(stamp, stats), false);
    });
  }
});

describe("sameFileStamp", () => {
  it("compares stamps by value, and no stamp only equals no stamp", () => {
    assert.equal(sameFileStamp([1, 2, 3, 4], [1, 2, 3, 4]), true);
    assert.equal(sameFileStamp([1, 2, 3, 4], [1, 2, 3, 5]), false);
    assert.equal(sameFileStamp(null, null), true);
    assert.equal(sameFileStamp(null, [1, 2, 3, 4]), false);
    assert.equal(sameFileStamp([1, 2, 3, 4], null), false);
  });
});
