import { it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSearchIndex, type RunPostings } from "../../src/core/search-index.ts";
import { SpilledPostings } from "../../src/machinery/store/spilled-postings.ts";

/*
 * The search index's postings set apart on disk a run at a time (src/machinery/store/spilled-postings.ts):
 * read back as they were written, and the index made with them the same bytes.
 */

it("reads each run back as it was written, lines longer than a read and words of any script", () => {
  const directory = mkdtempSync(join(tmpdir(), "spilled-postings-"));
  try {
    const runs = new SpilledPostings(directory);
    const first: RunPostings[] = [
      { word: "c#", postings: "4", last: 0 },
      // Longer than a read (64 KiB), so that a line and a character are cut between reads.
      { word: "common", postings: "4".repeat(200_000), last: 199_999 },
      { word: "ünïcödé", postings: "c", last: 1 },
      { word: "文字", postings: "4w1", last: 250 },
    ];
    const second: RunPostings[] = [{ word: "common", postings: "k", last: 200_001 }];
    runs.add(first);
    runs.add(second);
    const [readFirst, readSecond] = runs.readBack().map((run) => [...run]);
    assert.deepEqual(readFirst, first);
    assert.deepEqual(readSecond, second);
    assert.deepEqual(readdirSync(directory), [], "each file is deleted once read through");
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

it("makes the same index files as postings held whole, and leaves no file behind", () => {
  const directory = mkdtempSync(join(tmpdir(), "spilled-postings-"));
  try {
    const documents = Array.from({ length: 300 }, (_, index) => ({
      id: `q${index}`,
      title: `Question ${index} about topic${index % 17} and ünïcödé`,
      titleLine: `Question ${index}`,
      tags: [`tag${index % 5}`],
      bodyWords: [`often${index % 11}`, `seldom${index % 23}`, "shared", `rare${index}`].join(" "),
      answerWords:
        index % 3 === 0 ? "" : [`often${index % 7}`, "shared", `answered${index}`].join(" "),
    }));
    const spilled = buildSearchIndex(documents, {
      runs: new SpilledPostings(directory),
      postingsPerRun: 100,
    });
    assert.deepEqual(spilled, buildSearchIndex(documents));
    assert.deepEqual(readdirSync(directory), []);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});
