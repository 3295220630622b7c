/**
 * Collapses every run of whitespace into one space and trims the ends.
 *
 * "Whitespace" is HTML's ASCII whitespace (space, tab, line feed, form feed, carriage return),
 * the set a browser collapses: a no-break space is a character the author typed on purpose
 * (`&nbsp;`), so it stays, exactly as the page would show it.
 */
export function collapseWhitespace(text: string): string {
  // Only runs that are not already one space: most whitespace in prose is, and replacing each
  // of those with itself took most of this function's time.
  const collapsed = text.replace(/[\t\n\f\r][ \t\n\f\r]*| [ \t\n\f\r]+/g, " ");
  // By hand, not /^ | $/g: that regular expression tries every position of a long text.
  const start = collapsed.startsWith(" ") ? 1 : 0;
  const end = collapsed.length > start && collapsed.endsWith(" ") ? -1 : undefined;
  return start === 0 && end === undefined ? collapsed : collapsed.slice(start, end);
}
