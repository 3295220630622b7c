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

/** A sorted copy; the input is left as it is. */
export function sortForListing<T extends Orderable>(entries: readonly T[]): T[] {
  return [...entries].sort(compareListingOrder);
}
