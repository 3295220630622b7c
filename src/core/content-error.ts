import { formatProblems, type ContentProblem } from "../lib/problems.ts";

/** Thrown when the content has problems; its message is the whole report. */
export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];
  constructor(problems: readonly ContentProblem[]) {
    super(`The content has problems:\n${formatProblems(problems)}`);
    this.name = "ContentError";
    this.problems = problems;
    // The report is the whole story: a stack trace into the loader only hides it (Astro prints
    // a stack whenever an error has one).
    this.stack = "";
  }
}
