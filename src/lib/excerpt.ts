import { formulaSpans, mayHoldTex } from "./math/tex-spans.ts";

/** What is appended to a cut excerpt: three ASCII dots, no space before them. */
export const ELLIPSIS = "...";

/**
 * Cuts collapsed plain text to at most `maxLength` characters, `...` included.
 *
 * Keeps the longest prefix that ends right before a space and is at most `maxLength - 3`
 * characters long; a first word longer than that is cut hard. Lengths are counted in UTF-16
 * code units (JavaScript's `length`), and a hard cut never splits a surrogate pair, so the
 * excerpt is within the limit by either count. With `math: tex` the cut never falls inside a
 * formula: it moves before it.
 */
export function cutExcerpt(text: string, maxLength: number, math: "off" | "tex" = "off"): string {
  if (text.length <= maxLength) return text;
  const room = maxLength - ELLIPSIS.length;
  const lastSpace = text.lastIndexOf(" ", room);
  const splitsPair = isHighSurrogate(text.charCodeAt(room - 1));
  const end = lastSpace > 0 ? lastSpace : splitsPair ? room - 1 : room;
  // With `math: tex`, a formula is shown whole or not at all: one cut in two reads as noise.
  if (math === "tex" && mayHoldTex(text)) {
    const cut = formulaSpans(text).find((span) => span.start < end && end < span.end);
    if (cut !== undefined) return text.slice(0, cut.start).trimEnd() + ELLIPSIS;
  }
  return text.slice(0, end) + ELLIPSIS;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
