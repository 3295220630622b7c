import type { PostText } from "./index-format.ts";
import { searchWords, withoutTrailingS } from "./words.ts";

/*
 * What a search result shows of the text that matched: the post that holds the query's words
 * (the question, or the answer to lead to), and a stretch of it around them, the words marked.
 */

/** A run of a snippet's text, and whether it is a word the query matched. */
export interface SnippetPiece {
  text: string;
  matched: boolean;
}

export interface Snippet {
  /** The post the snippet is from: "" for the question, else the answer's id. */
  postId: string;
  pieces: SnippetPiece[];
}

/** About how many characters a snippet shows. */
export const SNIPPET_CHARACTERS = 180;
/** How much of the text before the first matched word a snippet shows, at most. */
const LEAD = 50;

/** A word run of a text as typed (letters, digits, `_`, an apostrophe inside, a `+#` after). */
const WORD_RUN = /[\p{L}\p{N}_](?:[\p{L}\p{N}_]|['\u2019\u02bc](?=[\p{L}\p{N}]))*[+#]*/gu;

/**
 * The snippet of a result: from the post holding the most of the query's `words` (each matches
 * the words it begins, and a possessive typed without its apostrophe, as search reads them),
 * the question first among equals, then its answers in page order; the start of the question
 * when none holds one (a title or a tag matched). Undefined when the result has no text.
 */
export function snippetOf(
  posts: readonly PostText[],
  words: readonly string[],
): Snippet | undefined {
  const matches = (typed: string) => {
    const folded = searchWords(typed);
    return words.filter((word) => {
      const base = withoutTrailingS(word);
      return folded.some((found) => found.startsWith(word) || found === base);
    });
  };
  let best: { post: PostText; runs: MatchedRun[]; found: number } | undefined;
  for (const post of posts) {
    const runs: MatchedRun[] = [];
    const found = new Set<string>();
    for (const run of post[1].matchAll(WORD_RUN)) {
      const matched = matches(run[0]);
      if (matched.length === 0) continue;
      runs.push({ from: run.index, to: run.index + run[0].length, words: matched });
      for (const word of matched) found.add(word);
    }
    if (best === undefined || found.size > best.found) best = { post, runs, found: found.size };
  }
  if (best === undefined) return undefined;
  const { post, runs } = best;
  return { postId: post[0], pieces: piecesAround(post[1], runs, firstOfBestStretch(runs)) };
}

/** A matched word run of a post's text, and the query's words it matches. */
interface MatchedRun {
  from: number;
  to: number;
  words: readonly string[];
}

/** The run that starts the stretch a snippet can show holding the most of the query's words. */
function firstOfBestStretch(runs: readonly MatchedRun[]): number {
  let best = 0;
  let bestCount = 0;
  for (const [at, { from }] of runs.entries()) {
    const words = new Set<string>();
    for (const run of runs.slice(at)) {
      if (run.to > from + SNIPPET_CHARACTERS - LEAD) break;
      for (const word of run.words) words.add(word);
    }
    if (words.size > bestCount) [best, bestCount] = [at, words.size];
  }
  return best;
}

/** The stretch of `text` from a little before run `first`, cut between words, runs marked. */
function piecesAround(text: string, runs: readonly MatchedRun[], first: number): SnippetPiece[] {
  const from = runs[first]?.from ?? 0;
  let start = Math.max(0, from - LEAD);
  if (start > 0) start = text.indexOf(" ", start) + 1 || from;
  if (start > from) start = from;
  let end = Math.min(text.length, start + SNIPPET_CHARACTERS);
  if (end < text.length) end = Math.max(text.lastIndexOf(" ", end), runs[first]?.to ?? 0) || end;
  const pieces: SnippetPiece[] = [];
  let at = start;
  for (const run of runs) {
    if (run.to <= start || run.from >= end) continue;
    if (run.from > at) pieces.push({ text: text.slice(at, run.from), matched: false });
    pieces.push({ text: text.slice(Math.max(run.from, at), Math.min(run.to, end)), matched: true });
    at = Math.min(run.to, end);
  }
  if (at < end) pieces.push({ text: text.slice(at, end), matched: false });
  if (start > 0) pieces.unshift({ text: "\u2026", matched: false });
  if (end < text.length) pieces.push({ text: "\u2026", matched: false });
  return pieces;
}
