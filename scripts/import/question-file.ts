import type { z } from "zod";
import { questionFrontmatterSchema, type QuestionState } from "../../src/schemas/question.ts";
import { fieldPath } from "../../src/lib/problems.ts";
import type { PostCredit } from "./attribution.ts";
import { frontmatterBlock } from "./frontmatter-block.ts";

/** The credit fields of a post's frontmatter, each left out when the dump gives nothing. */
export interface CreditFields {
  author?: string;
  authorUrl?: string;
  /** The author's id, named by users/<id>.md; never with `authorUrl`. */
  user?: string;
  source?: string;
  license?: string;
  edited?: string;
  editor?: string;
  editorUrl?: string;
  /** The editor's id, named by users/<id>.md; never with `editorUrl`. */
  editorUser?: string;
  /** CommunityOwnedDate: left out when the post is not community wiki. */
  communityWiki?: true;
}

/** The frontmatter the importer writes, before the schema has read it back. */
export interface QuestionFields extends CreditFields {
  /** Undefined when the dump has none: the schema then reports it missing. */
  title: string | undefined;
  tags: string[];
  asked: string | undefined;
  state: QuestionState;
  duplicateOf?: string;
  /** The questions it links to (PostLinks.xml's linked rows); left out when there are none. */
  linked?: string[];
  answers: number;
  /** Left out when the dump has no Score (the format's default is 0). */
  score?: number;
  /** LastActivityDate, marked UTC. */
  modified?: string;
  /** ViewCount. */
  views?: number;
  /** ClosedDate, marked UTC. */
  closed?: string;
  /** The name of its last close's reason (PostHistory.xml). */
  closeReason?: string;
  /** When its lock that still holds was made (PostHistory.xml), marked UTC. */
  locked?: string;
}

/** A field the schema rejected, in the schema's own words. */
export interface FieldProblem {
  field: string;
  reason: string;
}

/** The fields a credit gives a post's frontmatter, those it has only. */
export function creditFields(credit: PostCredit): CreditFields {
  const fields: CreditFields = { source: credit.source };
  if (credit.author !== undefined) fields.author = credit.author;
  if (credit.authorUrl !== undefined) fields.authorUrl = credit.authorUrl;
  if (credit.user !== undefined) fields.user = credit.user;
  if (credit.license !== undefined) fields.license = credit.license;
  if (credit.edited !== undefined) fields.edited = credit.edited;
  if (credit.editor !== undefined) fields.editor = credit.editor;
  if (credit.editorUrl !== undefined) fields.editorUrl = credit.editorUrl;
  if (credit.editorUser !== undefined) fields.editorUser = credit.editorUser;
  return fields;
}

/**
 * The frontmatter block, `---` lines included, in the format's order: the question's own
 * fields, then its score and credit. An open state and missing values are left out.
 * `comment` (the source and licence, for a person reading the file) goes on top.
 */
export function renderFrontmatter(fields: QuestionFields, comment: string): string {
  const ordered: Record<string, unknown> = {};
  if (fields.title !== undefined) ordered["title"] = fields.title;
  ordered["tags"] = fields.tags;
  if (fields.asked !== undefined) ordered["asked"] = fields.asked;
  if (fields.state !== "open") ordered["state"] = fields.state;
  if (fields.duplicateOf !== undefined) ordered["duplicateOf"] = fields.duplicateOf;
  if (fields.linked !== undefined) ordered["linked"] = fields.linked;
  ordered["answers"] = fields.answers;
  for (const key of [
    ...["closed", "closeReason", "locked", "modified", "views", "score", "communityWiki"],
    // `user` and `editorUser` where the links they replace would be (see settleEditors).
    ...["author", "authorUrl", "user", "source", "license"],
    ...["edited", "editor", "editorUrl", "editorUser"],
  ] as const) {
    if (fields[key] !== undefined) ordered[key] = fields[key];
  }
  return frontmatterBlock(ordered, comment, ["tags", "linked"]);
}

/**
 * The fields of a question file read back (see `readWrittenFile`): what `renderFrontmatter`
 * wrote, with the open state it leaves out.
 */
export function questionFieldsFromFile(fields: Record<string, unknown>): QuestionFields {
  return { ...fields, state: fields["state"] ?? "open" } as QuestionFields;
}

/**
 * Why the site's build would reject these fields: the question schema's issues, in its words.
 * Empty when they are valid. (The YAML that `renderFrontmatter` writes reads back as exactly
 * these fields; tests/import/mapping.test.ts pins that, so it is not re-parsed per file.)
 */
export function frontmatterProblems(fields: QuestionFields): FieldProblem[] {
  // What the YAML holds: an open state and missing values are left out, not written empty.
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || (key === "state" && value === "open")) continue;
    data[key] = value;
  }
  return schemaProblems(questionFrontmatterSchema.safeParse(data));
}

/** A schema's issues as field problems; empty when the value passed. */
export function schemaProblems(result: z.ZodSafeParseResult<unknown>): FieldProblem[] {
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: fieldPath(issue.path) || "frontmatter",
    reason: issue.message,
  }));
}
