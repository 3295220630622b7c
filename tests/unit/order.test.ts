import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { compareListingOrder, listingRanks, type Orderable } from "../../src/lib/order.ts";
import { parseIsoInstant } from "../../src/lib/iso-instant.ts";

function key(text: string): string {
  const result = parseIsoInstant(text);
  if (!result.ok) throw new Error(result.reason);
  return result.key;
}

/** The entries in listing order, each put at its place (`listingRanks`). */
function sortForListing<Entry extends Orderable>(entries: readonly Entry[]): Entry[] {
  const sorted = new Array<Entry>(entries.length);
  listingRanks(entries).forEach((rank, index) => (sorted[rank] = entries[index] as Entry));
  return sorted;
}

function ids(entries: readonly Orderable[]): string[] {
  return entries.map((entry) => entry.id);
}

describe("listingRanks", () => {
  it("puts the newest asked first", () => {
    const entries = [
      { id: "old", askedKey: key("2023-01-01") },
      { id: "new", askedKey: key("2024-06-01") },
      { id: "mid", askedKey: key("2024-01-01") },
    ];
    assert.deepEqual(ids(sortForListing(entries)), ["new", "mid", "old"]);
  });

  it("compares instants, not the local time written: +02:00 at 16:30 is before Z at 15:00", () => {
    const entries = [
      { id: "a", askedKey: key("2024-03-05T16:30:00+02:00") }, // 14:30 UTC
      { id: "b", askedKey: key("2024-03-05T15:00:00Z") },
    ];
    assert.deepEqual(ids(sortForListing(entries)), ["b", "a"]);
  });

  it("orders by sub-millisecond digits before falling back to the id", () => {
    const entries = [
      { id: "a", askedKey: key("2024-03-05T14:22:10.000001Z") },
      { id: "b", askedKey: key("2024-03-05T14:22:10.000002Z") },
    ];
    assert.deepEqual(ids(sortForListing(entries)), ["b", "a"]);
  });

  it("orders equal instants by id, even when written with different offsets", () => {
    const entries = [
      { id: "zeta", askedKey: key("2024-03-05T14:22:10Z") },
      { id: "alpha", askedKey: key("2024-03-05T16:22:10+02:00") },
    ];
    assert.deepEqual(ids(sortForListing(entries)), ["alpha", "zeta"]);
  });

  it("orders equal instants by id in UTF-16 code-unit order: - < digits < _ < letters, prefix first", () => {
    const asked = key("2024-03-05");
    const entries = ["ab", "a_b", "a0", "a", "a-b", "b"].map((id) => ({ id, askedKey: asked }));
    assert.deepEqual(ids(sortForListing(entries)), ["a", "a-b", "a0", "a_b", "ab", "b"]);
  });

  it("orders equal instants by id as plain strings, so 10 comes before 9", () => {
    const asked = key("2024-03-05");
    const entries = ["q9", "q10", "q1"].map((id) => ({ id, askedKey: asked }));
    assert.deepEqual(ids(sortForListing(entries)), ["q1", "q10", "q9"]);
  });

  it("returns a sorted copy and leaves the input array as it was", () => {
    const entries = [
      { id: "old", askedKey: key("2023-01-01") },
      { id: "new", askedKey: key("2024-06-01") },
    ];
    const before = [...entries];
    const sorted = sortForListing(entries);
    assert.notEqual(sorted, entries);
    assert.deepEqual(entries, before);
    assert.deepEqual(ids(sorted), ["new", "old"]);
  });

  it("gives each entry its own place, the first in the folder not always the first listed", () => {
    const entries = [
      { id: "a", askedKey: key("2023-01-01") },
      { id: "b", askedKey: key("2025-01-01") },
      { id: "c", askedKey: key("2024-01-01") },
    ];
    assert.deepEqual([...listingRanks(entries)], [2, 0, 1]);
  });

  it("an empty list stays empty", () => {
    assert.deepEqual(sortForListing([]), []);
  });
});

describe("compareListingOrder", () => {
  it("is negative when the first is newer, positive when older, zero for the same entry", () => {
    const newer = { id: "a", askedKey: key("2024-06-01") };
    const older = { id: "b", askedKey: key("2023-06-01") };
    assert.equal(Math.sign(compareListingOrder(newer, older)), -1);
    assert.equal(Math.sign(compareListingOrder(older, newer)), 1);
    assert.equal(compareListingOrder(newer, { ...newer }), 0);
  });
});
