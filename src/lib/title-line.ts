import type { QuestionState } from "../schemas/question-state.ts";

const MARKERS: Record<QuestionState, string> = {
  open: "",
  duplicate: " [duplicate]",
  closed: " [closed]",
};

/** The title as the listing shows it: the state's marker, if any, follows the title. */
export function titleLine(title: string, state: QuestionState): string {
  return title + MARKERS[state];
}

/** The title a title line was made from (`titleLine` undone). */
export function titleOfLine(line: string, state: QuestionState): string {
  return line.slice(0, line.length - MARKERS[state].length);
}

/** The marker a title must not end with itself (the `state` field carries it), or undefined. */
export function markerAtEnd(title: string): string | undefined {
  return Object.values(MARKERS).find((marker) => marker !== "" && title.endsWith(marker));
}
