/** A typed array that can be grown (`grown`). */
type GrowableArray = Uint8Array | Uint32Array | Float64Array;

/**
 * A typed array of the same kind as `old`, twice as long or `atLeast` long if that is more,
 * holding `old`'s contents first: how the packed stores of the build (search postings, the
 * entry cache's records, a reading batch's files) make room as they fill.
 */
export function grown<T extends GrowableArray>(old: T, atLeast = 0): T {
  const length = Math.max(2 * old.length, atLeast);
  // A Buffer's own constructor is deprecated (DEP0005: every build that grew one printed a
  // warning); `Buffer.concat` makes the longer Buffer, zero-filled past `old`.
  if (Buffer.isBuffer(old)) return Buffer.concat([old], length) as unknown as T;
  const bigger = new (old.constructor as new (length: number) => T)(length);
  bigger.set(old);
  return bigger;
}
