/**
 * A small seeded random source (SplitMix32 for seeding, xoshiro128** for the stream), so that a
 * corpus is the same on every machine and Node version. `Math.random` cannot be seeded.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [lo, hi], both included. */
  between(lo: number, hi: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A standard normal deviate (Box-Muller). */
  gaussian(): number;
}

/** Mixes any number of 32-bit integers into one well-spread 32-bit seed. */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193) >>> 0;
    h = splitMix32(h);
  }
  return h;
}

function splitMix32(x: number): number {
  let z = (x + 0x9e3779b9) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad) >>> 0;
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97) >>> 0;
  return (z ^ (z >>> 15)) >>> 0;
}

/** A random stream for one seed; each question gets its own, so it does not depend on the others. */
export function createRandom(seed: number): Random {
  // xoshiro128** state, filled from the seed by SplitMix32.
  let s0 = splitMix32(seed);
  let s1 = splitMix32(s0);
  let s2 = splitMix32(s1);
  let s3 = splitMix32(s2) | 1;
  const nextUint = (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
  const next = (): number => nextUint() / 4294967296;
  const between = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    between,
    pick: <T>(list: readonly T[]): T => list[between(0, list.length - 1)] as T,
    chance: (p) => next() < p,
    gaussian: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
