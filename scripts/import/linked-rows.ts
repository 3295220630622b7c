import { grown } from "../../src/lib/grown-array.ts";

/** The largest post id a linked row can hold in its 4 bytes; Stack Overflow's are under 10^8. */
export const LINKED_ID_LIMIT = 2 ** 32 - 1;

/**
 * PostLinks.xml's linked rows (LinkTypeId 1) as pairs of 4-byte ids: Stack Overflow has
 * millions, which a Map of strings would hold in ten times the memory. Added in file order;
 * once `sort`ed, grouped by PostId with the file's order kept within each group.
 */
export class LinkedRows {
  #sources = new Uint32Array(256);
  #targets = new Uint32Array(256);
  #size = 0;

  /** Adds a row; false when an id is beyond LINKED_ID_LIMIT (no real dump has one). */
  add(source: string, target: string): boolean {
    const [from, to] = [Number(source), Number(target)];
    if (from > LINKED_ID_LIMIT || to > LINKED_ID_LIMIT) return false;
    if (this.#size === this.#sources.length) {
      this.#sources = grown(this.#sources);
      this.#targets = grown(this.#targets);
    }
    this.#sources[this.#size] = from;
    this.#targets[this.#size] = to;
    this.#size++;
    return true;
  }

  /** Groups the rows by PostId, keeping the file's order within a group; once, after adding. */
  sort(): void {
    const sources = this.#sources;
    const order = new Uint32Array(this.#size).map((_, index) => index);
    order.sort((a, b) => (sources[a] ?? 0) - (sources[b] ?? 0) || a - b);
    const [sortedSources, sortedTargets] = [
      new Uint32Array(order.length),
      new Uint32Array(order.length),
    ];
    order.forEach((row, index) => {
      sortedSources[index] = sources[row] ?? 0;
      sortedTargets[index] = this.#targets[row] ?? 0;
    });
    [this.#sources, this.#targets] = [sortedSources, sortedTargets];
  }

  /** The distinct RelatedPostIds of a PostId's rows, in file order (rows sorted). */
  targetsOf(source: string): string[] {
    const id = Number(source);
    let [low, high] = [0, this.#size];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#sources[middle] ?? 0) < id) low = middle + 1;
      else high = middle;
    }
    const targets = new Set<string>();
    for (let row = low; row < this.#size && this.#sources[row] === id; row++) {
      targets.add(String(this.#targets[row]));
    }
    return [...targets];
  }

  /** Each PostId with the RelatedPostIds of its rows, repeats included, in file order. */
  *groups(): Generator<{ source: string; targets: string[] }> {
    let row = 0;
    while (row < this.#size) {
      const source = this.#sources[row];
      const targets: string[] = [];
      for (; row < this.#size && this.#sources[row] === source; row++) {
        targets.push(String(this.#targets[row]));
      }
      yield { source: String(source), targets };
    }
  }
}
