/** A run of text, or a formula found in it: its TeX, whether it is display math, its source. */
export type TexPiece =
  | { text: string }
  | {
      tex: string;
      display: boolean;
      /** The formula as written, delimiters included: what is shown when it cannot be typeset. */
      source: string;
    };

/** The openers, longest first, each with its closer and kind, as Stack Exchange's MathJax has them. */
const DELIMITERS: readonly { open: string; close: string; display: boolean }[] = [
  { open: "$$", close: "$$", display: true },
  { open: "$", close: "$", display: false },
  { open: "\\[", close: "\\]", display: true },
  { open: "\\(", close: "\\)", display: false },
];

/**
 * The formulas in a run of text, read as Stack Exchange's MathJax 2 (tex2jax, with
 * `processEscapes: true`) reads a text node: `$...$` and `\(...\)` inline, `$$...$$`,
 * `\[...\]` and `\begin{x}...\end{x}` display; `\$` is a dollar sign, shown without its backslash. Inside a formula a
 * backslash escapes the next character (`\$` and `\}` do not end or count), and the closer only
 * counts outside braces, so `$\text{a $ b}$` is one formula. When every closer is inside braces,
 * the first one ends the formula, as in tex2jax. An opener with no closer is text, and so is an
 * empty formula. A `$` is not judged by what is around it: "it costs $5 and $10" holds the
 * formula `5 and `, as on the live sites (see the README's "Math").
 *
 * The caller hands only text that may hold math: never code (src/lib/math/html-math.ts).
 * Pieces joined back (a formula by its `source`, `\$` as `$`) give the text back, less the
 * backslash of each `\$`.
 */
export function splitTex(text: string): TexPiece[] {
  const pieces: TexPiece[] = [];
  let from = 0;
  for (const { start, end, formula } of formulaSpans(text)) {
    if (start > from) pieces.push({ text: withDollarsUnescaped(text.slice(from, start)) });
    pieces.push(formula);
    from = end;
  }
  if (from < text.length) pieces.push({ text: withDollarsUnescaped(text.slice(from)) });
  return pieces;
}

/** A formula of a text (`splitTex`) and where it is: `text.slice(start, end)` is its source. */
export interface FormulaSpan {
  start: number;
  end: number;
  formula: { tex: string; display: boolean; source: string };
}

/** Where the formulas of a text are, read as `splitTex` reads them. */
export function formulaSpans(text: string): FormulaSpan[] {
  const spans: FormulaSpan[] = [];
  let at = 0;
  while (at < text.length) {
    const character = text[at];
    if (character !== "$" && character !== "\\") {
      at++;
      continue;
    }
    const formula = character === "\\" && text[at + 1] === "$" ? undefined : formulaAt(text, at);
    if (formula === undefined) {
      // `\$` is a dollar sign; a lone `\x` is text, and so is an opener that is never closed,
      // as a whole: `$$` stays `$$`, and a `\\` is one escaped backslash, so `\\(` opens nothing.
      at += text.startsWith("$$", at) || character === "\\" ? 2 : 1;
      continue;
    }
    spans.push({ start: at, end: at + formula.source.length, formula });
    at += formula.source.length;
  }
  return spans;
}

/** Text between formulas as shown: each `\$` a dollar sign, every other `\x` as written. */
function withDollarsUnescaped(text: string): string {
  return text.includes("\\$")
    ? text.replace(/\\([\s\S])/g, (pair, next: string) => (next === "$" ? "$" : pair))
    : text;
}

/**
 * The formula that opens at `at` in `text` (see `splitTex`), or undefined when no formula opens
 * there: no opener, no closer, or nothing but spaces between them.
 */
export function formulaAt(
  text: string,
  at: number,
): { tex: string; display: boolean; source: string } | undefined {
  if (text.startsWith("\\begin{", at)) return environmentAt(text, at);
  const delimiter = DELIMITERS.find(({ open }) => text.startsWith(open, at));
  if (delimiter === undefined) return undefined;
  const end = closerOf(text, at + delimiter.open.length, delimiter.close);
  if (end === undefined) return undefined;
  const tex = text.slice(at + delimiter.open.length, end);
  if (tex.trim() === "") return undefined;
  const source = text.slice(at, end + delimiter.close.length);
  return { tex, display: delimiter.display, source };
}

/**
 * An environment standing alone in the text, `\begin{align}...\end{align}`, as MathJax 2's
 * tex2jax reads one (`processEnvironments`, on for Stack Exchange): display math whose TeX is
 * the whole environment, ending at the first `\end` of its name outside braces. An environment
 * with no end is text.
 */
function environmentAt(
  text: string,
  at: number,
): { tex: string; display: boolean; source: string } | undefined {
  const name = /^\\begin\{([^{}]+)\}/.exec(text.slice(at, at + 64))?.[1];
  if (name === undefined) return undefined;
  const close = `\\end{${name}}`;
  const end = closerOf(text, at + "\\begin{}".length + name.length, close);
  if (end === undefined) return undefined;
  const source = text.slice(at, end + close.length);
  return { tex: source, display: true, source };
}

/**
 * Where the formula that starts at `from` ends: the first `close` outside braces, skipping
 * backslash escapes, or failing that the first `close` inside them; undefined when there is
 * none.
 */
function closerOf(text: string, from: number, close: string): number | undefined {
  let depth = 0;
  let firstInBraces: number | undefined;
  for (let at = from; at < text.length; at++) {
    if (text.startsWith(close, at)) {
      if (depth === 0) return at;
      firstInBraces ??= at;
    }
    const character = text[at];
    if (character === "\\") at++;
    else if (character === "{") depth++;
    else if (character === "}" && depth > 0) depth--;
  }
  return firstInBraces;
}

/** Whether a text may hold a formula at all: a quick test before the full reading. */
export function mayHoldTex(text: string): boolean {
  return (
    text.includes("$") || text.includes("\\(") || text.includes("\\[") || text.includes("\\begin{")
  );
}
