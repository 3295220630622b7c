/** What the listing appends to a question's title in each state (the schema's `state`). */
const MARKERS = {
  open: "",
  duplicate: " [duplicate]",
  closed: " [closed]",
} as const;

/** A question's state, as far as its title line is concerned. */
export type MarkedState = keyof typeof MARKERS;

/** The title as the listing shows it: the state's marker, if any, follows the title. */
export function titleLine(title: string, state: MarkedState): string {
  return title + MARKERS[state];
}

/**
 * The title line as HTML, from the title as HTML (its formulas typeset, `typesetTitle`): the
 * marker, plain text, follows it.
 */
export function titleLineHtml(titleHtml: string, state: MarkedState): string {
  return titleHtml + MARKERS[state];
}

/** The title a title line was made from (`titleLine` undone). */
export function titleOfLine(line: string, state: MarkedState): string {
  return line.slice(0, line.length - MARKERS[state].length);
}

/** The marker a title must not end with itself (the `state` field carries it), or undefined. */
export function markerAtEnd(title: string): string | undefined {
  return Object.values(MARKERS).find((marker) => marker !== "" && title.endsWith(marker));
}
