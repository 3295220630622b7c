/*
 * The search index as the built site holds it, under `search/`: the contract between the
 * build, which writes it (src/core/search-index.ts), and the reader's browser, which loads it
 * piece by piece (src/search/). A page opened from disk may not `fetch` anything, but it may
 * load classic script files, so every file of the index is a script that hands its data to the
 * global `REGISTRY` the search script set up:
 *
 *   search/manifest.js     qaSearchIndex.manifest({...SearchManifest})
 *   search/w-<hash>.js     qaSearchIndex.chunk("w-<hash>", ["word", "postings", ...])
 *   search/q-<hash>.js     qaSearchIndex.chunk("q-<hash>", [[id, titleLine, tags, t, h], ...])
 *   search/t-<hash>.js     qaSearchIndex.chunk("t-<hash>", [[[postId, text], ...], ...])
 *
 * Chunks are named by their content, so a host or a browser that cached one never serves
 * another's, and a rebuild that changes nothing of a chunk writes the same file.
 */

/** The folder of the index and the search script, below the site's root. */
export const SEARCH_FOLDER = "search";
/** The one file of the index with a fixed name: it names the others. */
export const MANIFEST_FILE = "manifest.js";
/** The search script every page with a search box loads. */
export const SEARCH_SCRIPT_FILE = "search.js";
/** The global the index files call; set by the search script before it loads them. */
export const REGISTRY = "qaSearchIndex";
/** Bumped when the files' shape changes. */
export const INDEX_FORMAT = 3;

export interface SearchManifest {
  format: typeof INDEX_FORMAT;
  /** How many questions the index holds, numbered 0... in listing order. */
  questions: number;
  /** Question `n` is record `n % questionsPerChunk` of chunk `floor(n / questionsPerChunk)`. */
  questionsPerChunk: number;
  /** The question chunks' names (their files are `<name>.js`), in order. */
  questionChunks: string[];
  /** Question `n`'s posts are item `n % questionsPerTextChunk` of its text chunk. */
  questionsPerTextChunk: number;
  /**
   * The word chunks, in word order (JavaScript's string order): each one's first word and
   * name. A chunk holds the words from its first up to the next chunk's first.
   */
  wordChunks: [firstWord: string, name: string][];
}

/** A word chunk: words in order, each followed by its postings (src/lib/search/postings.ts). */
export type WordChunk = string[];

/**
 * What a result shows of a question: its id (for the link), title line and tags, the name of
 * the text chunk that holds its posts' text (`TextChunk`; "" or none: no text), and, with
 * `math: tex`, its title line with the formulas typeset, for a title that holds one.
 */
export type QuestionRecord = [
  id: string,
  titleLine: string,
  tags: string[],
  texts?: string,
  titleHtml?: string,
];

/**
 * A post's text as a result shows it in context: the post's id ("" for the question, else the
 * answer's) and its text (`searchText`).
 */
export type PostText = [postId: string, text: string];

/**
 * A text chunk: the posts of a run of consecutive questions (`questionsPerTextChunk`, from a
 * multiple of it), question by question, each in page order.
 */
export type TextChunk = PostText[][];

/** The callbacks the index files call. */
export interface IndexRegistry {
  manifest(manifest: SearchManifest): void;
  chunk(name: string, data: WordChunk | QuestionRecord[] | TextChunk): void;
}
