import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { formatTable, type Row } from "../../scripts/bench/report.ts";

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
