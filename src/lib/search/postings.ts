/*
 * A word's postings: the questions it is found in, each with where (title, tags, body), as a
 * short string that a script file can hold without escaping. Questions are numbered by their
 * place in the listing, so the list is ascending and written as gaps, and a common word's
 * postings take about a character per question.
 *
 * Each question is one number, `(gap - 1) * 8 + fields`, where `gap` is the distance from the
 * previous question (from -1 for the first) and `fields` the bits below, written in base 32,
 * lowest digit first: a digit of `CONTINUED` means more digits follow, one of `LAST` ends the
 * number.
 */

/** Where a word was found in a question; a question's fields are these bits or'ed. */
export const IN_TITLE = 1;
export const IN_TAGS = 2;
export const IN_BODY = 4;

const LAST = "0123456789abcdefghijklmnopqrstuv";
const CONTINUED = "wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
/** Each digit's value by its character code; -1 for a character that is not a digit. */
const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (const [index, digit] of [...LAST, ...CONTINUED].entries())
  DIGIT_VALUE[digit.charCodeAt(0)] = index;

/** The postings of one word, questions ascending. */
export interface Postings {
  questions: Uint32Array;
  /** The fields the word was found in, per question (`IN_TITLE | IN_TAGS | IN_BODY`). */
  fields: Uint8Array;
}

/**
 * Writes postings given as `question * 8 + fields` each, questions ascending and each
 * `fields` between 1 and 7.
 */
export function encodePostings(postings: ArrayLike<number>): string {
  let text = "";
  let previous = -1;
  for (let index = 0; index < postings.length; index++) {
    const posting = postings[index] as number;
    const question = Math.floor(posting / 8);
    let value = (question - previous - 1) * 8 + (posting % 8);
    previous = question;
    while (value >= 32) {
      text += CONTINUED[value % 32];
      value = Math.floor(value / 32);
    }
    text += LAST[value];
  }
  return text;
}

/** Reads what `encodePostings` wrote. Throws on a character it never writes. */
export function decodePostings(text: string): Postings {
  const questions: number[] = [];
  const fields: number[] = [];
  let previous = -1;
  let value = 0;
  let scale = 1;
  for (let at = 0; at < text.length; at++) {
    const digitValue = DIGIT_VALUE[text.charCodeAt(at)] ?? -1;
    if (digitValue < 0) throw new Error(`Not a postings digit: ${JSON.stringify(text[at])}`);
    if (digitValue >= 32) {
      value += (digitValue - 32) * scale;
      scale *= 32;
      continue;
    }
    value += digitValue * scale;
    previous += Math.floor(value / 8) + 1;
    questions.push(previous);
    fields.push(value % 8);
    value = 0;
    scale = 1;
  }
  return { questions: Uint32Array.from(questions), fields: Uint8Array.from(fields) };
}
