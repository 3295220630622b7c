import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { z } from "zod";
import { unknownFieldReason } from "../schemas/fields.ts";
import { communitySchema, type Community } from "../schemas/community.ts";
import { QUESTION_ID_PATTERN, questionFrontmatterSchema } from "../schemas/question.ts";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import { splitFrontmatter } from "../lib/frontmatter.ts";
import { parseYamlFields } from "../lib/yaml-fields.ts";
import { fieldPath, formatProblems, type ContentProblem } from "../lib/problems.ts";
import {
  duplicateReferenceProblem,
  toListingEntry,
  type ValidQuestion,
} from "../lib/listing-entries.ts";

/** Everything the site is built from, validated and derived. */
export interface ContentFolder {
  community: Community;
  /** Listing entries by question id, in file-name order. */
  entries: Map<string, ListingEntry>;
}

/** Thrown when the content has problems; its message is the whole report. */
export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];
  constructor(problems: readonly ContentProblem[]) {
    super(`The content has problems:\n${formatProblems(problems)}`);
    this.name = "ContentError";
    this.problems = problems;
  }
}

/**
 * Reads, validates and derives a content folder (`community.yaml`, `questions/<id>.md`).
 * Every problem in every file is collected before failing, so one run reports them all.
 * File names in messages are relative to `displayFrom` (where the build was started).
 */
export function readContentFolder(contentDir: string, displayFrom = process.cwd()): ContentFolder {
  const show = (path: string) => relative(displayFrom, path) || path;
  const problems: ContentProblem[] = [];

  const communityFile = join(contentDir, "community.yaml");
  const community = readCommunity(communityFile, show(communityFile), problems);

  const questionsDir = join(contentDir, "questions");
  const questions = new Map<string, ValidQuestion>();
  if (!existsSync(questionsDir)) {
    problems.push({
      file: show(questionsDir),
      reason: "is missing; create this folder and put one <id>.md file per question in it",
    });
  } else {
    // Hidden files (.DS_Store, editor swap files) are not content.
    const listing = readdirSync(questionsDir, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith("."))
      .sort(byName);
    // Every question file counts as existing for duplicateOf, even one with problems of its own.
    const existingIds = new Set(
      listing
        .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
        .map((entry) => entry.name.slice(0, -".md".length)),
    );
    for (const entry of listing) {
      const path = join(questionsDir, entry.name);
      const question = readQuestion(path, show(path), entry.isFile(), existingIds, problems);
      if (question) questions.set(question.id, question);
    }
  }

  if (problems.length > 0 || !community) throw new ContentError(problems);

  const entries = new Map<string, ListingEntry>();
  for (const question of questions.values()) {
    entries.set(question.id, toListingEntry(question, questions, community.excerptLength));
  }
  return { community, entries };
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function readCommunity(
  path: string,
  file: string,
  problems: ContentProblem[],
): Community | undefined {
  if (!existsSync(path)) {
    problems.push({
      file,
      reason:
        'is missing; create it with the community\'s name, such as: name: "Homelab & Self-Hosting"',
    });
    return undefined;
  }
  const parsed = parseYamlFields(readFileSync(path, "utf8").replace(/^\uFEFF/, ""));
  if (!parsed.ok) {
    problems.push({ file, reason: parsed.reason });
    return undefined;
  }
  return validate(communitySchema, parsed.fields, file, problems, "of community.yaml");
}

function readQuestion(
  path: string,
  file: string,
  isFile: boolean,
  existingIds: ReadonlySet<string>,
  problems: ContentProblem[],
): ValidQuestion | undefined {
  if (!isFile) {
    problems.push({
      file,
      reason:
        "is not a file; questions are read only from files directly in questions/, so move its questions up into questions/",
    });
    return undefined;
  }
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (!name.endsWith(".md")) {
    problems.push({
      file,
      reason: "is not a question file; name it <id>.md, or move it out of questions/",
    });
    return undefined;
  }
  const id = name.slice(0, -".md".length);
  let idIsValid = true;
  if (!QUESTION_ID_PATTERN.test(id)) {
    idIsValid = false;
    problems.push({
      file,
      reason: `"${id}" cannot be a question id; rename the file using only lower-case letters, digits, "-" and "_", such as ${suggestId(id)}.md`,
    });
  }
  const split = splitFrontmatter(readFileSync(path, "utf8"));
  if (!split) {
    problems.push({
      file,
      field: "frontmatter",
      reason:
        "is missing; start the file with a line ---, then the fields (title, tags, asked, ...), then a line ---",
    });
    return undefined;
  }
  const parsed = parseYamlFields(split.yaml, split.yamlFirstLine);
  if (!parsed.ok) {
    problems.push({ file, field: "frontmatter", reason: parsed.reason });
    return undefined;
  }
  const frontmatter = validate(
    questionFrontmatterSchema,
    parsed.fields,
    file,
    problems,
    "of a question",
  );
  const { duplicateOf } = parsed.fields;
  if (typeof duplicateOf === "string" && QUESTION_ID_PATTERN.test(duplicateOf)) {
    const problem = duplicateReferenceProblem({ id, file, duplicateOf }, existingIds);
    if (problem) problems.push(problem);
  }
  if (!frontmatter || !idIsValid) return undefined;
  return { id, file, frontmatter, body: split.body };
}

/** Validates `data`, turning every schema issue into a problem; undefined when any failed. */
function validate<Schema extends z.ZodType>(
  schema: Schema,
  data: Record<string, unknown>,
  file: string,
  problems: ContentProblem[],
  fieldsOf: string,
): z.output<Schema> | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      const known = Object.keys((schema as unknown as { shape?: object }).shape ?? {});
      for (const key of issue.keys) {
        problems.push({ file, field: key, reason: unknownFieldReason(fieldsOf, known) });
      }
    } else {
      problems.push({ file, field: fieldPath(issue.path), reason: issue.message });
    }
  }
  return undefined;
}

function suggestId(id: string): string {
  return (
    id
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "my-question"
  );
}
