/*
 * The word of the index a query's word was probably meant to be, when it finds nothing: the
 * nearest by edit distance, as a search box's "Did you mean" offers it.
 */

/** How far a word may be from what was typed: one edit for short words, two for longer. */
export function allowedEdits(word: string): number {
  return word.length <= 4 ? 1 : 2;
}

/**
 * The number of edits (a letter inserted, deleted or changed, or two neighbours swapped) from
 * `a` to `b`, or `max + 1` once it is sure to be more than `max`: the optimal string alignment
 * distance, row by row, stopping at a row whose every cell is past `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let cell = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        cell = Math.min(cell, (before[j - 2] as number) + 1);
      }
      current.push(cell);
      best = Math.min(best, cell);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] as number, max + 1);
}

/**
 * Among `candidates` (an index's words, each with how many questions hold it), the one nearest
 * to `typed` within `allowedEdits`: fewest edits, then the most questions, then the first in
 * word order. Undefined when none is near enough.
 */
export function nearestWord(
  typed: string,
  candidates: Iterable<readonly [word: string, questions: () => number]>,
): string | undefined {
  const max = allowedEdits(typed);
  let best: { word: string; edits: number; questions: number } | undefined;
  for (const [word, questions] of candidates) {
    if (word === typed || word.length < 3) continue;
    const edits = editDistance(typed, word, best === undefined ? max : Math.min(max, best.edits));
    if (edits > max || (best !== undefined && edits > best.edits)) continue;
    const count = questions();
    if (
      best === undefined ||
      edits < best.edits ||
      count > best.questions ||
      (count === best.questions && word < best.word)
    ) {
      best = { word, edits, questions: count };
    }
  }
  return best?.word;
}
