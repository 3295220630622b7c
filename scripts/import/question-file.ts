import { questionFrontmatterSchema, type QuestionState } from "../../src/schemas/question.ts";
import { fieldPath } from "../../src/lib/problems.ts";
import { frontmatterBlock } from "./frontmatter-block.ts";

/** The frontmatter the importer writes, before the schema has read it back. */
export interface QuestionFields {
  /** Undefined when the dump has none: the schema then reports it missing. */
  title: string | undefined;
  tags: string[];
  asked: string | undefined;
  state: QuestionState;
  duplicateOf?: string;
  answers: number;
}

/** A field the schema rejected, in the schema's own words. */
export interface FieldProblem {
  field: string;
  reason: string;
}

/**
 * The frontmatter block, `---` lines included, in the format's order (see `frontmatterBlock`).
 * An open state and missing values are left out. `comment` (the source and licence) goes on top.
 */
export function renderFrontmatter(fields: QuestionFields, comment: string): string {
  const ordered: Record<string, unknown> = {};
  if (fields.title !== undefined) ordered["title"] = fields.title;
  ordered["tags"] = fields.tags;
  if (fields.asked !== undefined) ordered["asked"] = fields.asked;
  if (fields.state !== "open") ordered["state"] = fields.state;
  if (fields.duplicateOf !== undefined) ordered["duplicateOf"] = fields.duplicateOf;
  ordered["answers"] = fields.answers;
  return frontmatterBlock(ordered, comment, ["tags"]);
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
  const data = Object.fromEntries(
    Object.entries(fields).filter(
      ([key, value]) => value !== undefined && !(key === "state" && value === "open"),
    ),
  );
  const result = questionFrontmatterSchema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: fieldPath(issue.path) || "frontmatter",
    reason: issue.message,
  }));
}
