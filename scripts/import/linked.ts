import { join } from "node:path";
import { rewriteFrontmatter } from "./frontmatter-block.ts";
import type { PostLinks } from "./post-links.ts";
import { questionFieldsFromFile, renderFrontmatter } from "./question-file.ts";

/** What became of PostLinks.xml's linked rows (LinkTypeId 1), row by row. */
export interface LinkedOutcome {
  /** Every linked row; those that cannot be followed are among PostLinks.xml's unusable rows. */
  rows: number;
  /** Questions written with `linked`, and the ids their lists hold in all (one per row kept). */
  questions: number;
  kept: number;
  /** Rows from or to a post that is not a question written: deleted, an answer, or failed. */
  dropped: number;
  /** Rows to the question's own duplicateOf, which its duplicate notice already links to. */
  duplicateOf: number;
  /** Rows that repeat one kept. */
  repeated: number;
}

/**
 * Settles the linked rows once every question is written. The pass wrote each question's
 * `linked` with every question its rows name, since a later row of Posts.xml may be any of
 * them; now a file whose list names a post that was not written, or its own duplicateOf
 * (`originals`, from the duplicates settled before), is rewritten without it.
 * Taking ids out of a list the schema accepted leaves one it accepts, so it is not re-checked.
 */
export function settleLinked(
  links: PostLinks,
  isWritten: (questionId: string) => boolean,
  originals: ReadonlyMap<string, string>,
  questionsDir: string,
): LinkedOutcome {
  const outcome: LinkedOutcome = {
    rows: links.linkedRows,
    questions: 0,
    kept: 0,
    dropped: 0,
    duplicateOf: 0,
    repeated: 0,
  };
  for (const { source, targets } of links.linked.groups()) {
    if (!isWritten(source)) {
      outcome.dropped += targets.length;
      continue;
    }
    const kept = new Set<string>();
    for (const target of targets) {
      if (!isWritten(target)) outcome.dropped++;
      else if (target === originals.get(source)) outcome.duplicateOf++;
      else if (kept.has(target)) outcome.repeated++;
      else kept.add(target);
    }
    outcome.kept += kept.size;
    if (kept.size > 0) outcome.questions++;
    if (kept.size === new Set(targets).size) continue;

    rewriteFrontmatter(join(questionsDir, `${source}.md`), (fields, comment) => {
      const question = questionFieldsFromFile(fields);
      if (kept.size > 0) question.linked = [...kept];
      else delete question.linked;
      return renderFrontmatter(question, comment);
    });
  }
  return outcome;
}
