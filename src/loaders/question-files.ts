import { hash } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { QUESTION_ID_PATTERN, questionFrontmatterSchema } from "../schemas/question.ts";
import type { BodyFormat } from "../schemas/community.ts";
import { splitFrontmatter } from "../lib/frontmatter.ts";
import { parseYamlFields } from "../lib/yaml-fields.ts";
import { bodyPlainTextStart } from "../lib/plain-text.ts";
import { cutExcerpt } from "../lib/excerpt.ts";
import type { ContentProblem } from "../lib/problems.ts";
import { duplicateReferenceProblem, type ValidQuestion } from "../lib/listing-entries.ts";
import { fileStamp, type FileStamp } from "../lib/file-stamp.ts";
import { validateFields } from "./validate-fields.ts";

/** One entry of the questions folder to read. */
export interface QuestionFileTask {
  path: string;
  /** Its name in the folder, as listed. */
  name: string;
  /** The path as messages show it. */
  file: string;
  isFile: boolean;
}

/** A run of question files to read, plain data so that a worker thread can take it. */
export interface QuestionFileBatch {
  tasks: QuestionFileTask[];
  /** Every question id in the folder, for `duplicateOf` checks. */
  existingIds: string[];
  excerptLength: number;
  bodyFormat: BodyFormat;
  /** The digests of the files an earlier build read, by question id. */
  knownDigests: Record<string, string>;
  /** When the reading started (ms since the epoch), to tell which file stamps to keep. */
  lookedAt: number;
}

export interface QuestionFileResults {
  /** In the order of the tasks, so batches concatenate into file order. */
  problems: ContentProblem[];
  /** Questions read and derived now, each with its file's digest and stamp. */
  questions: (ValidQuestion & FileIdentity)[];
  /** Questions whose file has the digest an earlier build saw: nothing to derive again. */
  unchanged: ({ id: string } & FileIdentity)[];
}

/** What a later build needs to tell whether a file changed (see entry-cache.ts). */
export interface FileIdentity {
  digest: string;
  stamp: FileStamp | null;
}

/** Reads, validates and derives each file of a batch. */
export function readQuestionFiles(batch: QuestionFileBatch): QuestionFileResults {
  const results = noResults();
  readTasks(batch, new Set(batch.existingIds), 0, batch.tasks.length, results);
  return results;
}

/**
 * A batch cut into parts of `partSize` files that threads claim one at a time: `next` (an
 * Int32Array on a SharedArrayBuffer, shared by every thread) holds the index of the next part
 * to claim. A thread that started late or runs slow then simply reads fewer parts, and all
 * end at about the same time.
 */
export interface SharedParts {
  partSize: number;
  next: Int32Array;
}

/**
 * Reads parts of the batch as long as some are left, handing each part's results to `onPart`
 * and then calling `betweenParts`, if given, with how many tasks no thread has claimed yet.
 */
export function readClaimedParts(
  batch: QuestionFileBatch,
  { partSize, next }: SharedParts,
  onPart: (index: number, results: QuestionFileResults) => void,
  betweenParts?: (unclaimedTasks: number) => void,
): void {
  const existingIds = new Set(batch.existingIds);
  const count = Math.ceil(batch.tasks.length / partSize);
  for (let index = Atomics.add(next, 0, 1); index < count; index = Atomics.add(next, 0, 1)) {
    const results = noResults();
    const end = Math.min((index + 1) * partSize, batch.tasks.length);
    readTasks(batch, existingIds, index * partSize, end, results);
    onPart(index, results);
    betweenParts?.(Math.max(batch.tasks.length - Atomics.load(next, 0) * partSize, 0));
  }
}

/** Reads the batch's tasks from `start` up to `end` into `results`. */
function readTasks(
  batch: QuestionFileBatch,
  existingIds: ReadonlySet<string>,
  start: number,
  end: number,
  results: QuestionFileResults,
): void {
  for (let task = start; task < end; task++) {
    readQuestionFile(batch.tasks[task] as QuestionFileTask, batch, existingIds, results);
  }
}

function noResults(): QuestionFileResults {
  return { problems: [], questions: [], unchanged: [] };
}

function readQuestionFile(
  { path, name, file, isFile }: QuestionFileTask,
  { excerptLength, bodyFormat, knownDigests, lookedAt }: QuestionFileBatch,
  existingIds: ReadonlySet<string>,
  { problems, questions, unchanged }: QuestionFileResults,
): void {
  if (!isFile) {
    problems.push({
      file,
      reason:
        "is not a file; questions are read only from files directly in questions/, so move its questions up into questions/",
    });
    return;
  }
  if (!name.endsWith(".md")) {
    problems.push({
      file,
      reason: "is not a question file; name it <id>.md, or move it out of questions/",
    });
    return;
  }
  const id = name.slice(0, -".md".length);
  const idIsValid = QUESTION_ID_PATTERN.test(id);
  if (!idIsValid) {
    problems.push({
      file,
      reason: `"${id}" cannot be a question id; rename the file using only lower-case letters, digits, "-" and "_", such as ${suggestId(id)}.md`,
    });
  }
  const { text, stamp } = readWithStamp(path, lookedAt);
  const digest = shortDigest(text);
  if (idIsValid && knownDigests[id] === digest) {
    unchanged.push({ id, digest, stamp });
    return;
  }
  const split = splitFrontmatter(text);
  if (!split) {
    problems.push({
      file,
      field: "frontmatter",
      reason:
        "is missing; start the file with a line ---, then the fields (title, tags, asked, ...), then a line ---",
    });
    return;
  }
  const parsed = parseYamlFields(split.yaml, split.yamlFirstLine);
  if (!parsed.ok) {
    problems.push({ file, field: "frontmatter", reason: parsed.reason });
    return;
  }
  const frontmatter = validateFields(
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
  if (!frontmatter || !idIsValid) return;
  const plainText = bodyPlainTextStart(split.body, excerptLength, bodyFormat);
  // Without a notice to precede it, the text can be cut to the excerpt here: a worker then
  // hands back a few hundred bytes per question, and cutting again later changes nothing.
  const bodyText =
    frontmatter.duplicateOf === undefined ? cutExcerpt(plainText, excerptLength) : plainText;
  questions.push({ id, file, frontmatter, bodyText, digest, stamp });
}

/**
 * The file's text, and its stamp taken from the open file before reading: a write in between
 * then leaves a stamp older than the text read, which the next build sees as a change.
 */
function readWithStamp(path: string, lookedAt: number): { text: string; stamp: FileStamp | null } {
  const fd = openSync(path, "r");
  try {
    const stamp = fileStamp(fstatSync(fd), lookedAt);
    return { text: readFileSync(fd, "utf8"), stamp };
  } finally {
    closeSync(fd);
  }
}

/**
 * 96 bits of SHA-1, base64url: plenty to tell a changed file from an unchanged one, and short,
 * since the entry cache keeps one per question.
 */
export function shortDigest(text: string): string {
  return hash("sha1", text, "base64url").slice(0, 16);
}

function suggestId(id: string): string {
  return (
    id
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "my-question"
  );
}
