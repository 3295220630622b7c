/** A typed array that can be grown (`grown`). */
type GrowableArray = Uint8Array | Uint32Array | Float64Array;

/**
 * A typed array of the same kind as `old`, twice as long or `atLeast` long if that is more,
 * holding `old`'s contents first: how the packed stores of the build (search postings, the
 * entry cache's records, a reading batch's files) make room as they fill.
 */
export function grown<T extends GrowableArray>(old: T, atLeast = 0): T {
  const bigger = new (old.constructor as new (length: number) => T)(
    Math.max(2 * old.length, atLeast),
  );
  bigger.set(old);
  return bigger;
}
