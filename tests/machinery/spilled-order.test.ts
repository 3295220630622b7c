import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SearchDocument } from "../../src/core/search-index.ts";
import { SpilledDocuments } from "../../src/machinery/store/spilled-order.ts";

describe("the search documents a build spills to disk", () => {
  let work: string;
  before(() => (work = mkdtempSync(join(tmpdir(), "qa-spill-"))));
  after(() => rmSync(work, { recursive: true, force: true }));

  // More documents than one spill file holds, with the characters JSON must escape.
  const documents: SearchDocument[] = Array.from({ length: 60_000 }, (_, rank) => ({
    id: `q${rank}`,
    title: `Title "${rank}" \\ é 漢字 😀 \u2028`,
    titleLine: `Title ${rank} [closed]`,
    tags: rank % 3 === 0 ? [] : ["tag", `t${rank % 7}`],
    bodyWords: rank % 5 === 0 ? "" : `word${rank} other`,
    answerWords: rank % 4 === 0 ? "" : `answer${rank} other answer${rank}`,
  }));
  // File order: every place in the listing once, far from the last one.
  const fileOrder = documents.map((_, index) => (index * 7_919) % documents.length);

  it("come back in listing order, each as it was put, and leave no file behind", () => {
    const directory = join(work, "all");
    const spilled = new SpilledDocuments(directory, documents.length);
    for (const rank of fileOrder) spilled.put(rank, documents[rank] as SearchDocument);
    assert.deepEqual([...spilled.inOrder()], documents);
    spilled.discard();
    assert.deepEqual(readdirSync(directory), []);
  });

  it("leave no file behind when the index stops half way", () => {
    const directory = join(work, "stopped");
    const spilled = new SpilledDocuments(directory, documents.length);
    for (const rank of fileOrder) spilled.put(rank, documents[rank] as SearchDocument);
    for (const document of spilled.inOrder()) if (document.id === "q30000") break;
    spilled.discard();
    assert.deepEqual(readdirSync(directory), []);
  });
});
