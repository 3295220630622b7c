import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { combinePeerRuns, parsePeerLine } from "../../scripts/bench/peers.ts";

// Lines exactly as run-peers.sh's printf writes them.
const LISTING = "limit        1     1.15  (1.15..1.15)    1.52      124    3.56    10000  ok";
const PAGES =
  "limit        1     4.49  (4.49..4.49)    5.18      176   66.10    11944    10000  ok";
const SKIPPED =
  "eleventy     0                      -       -        -       -        -        -  skipped: no --pages mode";
const TIMEOUT =
  "hugo         1   900.01 (900.01..900.01)   12.00     1701       -        -        -  timeout after 900s";

describe("parsePeerLine", () => {
  it("reads a listing line, without a files column", () => {
    assert.deepEqual(parsePeerLine(LISTING), {
      peer: "limit",
      runs: 1,
      wallSeconds: 1.15,
      wallRange: "1.15..1.15",
      cpuSeconds: 1.52,
      peakMib: 124,
      outMb: 3.56,
      entries: 10000,
      status: "ok",
    });
  });

  it("reads a --pages line, whose files column comes before the entries", () => {
    assert.deepEqual(parsePeerLine(PAGES, true), {
      peer: "limit",
      runs: 1,
      wallSeconds: 4.49,
      wallRange: "4.49..4.49",
      cpuSeconds: 5.18,
      peakMib: 176,
      outMb: 66.1,
      files: 11944,
      entries: 10000,
      status: "ok",
    });
  });

  it("reads a peer that --pages skipped as no run, with run-peers.sh's reason", () => {
    const skipped = parsePeerLine(SKIPPED, true);
    assert.equal(skipped.peer, "eleventy");
    assert.equal(skipped.runs, 0);
    assert.equal(skipped.wallSeconds, undefined);
    assert.equal(skipped.status, "skipped: no --pages mode");
  });

  it("keeps a failed --pages run's status, without its times", () => {
    const failed = parsePeerLine(TIMEOUT, true);
    assert.equal(failed.wallSeconds, undefined);
    assert.equal(failed.peakMib, 1701);
    assert.equal(failed.files, undefined);
    assert.equal(failed.status, "timeout after 900s");
  });

  it("refuses a line it cannot read", () => {
    assert.throws(() => parsePeerLine("limit"), /cannot read/);
  });
});

describe("combinePeerRuns", () => {
  it("keeps the files of the last run and counts the runs", () => {
    const second = PAGES.replace("4.49  (4.49..4.49)", "4.10  (4.10..4.10)");
    const combined = combinePeerRuns([parsePeerLine(PAGES, true), parsePeerLine(second, true)]);
    assert.equal(combined.runs, 2);
    assert.equal(combined.wallSeconds, 4.1);
    assert.equal(combined.files, 11944);
  });

  it("counts no run for a skipped peer", () => {
    const combined = combinePeerRuns([parsePeerLine(SKIPPED, true)]);
    assert.equal(combined.runs, 0);
    assert.equal(combined.status, "skipped: no --pages mode");
  });
});
