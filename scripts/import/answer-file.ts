import { isId } from "./post-links.ts";
import { answerFrontmatterSchema } from "../../src/schemas/answer.ts";
import { frontmatterBlock } from "./frontmatter-block.ts";
import { communityWiki, readScore, utcInstant } from "./question-row.ts";
import { schemaProblems, type CreditFields, type FieldProblem } from "./question-file.ts";

/** The frontmatter the importer writes for an answer, before the schema has read it back. */
export interface AnswerFields extends CreditFields {
  /** The question's id (ParentId); undefined when the row has none. */
  question: string | undefined;
  answered: string | undefined;
  score?: number;
  /** Written only on the answer its question's AcceptedAnswerId names. */
  accepted?: true;
}

/** A dump attribute for each answer field, so a problem names both. */
export const ANSWER_SOURCE_ATTRIBUTE: Readonly<Record<string, string>> = {
  question: "ParentId",
  answered: "CreationDate",
  score: "Score",
  license: "ContentLicense",
  communityWiki: "CommunityOwnedDate",
};

/** What one answer row (PostTypeId 2) becomes, before its credit and acceptance are known. */
export interface RowAnswer {
  fields: AnswerFields;
  /** The HTML body exactly as XML decodes the attribute. */
  body: string;
  problems: FieldProblem[];
}

/**
 * Maps an answer row's attributes: `ParentId` to question, `CreationDate` to answered (marked
 * UTC, precision kept, as a question's asked), `Score` to score. Whether it is accepted comes
 * from its question's row (see answer-ledger.ts); the schema has the last word on every field.
 */
export function answerFromRow(attributes: Readonly<Record<string, string | undefined>>): RowAnswer {
  const problems: FieldProblem[] = [];
  const parent = attributes["ParentId"];
  if (parent !== undefined && !isId(parent)) {
    problems.push({
      field: "question",
      reason: `${JSON.stringify(parent)} is not a post id; the dump is damaged in this row`,
    });
  }
  const score = readScore(attributes["Score"]);
  if (!score.ok) problems.push({ field: "score", reason: score.reason });
  return {
    fields: {
      question: parent,
      answered: utcInstant(attributes["CreationDate"]),
      ...(score.ok && score.score !== undefined ? { score: score.score } : {}),
      ...communityWiki(attributes),
    },
    body: attributes["Body"] ?? "",
    problems,
  };
}

/** The block of `answers/<id>.md`, in the format's order; `comment` goes on top. */
export function renderAnswerFrontmatter(fields: AnswerFields, comment: string): string {
  const ordered: Record<string, unknown> = {};
  for (const key of [
    "question",
    "answered",
    "score",
    "accepted",
    "communityWiki",
    "author",
    "authorUrl",
    "user",
    "source",
    "license",
    "edited",
    "editor",
    "editorUrl",
    "editorUser",
  ] as const) {
    if (fields[key] !== undefined) ordered[key] = fields[key];
  }
  return frontmatterBlock(ordered, comment);
}

/** Why these answer fields would be rejected; empty when they are valid. */
export function answerProblems(fields: AnswerFields): FieldProblem[] {
  const data = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return schemaProblems(answerFrontmatterSchema.safeParse(data));
}
