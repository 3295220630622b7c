import { grown } from "../grown-array.ts";

/*
 * A word's postings: the questions it is found in, each with where (title, tags, body, or its
 * answers only), as a short string that a script file can hold without escaping. Questions are
 * numbered by their place in the listing, so the list is ascending and written as gaps, and a
 * common word's postings take about a character per question.
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
/**
 * None of the question's own fields: the word is in one of its answers only. A field of its
 * own would take a fourth bit, and a character more for many of a common word's postings.
 */
export const IN_ANSWERS_ONLY = 0;

const LAST = "0123456789abcdefghijklmnopqrstuv";
const CONTINUED = "wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
/** Each digit's value by its character code; -1 for a character that is not a digit. */
const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (const [index, digit] of [...LAST, ...CONTINUED].entries())
  DIGIT_VALUE[digit.charCodeAt(0)] = index;
/** The digits' character codes, for `PostingsWriter`. */
const LAST_CODES = Uint8Array.from(LAST, (digit) => digit.charCodeAt(0));
const CONTINUED_CODES = Uint8Array.from(CONTINUED, (digit) => digit.charCodeAt(0));
/** Every digit is ASCII, which UTF-8 decodes as itself. */
const ASCII = new TextDecoder();

/** The postings of one word, questions ascending. */
export interface Postings {
  questions: Uint32Array;
  /** The fields the word was found in, per question (`IN_TITLE | IN_TAGS | IN_BODY`, or 0). */
  fields: Uint8Array;
}

/**
 * Writes postings given as `question * 8 + fields` each, questions ascending and each
 * `fields` between 0 (`IN_ANSWERS_ONLY`) and 7.
 */
export function encodePostings(postings: ArrayLike<number>): string {
  const writer = new PostingsWriter();
  for (let index = 0; index < postings.length; index++) {
    const posting = postings[index] as number;
    writer.add(Math.floor(posting / 8), posting % 8);
  }
  return writer.text();
}

/**
 * One word's postings written as they come, questions ascending: what `encodePostings` writes,
 * kept as bytes. An index of a million questions holds some hundred million postings while it
 * is built; as numbers in arrays, 8 bytes each and more as the arrays grow, they took over a
 * gigabyte, where this takes a byte or two each (a common word's gap is small).
 */
export class PostingsWriter {
  #bytes = new Uint8Array(16);
  #length = 0;
  #previous: number;

  /** `previous`: the last question of the postings these are to follow, if any. */
  constructor(previous = -1) {
    this.#previous = previous;
  }

  /** Adds `question`, greater than the last one added, found in `fields` (0 to 7). */
  add(question: number, fields: number): void {
    if (question <= this.#previous) {
      throw new RangeError(`Postings must ascend: question ${question} after ${this.#previous}`);
    }
    let value = (question - this.#previous - 1) * 8 + fields;
    this.#previous = question;
    while (value >= 32) {
      this.#push(CONTINUED_CODES[value % 32] as number);
      value = Math.floor(value / 32);
    }
    this.#push(LAST_CODES[value] as number);
  }

  /** The last question added; -1 before the first. */
  get last(): number {
    return this.#previous;
  }

  /** The postings as `encodePostings` writes them. */
  text(): string {
    return ASCII.decode(this.#bytes.subarray(0, this.#length));
  }

  #push(code: number): void {
    if (this.#length === this.#bytes.length) this.#bytes = grown(this.#bytes);
    this.#bytes[this.#length++] = code;
  }
}

/**
 * Postings written from their first question (`text`, as `PostingsWriter` writes them) made to
 * follow postings whose last question is `previous`: the first question's gap is counted from
 * `previous` rather than from -1, and the rest is as it was. The postings of a word written a
 * run of questions at a time are, joined this way, what one writer of them all writes.
 */
export function postingsAfter(text: string, previous: number): string {
  let value = 0;
  let scale = 1;
  let at = 0;
  for (; ; at++) {
    const digitValue = DIGIT_VALUE[text.charCodeAt(at)] ?? -1;
    if (digitValue < 0) throw new Error(`Not postings: ${JSON.stringify(text.slice(0, 40))}`);
    if (digitValue < 32) {
      value += digitValue * scale;
      break;
    }
    value += (digitValue - 32) * scale;
    scale *= 32;
  }
  const first = new PostingsWriter(previous);
  first.add(Math.floor(value / 8), value % 8);
  return first.text() + text.slice(at + 1);
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
