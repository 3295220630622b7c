/**
 * Ids, each with a number: its place in the order the ids were added (its row). Found by a hash
 * of their own in a table of 32-bit numbers, rather than by a Map or Set of strings: the loading
 * thread held each file's id in a Set (the folder's files) and a Map (the entry cache's records),
 * 68 bytes a file of hash tables at 300,000 questions (a heap snapshot). Here an id costs its
 * slot in a list of the strings and the table's slots, kept at most half full: 20 to 24 bytes
 * there.
 */
export class IdIndex {
  /** Each row's id; undefined for a row deleted. */
  readonly #ids: (string | undefined)[] = [];
  /** Open addressing: a row plus one, `EMPTY`, or `DELETED`. */
  #slots: Int32Array;
  #size = 0;
  /** Slots not empty: those of ids and those of ids deleted. */
  #taken = 0;

  /** `expected`: how many ids it will likely hold (it grows past that when it must). */
  constructor(expected = 16) {
    this.#slots = new Int32Array(slotCountFor(expected));
  }

  /** How many ids it holds. */
  get size(): number {
    return this.#size;
  }

  /** The row of `id`, or -1. */
  rowOf(id: string): number {
    const at = this.#slotOf(id);
    return at === -1 ? -1 : (this.#slots[at] as number) - 1;
  }

  has(id: string): boolean {
    return this.#slotOf(id) !== -1;
  }

  /**
   * The row of `id`, a new one after the last if it has none: one search of the table, which
   * goes on past deleted slots to an empty one, and takes the first free slot it passed.
   */
  add(id: string): number {
    if ((this.#taken + 1) * 2 > this.#slots.length) this.#rehash();
    const slots = this.#slots;
    const mask = slots.length - 1;
    let free = -1;
    let at = hashOf(id) & mask;
    for (; ; at = (at + 1) & mask) {
      const slot = slots[at] as number;
      if (slot === EMPTY) break;
      if (slot === DELETED) {
        if (free === -1) free = at;
      } else if (this.#ids[slot - 1] === id) return slot - 1;
    }
    if (free === -1) {
      free = at;
      this.#taken++;
    }
    const row = this.#ids.push(id) - 1;
    slots[free] = row + 1;
    this.#size++;
    return row;
  }

  /** Takes `id` out; its row is not given out again (an id added again gets a new one). */
  delete(id: string): boolean {
    const at = this.#slotOf(id);
    if (at === -1) return false;
    const row = (this.#slots[at] as number) - 1;
    this.#slots[at] = DELETED;
    this.#ids[row] = undefined;
    this.#size--;
    return true;
  }

  /** The id of `row`, or undefined if it was deleted. */
  idAt(row: number): string | undefined {
    return this.#ids[row];
  }

  /** The ids held, in the order they were added. */
  *ids(): IterableIterator<string> {
    for (const id of this.#ids) if (id !== undefined) yield id;
  }

  /** The rows of the ids held, in order. */
  *rows(): IterableIterator<number> {
    const ids = this.#ids;
    for (let row = 0; row < ids.length; row++) if (ids[row] !== undefined) yield row;
  }

  /** Where in the table `id` is, or -1. */
  #slotOf(id: string): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let at = hashOf(id) & mask; ; at = (at + 1) & mask) {
      const slot = slots[at] as number;
      if (slot === EMPTY) return -1;
      if (slot !== DELETED && this.#ids[slot - 1] === id) return at;
    }
  }

  /** Puts `row`'s id in the first empty slot from its hash on (a table made anew has no other). */
  #place(id: string, row: number): void {
    const slots = this.#slots;
    const mask = slots.length - 1;
    let at = hashOf(id) & mask;
    while (slots[at] !== EMPTY) at = (at + 1) & mask;
    slots[at] = row + 1;
  }

  /** A table for twice the ids held and the one to come, without the deleted ones' slots. */
  #rehash(): void {
    this.#slots = new Int32Array(slotCountFor(2 * (this.#size + 1)));
    this.#taken = this.#size;
    this.#ids.forEach((id, row) => {
      if (id !== undefined) this.#place(id, row);
    });
  }
}

const EMPTY = 0;
const DELETED = -1;

/** A power of two at least twice `ids`, so the table is at most half full. */
function slotCountFor(ids: number): number {
  return 2 ** Math.max(4, Math.ceil(Math.log2(Math.max(ids, 1) * 2)));
}

/**
 * FNV-1a over the UTF-16 code units, then MurmurHash3's finalizer: FNV's multiplications carry
 * changes only upwards, and the table takes the low bits, so ids that differ in one character
 * (q000001, q000002...) would land in runs of neighbouring slots.
 */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
