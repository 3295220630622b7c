/*
 * How the bench configures each library, shared by the Node side that builds and serializes the
 * index (libraries.ts) and the page side that loads it back (page/), which must agree: neither
 * library writes its options into its serialized index.
 */
import type { Options as MiniSearchOptions } from "minisearch";
import type { IndexOptions } from "flexsearch";
import { STOP_WORDS } from "../../src/lib/search/words.ts";

/** A question as MiniSearch indexes and stores it. */
export interface MiniSearchDocument {
  /** Its listing position. */
  id: number;
  /** Its id in the site (for the link); stored. */
  qid: string;
  titleLine: string;
  tagList: string[];
  title: string;
  /** The tags, space-separated: MiniSearch's tokenizer takes text. */
  tags: string;
  body: string;
}

/**
 * Title, tags and body indexed; what a result shows stored. Our stop words are dropped, as our
 * index drops them, so that no engine pays for words nobody can search.
 */
export const MINISEARCH_OPTIONS: MiniSearchOptions<MiniSearchDocument> = {
  fields: ["title", "tags", "body"],
  storeFields: ["qid", "titleLine", "tagList"],
  processTerm: (term) => {
    const lower = term.toLowerCase();
    return STOP_WORDS.has(lower) ? null : lower;
  },
};

/**
 * MiniSearch's search options: every term must match (as ours), the last one as a prefix (the
 * word still being typed), and title matches first.
 */
export const MINISEARCH_SEARCH = {
  combineWith: "AND",
  prefix: (_term: string, index: number, terms: string[]) => index === terms.length - 1,
  boost: { title: 3, tags: 2 },
} as const;

/**
 * FlexSearch indexes one text per question (title, tags and body): a query's words must all be
 * in it (FlexSearch intersects them), wherever they are. "forward" indexes every beginning of
 * every word, which is what makes a prefix match.
 */
export const FLEXSEARCH_OPTIONS: IndexOptions = {
  tokenize: "forward",
  encoder: { filter: new Set(STOP_WORDS) },
};

/**
 * The event our box sends once a query's results are shown: `RESULTS_SHOWN` of
 * src/search/client.ts, which cannot be imported from here (importing it starts its box).
 */
export const RESULTS_SHOWN = "qa-search-results";
/** The global each part of a library's index calls with its name and text. */
export const PART_REGISTRY = "qaBenchIndex";
/** The event the page's box sends when the library's index is ready to search. */
export const INDEX_READY = "qa-bench-index-ready";
