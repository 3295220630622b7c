/** Ids up to this go in the bitset (32 MB at most); Stack Overflow's are under 100 million. */
const BITSET_LIMIT = 2 ** 28;

/**
 * A set of post ids (positive whole numbers, as text), one bit per id up to the highest seen:
 * the import can remember every question and answer it wrote in 10 MB for Stack Overflow's
 * ~80 million ids, where a Set of them would take gigabytes. Larger ids, which no real dump
 * has, go to a plain Set.
 */
export class IdSet {
  #bits = new Uint8Array(1 << 12);
  readonly #large = new Set<string>();

  add(id: string): void {
    const n = Number(id);
    if (!Number.isInteger(n) || n < 0 || n >= BITSET_LIMIT) {
      this.#large.add(id);
      return;
    }
    const byte = n >>> 3;
    if (byte >= this.#bits.length) {
      let length = this.#bits.length;
      while (length <= byte) length *= 2;
      const grown = new Uint8Array(length);
      grown.set(this.#bits);
      this.#bits = grown;
    }
    this.#bits[byte] = (this.#bits[byte] ?? 0) | (1 << (n & 7));
  }

  has(id: string): boolean {
    const n = Number(id);
    if (!Number.isInteger(n) || n < 0 || n >= BITSET_LIMIT) return this.#large.has(id);
    return (((this.#bits[n >>> 3] ?? 0) >> (n & 7)) & 1) === 1;
  }

  /** Every id in the set: those of the bitset in numeric order, then the others. */
  *values(): Generator<string> {
    for (const [byte, bits] of this.#bits.entries()) {
      if (bits === 0) continue;
      for (let bit = 0; bit < 8; bit++) if ((bits >> bit) & 1) yield String(byte * 8 + bit);
    }
    yield* this.#large;
  }
}
