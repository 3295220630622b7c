import type { ListedQuestion } from "./listed-question.ts";
import { isDigestedText, type StoredQuestionPage } from "../store/text-store.ts";

/*
 * The questions as the loading thread hands them to Astro's thread (early-load.ts): a part at
 * a time, each part one JSON text of rows, with the stores their pages are set apart in named
 * once. Astro's thread holds the texts as they come and makes the questions of them only once
 * the loading thread has built the search index and given back its heap. Taken as objects as
 * they came, they were held while the loading thread, at its heap limit, derived the pages:
 * the build's peak (scripts/bench.md, "Why the constants are what they are").
 */

/** A part of the questions, packed (`packQuestions`), and the place in the listing of each. */
export interface PackedQuestions {
  /** JSON: `[stores, rows]`, each row `PackedRow`. */
  text: string;
  ranks: Uint32Array;
}

/** A question whose page is set apart, as a build's load hands it over. */
export type StoredQuestion = ListedQuestion & { page: StoredQuestionPage };

/**
 * One question: its id, tags, listing digest and tab facts, and its page's store (by number),
 * place and digest, and how much of it is the listing's entry.
 */
type PackedRow = [
  id: string,
  tags: string[],
  listingDigest: string,
  score: number,
  active: number,
  answered: 0 | 1,
  store: number,
  at: number,
  bytes: number,
  digest: string,
  entryBytes: number,
];

/** Packs `questions`, whose places in the listing are `ranks`. */
export function packQuestions(
  questions: readonly StoredQuestion[],
  ranks: readonly number[],
): PackedQuestions {
  const stores: string[] = [];
  const storeNumber = new Map<string, number>();
  const rows = questions.map(({ id, tags, listingDigest, facts, page }): PackedRow => {
    let store = storeNumber.get(page.store);
    if (store === undefined) {
      store = stores.push(page.store) - 1;
      storeNumber.set(page.store, store);
    }
    const { score, active, answered } = facts;
    const packed = [id, tags, listingDigest, score, active, answered ? 1 : 0] as const;
    return [...packed, store, page.at, page.bytes, page.digest, page.entryBytes];
  });
  return { text: JSON.stringify([stores, rows]), ranks: Uint32Array.from(ranks) };
}

/**
 * The questions `packQuestions` packed, as they were. Each tag and store is passed through
 * `share`, which may hand back a string held already: a million questions repeat a few
 * thousand tags and a handful of stores.
 */
export function unpackQuestions(
  { text }: PackedQuestions,
  share: (text: string) => string,
): StoredQuestion[] {
  const [stores, rows] = JSON.parse(text) as [string[], PackedRow[]];
  const shared = stores.map(share);
  return rows.map((row) => {
    const [id, tags, listingDigest, score, active, answered, store, at, bytes, digest, entryBytes] =
      row;
    // The parsed list itself, its tags shared in place: a copy apiece was a million lists made
    // to be thrown away as a million questions were unpacked.
    tags.forEach((tag, index) => (tags[index] = share(tag)));
    const page = { store: shared[store] as string, at, bytes, digest, entryBytes };
    const facts = { score, active, answered: answered === 1 };
    return { id, tags, listingDigest, facts, page };
  });
}

/** Whether a question's page was set apart (a build's load sets each one apart). */
export function isStoredQuestion(question: ListedQuestion): question is StoredQuestion {
  return isDigestedText(question.page);
}
