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

/** Longer words are never stop words, and need not be looked up among them. */
const LONGEST_STOP_WORD = Math.max(...[...STOP_WORDS].map((word) => word.length));

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
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
/** A straight, a curly and a modifier-letter apostrophe (`ʼ`, which Unicode counts a letter). */
const APOSTROPHE = "['\u2019\u02bc]";
const POSSESSIVE = new RegExp(
  `(?<=[\\p{L}\\p{N}_+#])(?:${APOSTROPHE}s|(?<=s)${APOSTROPHE})(?![\\p{L}\\p{N}_])`,
  "gu",
);
const INNER_APOSTROPHE = new RegExp(`(?<=[\\p{L}\\p{N}])${APOSTROPHE}(?=[\\p{L}\\p{N}])`, "gu");
const MARKS = /\p{M}+/gu;
const ANY_APOSTROPHE = new RegExp(APOSTROPHE);

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
  const folded = foldForSearch(text);
  // Most bodies have no apostrophe: one plain scan saves the two lookbehind patterns' work.
  if (!ANY_APOSTROPHE.test(folded)) return folded;
  return folded.replace(POSSESSIVE, "").replace(INNER_APOSTROPHE, "");
}

function wordsOfFolded(folded: string): string[] {
  const words: string[] = [];
  eachWord(folded, (word) => words.push(word));
  return words;
}

/**
 * For each ASCII character: 1 if it is a word's (`[\p{L}\p{N}_]`), 2 for `+` and `#`, else 0.
 * Checking characters here rather than matching a Unicode regex over the text halves the
 * cost of a body's words, which the build pays for every question and answer.
 */
const ASCII_KINDS = Uint8Array.from({ length: 128 }, (_, code) => {
  const character = String.fromCharCode(code);
  if (WORD_CHARACTER.test(character)) return 1;
  return character === "+" || character === "#" ? 2 : 0;
});

/** How many UTF-16 units the word character at `index` takes: 0 if it is none. */
function wordCharacterAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 128) return ASCII_KINDS[code] === 1 ? 1 : 0;
  const units = (text.codePointAt(index) as number) > 0xffff ? 2 : 1;
  return WORD_CHARACTER.test(text.slice(index, index + units)) ? units : 0;
}

/** Calls `found` with each word of folded text, in order: a run of word characters and its `+#`. */
function eachWord(folded: string, found: (word: string) => void): void {
  const end = folded.length;
  let index = 0;
  while (index < end) {
    let units = wordCharacterAt(folded, index);
    if (units === 0) {
      index++;
      continue;
    }
    const start = index;
    do index += units;
    while (index < end && (units = wordCharacterAt(folded, index)) > 0);
    while (index < end && ASCII_KINDS[folded.charCodeAt(index)] === 2) index++;
    found(folded.slice(start, index));
  }
}

/** The distinct words `text` is indexed under: its words but stop words and overlong runs. */
export function indexWords(text: string): string[] {
  const words = new Set<string>();
  eachWord(foldedForWords(text), (word) => {
    const { length } = word;
    if (length <= LONGEST_WORD && (length > LONGEST_STOP_WORD || !STOP_WORDS.has(word))) {
      words.add(word);
    }
  });
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

/**
 * What a query's word may also stand for, typed without its apostrophe: the possessive's own
 * word (`shors` for `shor's`, which the index holds as `shor`), and so a plural's singular
 * (`oracles`, `oracle`). None for a word too short to tell, or one ending in `ss` (`class`).
 */
export function withoutTrailingS(word: string): string | undefined {
  return word.length >= 4 && word.endsWith("s") && !word.endsWith("ss")
    ? word.slice(0, -1)
    : undefined;
}
