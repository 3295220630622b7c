/*
 * The words of search: what a title, a tag or a body is indexed under, and what a query asks
 * for. The build (src/core/search-index.ts) and the reader's browser (src/search/client.ts)
 * both run these functions, so a word typed is cut and folded exactly as the text it should
 * find was.
 */

/**
 * Words too common to tell questions apart. They are not indexed, and a query drops them
 * (except as the last word, still being typed: "the" may become "theme").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be but by can do does for from had has have how i if in into is it its " +
    "my no not of on or so than that the their them then there these they this to was we were " +
    "what when where which who why will with you your"
  ).split(" "),
);

/**
 * Longer runs of letters are not words anyone types (hashes, base64, minified code); they are
 * left out of the index rather than bloating it.
 */
export const LONGEST_WORD = 40;

/**
 * The last word of a query matches every word it begins, from this many characters on: one
 * letter would load most of a big community's index to match most of its questions.
 */
export const SHORTEST_PREFIX = 2;

/*
 * A word is a run of letters, digits and `_`, with the `+` and `#` that end names such as
 * `c++`, `c#` and `f#`. Everything else separates words: `std::vector` is `std` and `vector`,
 * `.net` is `net`, `asp.net-core` is `asp`, `net` and `core`. An apostrophe inside a word is
 * dropped first, so `don't` and `O'Brien` are one word each, typed with or without it.
 */
const WORD = /[\p{L}\p{N}_]+[+#]*/gu;
const INNER_APOSTROPHE = /(?<=[\p{L}\p{N}])['\u2019](?=[\p{L}\p{N}])/gu;
const MARKS = /\p{M}+/gu;

/**
 * Text folded for matching: accents and other combining marks removed (`é` is `e`, `Å` is
 * `a`), compatibility forms unified (`ﬁ` is `fi`, a full-width `Ａ` is `a`), lower case, and
 * `ß` as `ss`.
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFKD").replace(MARKS, "").toLowerCase().replaceAll("ß", "ss");
}

/** Every word of `text`, folded, in order, stop words and repeats included. */
export function searchWords(text: string): string[] {
  return wordsOfFolded(foldedForWords(text));
}

/** `text` folded, and the apostrophes inside words dropped: what words are cut from. */
function foldedForWords(text: string): string {
  return foldForSearch(text).replace(INNER_APOSTROPHE, "");
}

function wordsOfFolded(folded: string): string[] {
  return folded.match(WORD) ?? [];
}

/** The distinct words `text` is indexed under: its words but stop words and overlong runs. */
export function indexWords(text: string): string[] {
  const words = new Set<string>();
  for (const word of searchWords(text)) {
    if (word.length <= LONGEST_WORD && !STOP_WORDS.has(word)) words.add(word);
  }
  return [...words];
}

/** What a query asks for: questions holding every word, and a word beginning with `prefix`. */
export interface ParsedQuery {
  /** Whole words, each to be found as it is. */
  words: string[];
  /** The last word, still being typed: any word it begins matches. */
  prefix?: string;
}

/**
 * A query as typed: its words, stop words dropped; the last one read as a prefix when the
 * text does not end there (no space or punctuation after it) and it has at least
 * `SHORTEST_PREFIX` characters. A query of stop words only asks for nothing.
 */
export function parseQuery(text: string): ParsedQuery {
  const folded = foldedForWords(text);
  const typed = wordsOfFolded(folded).filter((word) => word.length <= LONGEST_WORD);
  const last = typed.at(-1);
  // Still being typed: nothing after it, not even a space.
  const stillTyping = last !== undefined && last.length >= SHORTEST_PREFIX && folded.endsWith(last);
  const whole = stillTyping ? typed.slice(0, -1) : typed;
  const words = [...new Set(whole.filter((word) => !STOP_WORDS.has(word)))];
  if (!stillTyping) return { words };
  // A prefix that is also one of the whole words adds nothing: `git gi` asks for `git`.
  const prefix = last;
  return words.some((word) => word.startsWith(prefix)) ? { words } : { words, prefix };
}
