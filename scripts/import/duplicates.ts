import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readWrittenFile } from "./frontmatter-block.ts";
import { byId, type PostLinks } from "./post-links.ts";
import type { PostsPass, PostStatus, PostProblem } from "./import-posts.ts";
import { frontmatterProblems, questionFieldsFromFile, renderFrontmatter } from "./question-file.ts";

/** A duplicate link and why it was not followed. */
export interface LinkNote {
  /** The duplicate (PostId). */
  id: string;
  /** The original it names (RelatedPostId). */
  target: string;
  reason: string;
}

export interface DuplicateOutcome {
  /** Questions written as `state: duplicate`. */
  followed: number;
  /** Links from a written question to a post that is not a written question. */
  notFollowed: LinkNote[];
  /** Links from a post that is not a question of the dump (usually a deleted post). */
  ignored: LinkNote[];
  /** Questions with more than one followable link: the lowest original Id is used. */
  multiple: { id: string; targets: string[]; chosen: string }[];
  /** Questions made duplicates by a link although the dump gives them no ClosedDate. */
  withoutClosedDate: string[];
  /** The duplicateOf of each question written as a duplicate. */
  originals: Map<string, string>;
  problems: PostProblem[];
}

/**
 * Settles the duplicate links once every question is written: a question becomes
 * `state: duplicate` with `duplicateOf` the lowest-Id original that was written, and its
 * frontmatter is rewritten in place, read back from the file (the body is copied as it is). A
 * link to anything else is reported and not followed; the question keeps the state its row
 * gave it. Updates `pass.closed`.
 */
export function settleDuplicates(
  links: PostLinks,
  pass: PostsPass,
  questionsDir: string,
): DuplicateOutcome {
  const outcome: DuplicateOutcome = {
    followed: 0,
    notFollowed: [],
    ignored: [],
    multiple: [],
    withoutClosedDate: [],
    originals: new Map(),
    problems: [],
  };
  for (const source of [...links.bySource.keys()].sort(byId)) {
    const targets = [...(links.bySource.get(source) ?? [])].sort(byId);
    const status = pass.linkedPosts.get(source);
    if (status?.kind !== "written") {
      // A question that failed is already among the problems; anything else is not ours.
      if (status?.kind === "failed") continue;
      for (const target of targets) {
        outcome.ignored.push({ id: source, target, reason: describe(source, status) });
      }
      continue;
    }
    const candidate = pass.candidates.get(source);
    if (candidate === undefined) continue;

    const originals = targets.filter((target) => pass.linkedPosts.get(target)?.kind === "written");
    for (const target of targets) {
      if (!originals.includes(target)) {
        outcome.notFollowed.push({
          id: source,
          target,
          reason: describe(target, pass.linkedPosts.get(target)),
        });
      }
    }
    const chosen = originals[0];
    if (chosen === undefined) continue;
    if (originals.length > 1) outcome.multiple.push({ id: source, targets: originals, chosen });

    const path = join(questionsDir, `${source}.md`);
    const file = readWrittenFile(readFileSync(path, "utf8"));
    const written = questionFieldsFromFile(file.fields);
    const wasClosed = written.state === "closed";
    const fields = { ...written, state: "duplicate" as const, duplicateOf: chosen };
    const problems = frontmatterProblems(fields);
    if (problems.length > 0) {
      for (const problem of problems) {
        outcome.problems.push({ post: "question", id: source, line: candidate.line, ...problem });
      }
      continue;
    }
    writeFileSync(path, renderFrontmatter(fields, file.comment) + file.body);

    outcome.followed++;
    outcome.originals.set(source, chosen);
    if (wasClosed) pass.closed--;
    else outcome.withoutClosedDate.push(source);
  }
  return outcome;
}

function describe(id: string, status: PostStatus | undefined): string {
  if (status === undefined) return `${id} is not in Posts.xml (a deleted post)`;
  if (status.kind === "not a question") {
    return `${id} is not a question (PostTypeId ${status.postTypeId})`;
  }
  if (status.kind === "failed") return `question ${id} could not be imported (see Problems)`;
  return `${id} is a question`;
}
