/** What ordering needs of an entry: its id and the sort key of its `asked` instant. */
export interface Orderable {
  id: string;
  askedKey: string;
}

/**
 * Listing order: newest `asked` first; equal instants by id in plain string order
 * (UTF-16 code units, as `<` compares strings, not locale-aware collation).
 */
export function compareListingOrder(a: Orderable, b: Orderable): number {
  if (a.askedKey !== b.askedKey) return a.askedKey > b.askedKey ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/** The place in the listing (0 first) of each of `entries`, by their index; they stay as they are. */
export function listingRanks(entries: readonly Orderable[]): Uint32Array {
  const byListing = entries.map((_, index) => index);
  byListing.sort((a, b) => compareListingOrder(entries[a] as Orderable, entries[b] as Orderable));
  const ranks = new Uint32Array(entries.length);
  byListing.forEach((index, rank) => (ranks[index] = rank));
  return ranks;
}
