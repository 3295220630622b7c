/**
 * `items` as an async iterable, one item a turn. Astro renders a sync iterable's items in one
 * go, never waiting on anything, so that a page streamed as it renders (src/machinery/astro/
 * render-worker.ts) is all rendered before its first chunk is read, and held whole; between
 * two items of an async one, the reader takes what has been rendered (scripts/bench.md, "Why
 * the constants are what they are").
 */
export async function* inTurns<Item>(items: Iterable<Item>): AsyncGenerator<Item> {
  yield* items;
}
