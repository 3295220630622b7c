import type { Community } from "../schemas/community.ts";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import type { QuestionEntry } from "../schemas/question.ts";
import type { ContentProblem } from "../lib/problems.ts";
import { sortForListing } from "../lib/order.ts";
import type { FolderFiles } from "./folder.ts";
import { toListingEntry } from "./listing.ts";

/** Everything the pages are built from, validated and derived. */
export interface Content {
  community: Community;
  /** Every question as the listing shows it, in listing order. */
  listing: ListingEntry[];
}

/** The content, or every problem found in it, each file's in the order of the folders' listing. */
export type ContentReading = { content: Content } | { problems: ContentProblem[] };

/**
 * The rules that span files, then the listing. Each file has been read on its own; here is
 * what only the whole folder can tell: that a duplicate's original exists, and where each
 * question stands in the listing. `community` is what reading community.yaml came to; its
 * problems (and those of the content folder itself) are listed first.
 */
export function assembleContent(
  community: { community?: Community; problems: readonly ContentProblem[] },
  questions: FolderFiles<QuestionEntry>,
): ContentReading {
  const problems = [...community.problems, ...questions.problems];
  for (const [id, file] of questions.fileOfId) {
    const duplicateOf = (questions.entries.get(id) ?? questions.partial.get(id))?.duplicateOf;
    if (duplicateOf === undefined) continue;
    const problem = duplicateReferenceProblem({ id, file, duplicateOf }, questions.fileOfId);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0 || community.community === undefined) {
    return { problems: inFileOrder(problems, questions.listed) };
  }
  const { excerptLength } = community.community;
  const ordered = sortForListing(
    [...questions.entries].map(([id, question]) => ({ id, askedKey: question.asked, question })),
  );
  const listing = ordered.map(({ id, question }) =>
    toListingEntry(id, question, questions.entries, excerptLength),
  );
  return { content: { community: community.community, listing } };
}

/** A question file's claim to duplicate another, read even when its other fields are bad. */
export interface DuplicateReference {
  id: string;
  file: string;
  duplicateOf: string;
}

/**
 * The rule that spans files: a `duplicateOf` must name another question that exists.
 * `existingIds` holds every question file, valid or not, so a reference to a file that has
 * problems of its own is not also reported as dangling.
 */
export function duplicateReferenceProblem(
  { id, file, duplicateOf }: DuplicateReference,
  existingIds: { has(id: string): boolean },
): ContentProblem | undefined {
  if (duplicateOf === id) {
    return {
      file,
      field: "duplicateOf",
      reason: `names this question itself; set it to the id of the question "${id}" duplicates`,
    };
  }
  if (!existingIds.has(duplicateOf)) {
    return {
      file,
      field: "duplicateOf",
      reason: `"${duplicateOf}" does not name a question (there is no questions/${duplicateOf}.md); correct the id or remove duplicateOf`,
    };
  }
  return undefined;
}

/**
 * Problems sorted by file as listed, stable within a file: those of no listed file
 * (community.yaml, a missing folder) first.
 */
function inFileOrder(
  problems: readonly ContentProblem[],
  listed: readonly string[],
): ContentProblem[] {
  const order = new Map(listed.map((file, index) => [file, index]));
  const rank = (problem: ContentProblem) => order.get(problem.file) ?? -1;
  return [...problems].sort((a, b) => rank(a) - rank(b));
}
