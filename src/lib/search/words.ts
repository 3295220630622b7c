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
 * A word of a query matches every word it begins, from this many characters on: one letter
 * would load most of a big community's index to match most of its questions.
 */
export const SHORTEST_PREFIX = 2;

/*
 * A word is a run of letters, digits and `_`, with the `+` and `#` that end names such as
 * `c++`, `c#` and `f#`. Everything else separates words: `std::vector` is `std` and `vector`,
 * `.net` is `net`, `asp.net-core` is `asp`, `net` and `core`. A possessive's `'s` is dropped
 * first, so `Grover's` and `grover’s` are `grover`; after an `s`, only the apostrophe, so
 * `Bayes'` is `bayes`, as `Bayes's` and `Bayes` are, and `users'` is `users`; then an
 * apostrophe inside a word, so `don't` and `O'Brien` are one word each, typed with or without it.
 */
const WORD = /[\p{L}\p{N}_]+[+#]*/gu;
/** A straight, a curly and a modifier-letter apostrophe (`ʼ`, which Unicode counts a letter). */
const APOSTROPHE = "['\u2019\u02bc]";
const POSSESSIVE = new RegExp(
  `(?<=[\\p{L}\\p{N}_+#])(?:${APOSTROPHE}s|(?<=s)${APOSTROPHE})(?![\\p{L}\\p{N}_])`,
  "gu",
);
const INNER_APOSTROPHE = new RegExp(`(?<=[\\p{L}\\p{N}])${APOSTROPHE}(?=[\\p{L}\\p{N}])`, "gu");
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

/** `text` folded, possessives and the apostrophes inside words dropped: what words are cut from. */
function foldedForWords(text: string): string {
  return foldForSearch(text).replace(POSSESSIVE, "").replace(INNER_APOSTROPHE, "");
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

/** What a query asks for: questions holding, for each word, a word it begins. */
export interface ParsedQuery {
  /**
   * The words asked for, each matching every index word it begins, itself included; one
   * shorter than `SHORTEST_PREFIX` matches only itself. Where a word stands in the query does
   * not change what it matches, so the order of the words does not change what is found.
   */
  words: string[];
}

/**
 * A query as typed: its words, stop words dropped, except the last one while it is still being
 * typed (no space or punctuation after it), which may become a longer word (`the`, `theme`). A
 * word that another word of the query begins adds nothing (`gi git` asks for `git`). A query of
 * stop words only asks for nothing.
 */
export function parseQuery(text: string): ParsedQuery {
  const folded = foldedForWords(text);
  const typed = wordsOfFolded(folded).filter((word) => word.length <= LONGEST_WORD);
  const last = typed.at(-1);
  const stillTyping = last !== undefined && last.length >= SHORTEST_PREFIX && folded.endsWith(last);
  const kept = typed.filter(
    (word, index) => !STOP_WORDS.has(word) || (stillTyping && index === typed.length - 1),
  );
  const distinct = [...new Set(kept)];
  const words = distinct.filter(
    (word) =>
      word.length < SHORTEST_PREFIX ||
      !distinct.some((other) => other !== word && other.startsWith(word)),
  );
  return { words };
}
