import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  commentsBudget,
  floorBudget,
  formatTable,
  usersBudget,
  type Row,
} from "../../scripts/bench/report.ts";

const rows: Row[] = [
  {
    name: "ours cold",
    runs: 1,
    wallSeconds: 9,
    cpuSeconds: 12,
    peakMib: 900,
    outMb: 80.5,
    files: 2006,
    questionPages: 2000,
    entries: 2000,
    status: "ok",
  },
  {
    name: "limit",
    runs: 1,
    wallSeconds: 3,
    cpuSeconds: 3.5,
    peakMib: 150,
    outMb: 66.1,
    files: 3272,
    entries: 2000,
    status: "ok",
  },
];

describe("formatTable", () => {
  it("prints the listing table without the page columns", () => {
    assert.equal(
      formatTable(rows),
      [
        "build      runs  wall_s  cpu_s  peak_MB  out_MB  entries  wall/limit  RSS/limit  status",
        "ours cold     1    9.00  12.00      900   80.50     2000       3.00x      6.00x  ok",
        "limit         1    3.00   3.50      150   66.10     2000       1.00x      1.00x  ok",
      ].join("\n"),
    );
  });

  it("adds the files and question pages with pages, a dash where a peer has none", () => {
    assert.equal(
      formatTable(rows, { pages: true }),
      [
        "build      runs  wall_s  cpu_s  peak_MB  out_MB  files  q_pages  entries  wall/limit  RSS/limit  status",
        "ours cold     1    9.00  12.00      900   80.50   2006     2000     2000       3.00x      6.00x  ok",
        "limit         1    3.00   3.50      150   66.10   3272        -     2000       1.00x      1.00x  ok",
      ].join("\n"),
    );
  });
});

describe("commentsBudget", () => {
  const run = (wallSeconds: number, peakMib: number) => ({ wallSeconds, peakKib: peakMib * 1024 });

  it("passes comments that add at most 25% to the cold wall time and 150 MB to its peak", () => {
    const check = commentsBudget([run(100, 1000), run(110, 1010)], [run(90, 950), run(100, 960)]);
    assert.equal(check?.verdict, "PASS");
    assert.match(check?.detail ?? "", /cold wall 1\.1\d*x/);
  });

  it("fails comments that slow the cold build by more than 25%, or add more than 150 MB", () => {
    assert.equal(commentsBudget([run(130, 1000)], [run(100, 1000)])?.verdict, "FAIL");
    // 150 MB is 143 MiB: 150 MiB more is over it.
    assert.equal(commentsBudget([run(100, 1150)], [run(100, 1000)])?.verdict, "FAIL");
    assert.equal(commentsBudget([run(100, 1140)], [run(100, 1000)])?.verdict, "PASS");
  });

  it("says nothing without a pair of finished cold builds", () => {
    assert.equal(commentsBudget([], [run(100, 1000)]), undefined);
  });
});

describe("usersBudget", () => {
  const run = (wallSeconds: number, peakMib: number) => ({ wallSeconds, peakKib: peakMib * 1024 });

  it("passes user pages that add at most 20% to the cold wall time and 150 MB to its peak", () => {
    const check = usersBudget(
      [run(118, 1100), run(121, 1090), run(119, 1095)],
      [run(100, 1000), run(100, 990), run(100, 995)],
    );
    assert.equal(check?.verdict, "PASS");
    assert.match(check?.rule ?? "", /^user pages add at most 20% to the cold wall time and 150 MB/);
    assert.match(check?.detail ?? "", /cold wall 1\.190x \[1\.180-1\.210\], peak \+105 MB/);
  });

  it("fails user pages that slow the cold build by more than 20%, or add more than 150 MB", () => {
    assert.equal(usersBudget([run(121, 1000)], [run(100, 1000)])?.verdict, "FAIL");
    assert.equal(usersBudget([run(100, 1150)], [run(100, 1000)])?.verdict, "FAIL");
    assert.equal(usersBudget([], [run(100, 1000)]), undefined);
  });
});

describe("floorBudget", () => {
  it("passes a cold build at most 1.5x the floor's, by the median of the pairs", () => {
    const check = floorBudget([3, 2.9, 4], [2, 2, 2], 124);
    assert.equal(check?.verdict, "PASS");
    assert.match(check?.rule ?? "", /at most 1.5x a bare Astro build of as many pages \(124\)/);
    assert.match(check?.detail ?? "", /cold wall 1\.50x \[1\.45-2\.00\]/);
  });

  it("fails one over it, and says nothing without a finished pair", () => {
    assert.equal(floorBudget([3.2, 3.1, 3.3], [2, 2, 2], 124)?.verdict, "FAIL");
    assert.equal(floorBudget([3, undefined], [undefined, 2], 124), undefined);
  });
});
