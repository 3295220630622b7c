/** What is appended to a cut excerpt: three ASCII dots, no space before them. */
export const ELLIPSIS = "...";

/**
 * Cuts collapsed plain text to at most `maxLength` characters, `...` included.
 *
 * Keeps the longest prefix that ends right before a space and is at most `maxLength - 3`
 * characters long; a first word longer than that is cut hard. Lengths are counted in UTF-16
 * code units (JavaScript's `length`), and a hard cut never splits a surrogate pair, so the
 * excerpt is within the limit by either count.
 */
export function cutExcerpt(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const room = maxLength - ELLIPSIS.length;
  const lastSpace = text.lastIndexOf(" ", room);
  if (lastSpace > 0) return text.slice(0, lastSpace) + ELLIPSIS;
  const splitsPair = isHighSurrogate(text.charCodeAt(room - 1));
  return text.slice(0, splitsPair ? room - 1 : room) + ELLIPSIS;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
