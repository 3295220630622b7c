import { Parser } from "htmlparser2";
import { escapeText } from "../escape-text.ts";
import { mayHoldTex, splitTex, type TexPiece } from "./tex-spans.ts";

/** One formula found in a body: its TeX, whether it is display math, and its source. */
export interface Formula {
  tex: string;
  display: boolean;
  source: string;
}

/**
 * Elements whose text is never math: code, as on Stack Exchange (its MathJax skips `code`
 * and `pre`), and what the sanitizer keeps no text of anyway.
 */
const NOT_MATH = new Set(["code", "pre", "script", "style", "textarea", "math", "svg"]);

/**
 * The HTML with the formulas in its text turned into markup by `typeset` (which returns the
 * markup, or undefined to leave that formula as its source): each text node outside code is read
 * by `splitTex`, on its own, as MathJax reads one (a formula does not span elements). A text
 * with no formula keeps its bytes; one with formulas is written again, its text escaped.
 *
 * Meant for sanitized HTML, whose text nodes hold no markup; `typeset` must return safe markup.
 */
export function replaceTexInHtml(
  html: string,
  typeset: (formula: Formula) => string | undefined,
): string {
  let out = "";
  let copied = 0;
  for (const { start, end, pieces } of textsWithTex(html)) {
    out += html.slice(copied, start);
    for (const piece of pieces) {
      out +=
        "text" in piece ? escapeText(piece.text) : (typeset(piece) ?? escapeText(piece.source));
    }
    copied = end;
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/** Every formula of an HTML body's text outside code, in order (for counts and benches). */
export function formulasInHtml(html: string): Formula[] {
  return [...textsWithTex(html)].flatMap(({ pieces }) =>
    pieces.filter((piece): piece is Formula => !("text" in piece)),
  );
}

/**
 * The text runs of the HTML outside code that `splitTex` reads as more than their own text (a
 * formula, or a `\$`), each with where its source starts and ends and its pieces.
 */
function* textsWithTex(
  html: string,
): Generator<{ start: number; end: number; pieces: TexPiece[] }> {
  if (!mayHoldTex(html)) return;
  for (const { start, end, text } of textRuns(html)) {
    if (!mayHoldTex(text)) continue;
    const pieces = splitTex(text);
    const [first] = pieces;
    if (pieces.length === 1 && first !== undefined && "text" in first && first.text === text) {
      continue;
    }
    yield { start, end, pieces };
  }
}

/**
 * The text runs of the HTML outside code, each with where its source starts and ends and its
 * text with entities decoded. htmlparser2 hands a run in several parts (an entity is one), so
 * parts that touch are joined.
 */
function textRuns(html: string): { start: number; end: number; text: string }[] {
  const runs: { start: number; end: number; text: string }[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname: (name) => {
        if (NOT_MATH.has(name)) skipping++;
      },
      onclosetag: (name) => {
        if (NOT_MATH.has(name) && skipping > 0) skipping--;
      },
      ontext: (text) => {
        if (skipping > 0) return;
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        const last = runs.at(-1);
        if (last !== undefined && last.end === start) {
          last.end = end;
          last.text += text;
        } else {
          runs.push({ start, end, text });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return runs;
}
