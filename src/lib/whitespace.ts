/**
 * Collapses every run of whitespace into one space and trims the ends.
 *
 * "Whitespace" is HTML's ASCII whitespace (space, tab, line feed, form feed, carriage return),
 * the set a browser collapses: a no-break space is a character the author typed on purpose
 * (`&nbsp;`), so it stays, exactly as the page would show it.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/[ \t\n\f\r]+/g, " ").replace(/^ | $/g, "");
}
