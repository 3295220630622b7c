import { indexWords } from "../../src/lib/search/words.ts";
import { createRandom } from "../bench/prng.ts";
import type { BenchDocument } from "./documents.ts";

/** The kinds of query a reader types, each a sixth of the set. */
export type QueryKind =
  "tag" | "title word" | "body word" | "two words" | "prefix" | "word + prefix";

export interface BenchQuery {
  kind: QueryKind;
  /** As typed: the last word is read as still being typed (a prefix) by every engine. */
  text: string;
}

/**
 * Plain lower-case words of 3 letters or more, which every engine's tokenizer cuts and folds
 * alike, and which none reads as too short to be a prefix (ours takes no one-letter prefix).
 */
const PLAIN = /^[a-z][a-z0-9]{2,}$/;
const PLAIN_TAG = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * About 30 realistic queries drawn from the corpus, the same for every engine: the most common
 * tag names; title words and body-only words of falling frequency (common to rare); two words
 * of one question (a title word and one of its tags); prefixes of 2 to 5 letters of common
 * title words; and a whole word followed by a prefix. Deterministic for a corpus and a seed.
 */
export function pickQueries(documents: readonly BenchDocument[], seed: number): BenchQuery[] {
  const random = createRandom(seed);
  const tagCount = new Map<string, number>();
  const titleCount = new Map<string, number>();
  const bodyCount = new Map<string, number>();
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const inTitleOrTags = new Set<string>();
  for (const { title, tags, bodyWords } of documents) {
    for (const tag of tags) count(tagCount, tag);
    for (const word of indexWords(title)) {
      count(titleCount, word);
      inTitleOrTags.add(word);
    }
    for (const word of indexWords(tags.join(" "))) inTitleOrTags.add(word);
    for (const word of bodyWords.split(" ")) if (word !== "") count(bodyCount, word);
  }
  const byFrequency = (map: Map<string, number>, keep: (word: string) => boolean) =>
    [...map]
      .filter(([word]) => keep(word))
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .map(([word]) => word);
  // Ranks spread from the most common to the rare (fractions of the list), so that result
  // counts span a wide range.
  const spread = (list: string[]) =>
    [...new Set([0, 0.02, 0.1, 0.3, 0.6].map((at) => list[Math.floor(at * list.length)]))].filter(
      (word): word is string => word !== undefined,
    );

  const tags = byFrequency(tagCount, (tag) => PLAIN_TAG.test(tag)).slice(0, 5);
  const titleWords = byFrequency(titleCount, (word) => PLAIN.test(word) && word.length >= 4);
  const bodyOnly = byFrequency(
    bodyCount,
    (word) => PLAIN.test(word) && word.length >= 4 && !inTitleOrTags.has(word),
  );
  const twoWords: string[] = [];
  for (let attempt = 0; twoWords.length < 5 && attempt < 1000; attempt++) {
    const document = random.pick(documents);
    const words = indexWords(document.title).filter((w) => PLAIN.test(w));
    const tags = document.tags.filter((t) => PLAIN.test(t));
    if (words.length === 0 || tags.length === 0) continue;
    const word = random.pick(words);
    const tag = random.pick(tags);
    if (word !== tag) twoWords.push(`${word} ${tag}`);
  }
  const common = titleWords.filter((word) => word.length >= 6);
  const prefixes = [2, 3, 3, 4, 5].map((length, at) => common[at * 3]?.slice(0, length));
  const wordAndPrefix: string[] = [];
  const prefixLengths = [2, 3, 4, 5, 3];
  for (let attempt = 0; wordAndPrefix.length < 5 && attempt < 1000; attempt++) {
    const length = prefixLengths[wordAndPrefix.length] as number;
    const [first, second] = indexWords(random.pick(documents).title).filter((w) => PLAIN.test(w));
    if (first !== undefined && second !== undefined && second.length > length) {
      wordAndPrefix.push(`${first} ${second.slice(0, length)}`);
    }
  }

  const of = (kind: QueryKind, texts: (string | undefined)[]): BenchQuery[] =>
    texts.flatMap((text) => (text === undefined ? [] : [{ kind, text }]));
  return [
    ...of("tag", tags),
    ...of("title word", spread(titleWords)),
    ...of("body word", spread(bodyOnly)),
    ...of("two words", twoWords),
    ...of("prefix", prefixes),
    ...of("word + prefix", wordAndPrefix),
  ];
}

/**
 * The queries each typed on a fresh page: one per kind that loads differently (a tag name, two
 * words, a two-letter prefix).
 */
export function coldQueries(queries: readonly BenchQuery[]): BenchQuery[] {
  const first = (kind: QueryKind) => queries.find((query) => query.kind === kind);
  return [first("tag"), first("two words"), first("prefix")].filter(
    (query): query is BenchQuery => query !== undefined,
  );
}
