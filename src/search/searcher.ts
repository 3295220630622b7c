import {
  INDEX_FORMAT,
  type PostText,
  type QuestionRecord,
  type SearchManifest,
  type TextChunk,
  type WordChunk,
} from "../lib/search/index-format.ts";
import { decodePostings, type Postings } from "../lib/search/postings.ts";
import { rankQuestions, type TermPostings } from "../lib/search/rank.ts";
import { nearestWord } from "../lib/search/nearest-word.ts";
import { parseQuery, SHORTEST_PREFIX, withoutTrailingS } from "../lib/search/words.ts";

/**
 * Where the index's files come from: script files in the reader's browser
 * (src/search/client.ts), the built files themselves in tests.
 */
export interface IndexSource {
  manifest(): Promise<SearchManifest>;
  /** The data of the chunk named `name` (a word chunk or a question chunk). */
  chunk(name: string): Promise<unknown>;
}

/** What a query found: how many questions hold it, in rank order (listing positions). */
export interface Found {
  /** The words looked for (stop words dropped), each with the words it begins. */
  words: string[];
  /** Every matching question, best first, as its position in the listing. */
  questions: number[];
  /**
   * When nothing matches because a word is in no question: the words again, each such word
   * replaced by the nearest word the index holds (`nearestWord`), when every one has one.
   */
  suggestion?: string[];
}

/** The index behind `source` as a searcher reads it, each chunk loaded and decoded once. */
function indexReader(source: IndexSource) {
  let manifest: Promise<SearchManifest> | undefined;
  const chunks = new Map<string, Promise<unknown>>();
  const wordChunks = new Map<string, Promise<Map<string, string>>>();
  const decoded = new Map<string, Postings>();

  const theManifest = () => (manifest ??= source.manifest().then(checkedFormat));
  const loadChunk = (name: string) => once(chunks, name, () => source.chunk(name));
  const wordsOfChunk = (name: string) =>
    once(wordChunks, name, async () => {
      const list = (await loadChunk(name)) as WordChunk;
      const byWord = new Map<string, string>();
      for (let index = 0; index + 1 < list.length; index += 2) {
        byWord.set(list[index] as string, list[index + 1] as string);
      }
      return byWord;
    });
  const postingsOf = (word: string, encoded: string) => {
    let postings = decoded.get(word);
    if (postings === undefined) {
      postings = decodePostings(encoded);
      decoded.set(word, postings);
    }
    return postings;
  };

  /** The postings of `word`, and of every longer word beginning with it when `asPrefix`. */
  const lookUp = async (word: string, asPrefix: boolean): Promise<TermPostings> => {
    const { wordChunks: chunkList } = await theManifest();
    const names = chunksHolding(chunkList, word, asPrefix);
    const term: { exact?: Postings; longer: Postings[] } = { longer: [] };
    for (const byWord of await Promise.all(names.map(wordsOfChunk))) {
      const encoded = byWord.get(word);
      if (encoded !== undefined) term.exact = postingsOf(word, encoded);
      if (!asPrefix) continue;
      for (const [candidate, encoded] of byWord) {
        if (candidate !== word && candidate.startsWith(word)) {
          term.longer.push(postingsOf(candidate, encoded));
        }
      }
    }
    return term;
  };

  /**
   * A query's word as a term: its own postings, and those of the word it may be a possessive
   * of (`withoutTrailingS`), read as that possessive would be, as a prefix.
   */
  const termOf = async (word: string): Promise<TermPostings> => {
    const term = await lookUp(word, word.length >= SHORTEST_PREFIX);
    const base = withoutTrailingS(word);
    if (base === undefined) return term;
    // Read as `shor's` is: the word and every word it begins.
    const { exact, longer } = await lookUp(base, true);
    const possessive = exact === undefined ? longer : [exact, ...longer];
    return { ...term, longer: [...term.longer, ...possessive] };
  };

  /** The index's word nearest to `word`, from the word chunks around where it would be. */
  const nearestIndexed = async (word: string): Promise<string | undefined> => {
    const { wordChunks: chunkList } = await theManifest();
    const [name] = chunksHolding(chunkList, word, false);
    const at = chunkList.findIndex(([, chunk]) => chunk === name);
    const around = chunkList.slice(Math.max(at - 1, 0), at + 2).map(([, chunk]) => chunk);
    const candidates = (await Promise.all(around.map(wordsOfChunk))).flatMap((byWord) =>
      [...byWord].map(
        ([candidate, encoded]) =>
          [candidate, () => postingsOf(candidate, encoded).questions.length] as const,
      ),
    );
    return nearestWord(word, candidates);
  };

  return { theManifest, loadChunk, lookUp, termOf, nearestIndexed };
}

/**
 * Searches the index behind `source`, loading each chunk the first time a query needs it and
 * keeping what it loaded (and decoded) for the next keystrokes.
 */
export function createSearcher(source: IndexSource): {
  /** Loads the manifest, which every query needs first. */
  prepare(): Promise<void>;
  find(query: string): Promise<Found>;
  records(questions: readonly number[]): Promise<QuestionRecord[]>;
  /** The posts' text of each of `questions`, whose `records` those are; none without text. */
  posts(questions: readonly number[], records: readonly QuestionRecord[]): Promise<PostText[][]>;
} {
  const { theManifest, loadChunk, termOf, nearestIndexed } = indexReader(source);

  return {
    async prepare() {
      await theManifest();
    },
    async find(query) {
      const { words } = parseQuery(query);
      const found: Found = { words, questions: [] };
      if (words.length === 0) return found;
      const { questions: questionCount } = await theManifest();
      const terms = await Promise.all(words.map(termOf));
      const missing = terms.map(({ exact, longer }) => exact === undefined && longer.length === 0);
      // A term found nowhere: nothing holds every term, and nothing need be ranked; the nearest
      // words the index holds may be what was meant.
      if (missing.some(Boolean)) {
        const replaced = await Promise.all(
          words.map((word, at) => (missing[at] ? nearestIndexed(word) : word)),
        );
        if (replaced.every((word) => word !== undefined)) found.suggestion = replaced;
        return found;
      }
      found.questions = rankQuestions(terms, questionCount);
      return found;
    },
    async records(questions) {
      const { questionChunks, questionsPerChunk } = await theManifest();
      const chunkOf = (question: number) =>
        questionChunks[Math.floor(question / questionsPerChunk)] as string;
      const loaded = new Map(
        await Promise.all(
          [...new Set(questions.map(chunkOf))].map(
            async (name) => [name, (await loadChunk(name)) as QuestionRecord[]] as const,
          ),
        ),
      );
      return questions.map(
        (question) =>
          loaded.get(chunkOf(question))?.[question % questionsPerChunk] as QuestionRecord,
      );
    },
    async posts(questions, records) {
      const { questionsPerTextChunk } = await theManifest();
      return Promise.all(
        questions.map(async (question, at) => {
          const name = records[at]?.[3];
          if (name === undefined) return [];
          const chunk = (await loadChunk(name)) as TextChunk;
          return chunk[question % questionsPerTextChunk] ?? [];
        }),
      );
    },
  };
}

/**
 * The manifest, if the index is of the format this script reads: a browser may hold the script
 * of one build and load the index of another.
 */
function checkedFormat(manifest: SearchManifest): SearchManifest {
  if (manifest.format !== INDEX_FORMAT) {
    throw new Error(
      `the site's index is of format ${String(manifest.format)}, and this page reads format ${INDEX_FORMAT}; reload the page`,
    );
  }
  return manifest;
}

/**
 * The names of the word chunks that can hold `word` (one), or every word it begins when
 * `asPrefix` (the chunk it would fall in, and each following chunk whose first word it
 * begins). `chunks` is the manifest's list, in word order.
 */
export function chunksHolding(
  chunks: SearchManifest["wordChunks"],
  word: string,
  asPrefix: boolean,
): string[] {
  // The last chunk whose first word is not after `word`.
  let low = 0;
  let high = chunks.length - 1;
  let at = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((chunks[middle] as [string, string])[0] <= word) {
      at = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const names: string[] = at >= 0 ? [(chunks[at] as [string, string])[1]] : [];
  if (!asPrefix) return names;
  for (let next = at + 1; next < chunks.length; next++) {
    const [first, name] = chunks[next] as [string, string];
    if (!first.startsWith(word)) break;
    names.push(name);
  }
  return names;
}

/**
 * What `load` gives for `key`, asked for once and kept in `kept`; one that failed is forgotten,
 * so that the next query tries again.
 */
function once<Value>(
  kept: Map<string, Promise<Value>>,
  key: string,
  load: () => Promise<Value>,
): Promise<Value> {
  let loading = kept.get(key);
  if (loading === undefined) {
    loading = load();
    loading.catch(() => kept.delete(key));
    kept.set(key, loading);
  }
  return loading;
}
