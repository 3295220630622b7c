import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { Worker } from "node:worker_threads";
import { communitySchema, type Community } from "../schemas/community.ts";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import { parseYamlFields } from "../lib/yaml-fields.ts";
import { formatProblems, type ContentProblem } from "../lib/problems.ts";
import {
  duplicateReferenceProblem,
  questionFromEntry,
  toListingEntry,
  type ValidQuestion,
} from "../lib/listing-entries.ts";
import { derivationCodeDigest } from "./derivation-code.ts";
import { projectFile } from "./project-paths.ts";
import { validateFields } from "./validate-fields.ts";
import {
  shortDigest,
  readQuestionFiles,
  type QuestionFileBatch,
  type QuestionFileResults,
  type QuestionFileTask,
} from "./question-files.ts";

/** Everything the site is built from, validated and derived. */
export interface ContentFolder {
  community: Community;
  /** Listing entries by question id, in file-name order. */
  entries: Map<string, ListingEntry>;
  /**
   * Each entry's digest for Astro's store: its file's digest (see `fileDigest`), then a digest
   * of the derived excerpt, which also changes when a duplicate's original is retitled.
   */
  digests: Map<string, string>;
  /** How many entries were taken from the earlier build because their file is unchanged. */
  reused: number;
}

/** What an earlier build derived, by question id: its digest and entry (Astro's store). */
export type PreviousEntries = ReadonlyMap<string, { digest: string; entry: ListingEntry }>;

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

/**
 * Reads, validates and derives a content folder (`community.yaml`, `questions/<id>.md`) on
 * this thread. Every problem in every file is collected before failing, so one run reports
 * them all. File names in messages are relative to `displayFrom`.
 */
export function readContentFolder(contentDir: string, displayFrom = process.cwd()): ContentFolder {
  const plan = planReading(contentDir, displayFrom, new Map());
  return assemble(plan, [readQuestionFiles(plan.batch)]);
}

/** Below this many files, starting worker threads costs more than it saves. */
const FILES_PER_WORKER_AT_LEAST = 2_000;

/**
 * `readContentFolder`, with the question files shared out among worker threads when there are
 * many: reading, YAML, Markdown and plain text are per file, and a large community otherwise
 * keeps one core busy while the others wait.
 */
export async function loadContentFolder(
  contentDir: string,
  previous: PreviousEntries = new Map(),
  displayFrom = process.cwd(),
): Promise<ContentFolder> {
  const plan = planReading(contentDir, displayFrom, previous);
  const { tasks } = plan.batch;
  const workers = Math.min(
    availableParallelism(),
    4,
    Math.floor(tasks.length / FILES_PER_WORKER_AT_LEAST),
  );
  if (workers < 2) return assemble(plan, [readQuestionFiles(plan.batch)]);
  const size = Math.ceil(tasks.length / workers);
  const batches = Array.from({ length: workers }, (_, index) => ({
    ...plan.batch,
    tasks: tasks.slice(index * size, (index + 1) * size),
  }));
  return assemble(plan, await Promise.all(batches.map(readInWorker)));
}

function readInWorker(batch: QuestionFileBatch): Promise<QuestionFileResults> {
  return new Promise((resolve, reject) => {
    // By path from the project's root: this module may run from the page bundle.
    const worker = new Worker(projectFile("src/loaders/question-worker.ts"), {
      workerData: batch,
    });
    worker.once("message", (results: QuestionFileResults) => resolve(results));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`A content worker stopped with exit code ${code}.`));
    });
  });
}

interface ReadingPlan {
  community: Community | undefined;
  previous: PreviousEntries;
  /** Problems found before reading the questions (community.yaml, the folder itself). */
  problems: ContentProblem[];
  batch: QuestionFileBatch;
}

function planReading(
  contentDir: string,
  displayFrom: string,
  previous: PreviousEntries,
): ReadingPlan {
  const show = (path: string) => relative(displayFrom, path) || path;
  const problems: ContentProblem[] = [];

  const communityFile = join(contentDir, "community.yaml");
  const community = readCommunity(communityFile, show(communityFile), problems);
  // With a broken community.yaml the build fails anyway; the default still lets every
  // question be checked in the same run.
  const excerptLength = community?.excerptLength ?? 200;
  const bodyFormat = community?.bodyFormat ?? "markdown";
  const derivationKey = `${excerptLength}:${bodyFormat}:${derivationCodeDigest()}`;
  const knownDigests = Object.fromEntries(
    [...previous].map(([id, { digest }]) => [id, fileDigest(digest)] as const),
  );

  const questionsDir = join(contentDir, "questions");
  if (!existsSync(questionsDir)) {
    problems.push({
      file: show(questionsDir),
      reason: "is missing; create this folder and put one <id>.md file per question in it",
    });
    const common = { excerptLength, bodyFormat, derivationKey, knownDigests };
    return { community, previous, problems, batch: { tasks: [], existingIds: [], ...common } };
  }
  // Hidden files (.DS_Store, editor swap files) are not content.
  const listing = readdirSync(questionsDir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith("."))
    .sort(byName);
  const tasks = listing.map((entry) => {
    const path = join(questionsDir, entry.name);
    return { path, file: show(path), isFile: entry.isFile() };
  });
  // Every question file counts as existing for duplicateOf, even one with problems of its own.
  const existingIds = listing
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => entry.name.slice(0, -".md".length));
  const batch = { tasks, existingIds, excerptLength, bodyFormat, derivationKey, knownDigests };
  return { community, previous, problems, batch };
}

function assemble(plan: ReadingPlan, results: readonly QuestionFileResults[]): ContentFolder {
  const problems = [...plan.problems];
  const questions = new Map<string, ValidQuestion>();
  const digests = new Map<string, string>();
  const fileOf = new Map(
    plan.batch.tasks.map((task) => [task.path.slice(task.path.lastIndexOf("/") + 1), task.file]),
  );
  const existingIds = new Set(plan.batch.existingIds);
  let reused = 0;
  for (const result of results) {
    problems.push(...result.problems);
    for (const { digest, ...question } of result.questions) {
      questions.set(question.id, question);
      digests.set(question.id, digest);
    }
    for (const id of result.unchanged) {
      const earlier = plan.previous.get(id);
      if (!earlier) continue;
      const question = questionFromEntry(id, fileOf.get(`${id}.md`) ?? `${id}.md`, earlier.entry);
      questions.set(id, question);
      digests.set(id, earlier.digest);
      reused++;
      // The file is as it was, but the question it duplicates may be gone since.
      const { duplicateOf } = question.frontmatter;
      const dangling =
        duplicateOf === undefined
          ? undefined
          : duplicateReferenceProblem({ id, file: question.file, duplicateOf }, existingIds);
      if (dangling) problems.push(dangling);
    }
  }
  const { community } = plan;
  if (problems.length > 0 || !community) {
    throw new ContentError(inFileOrder(problems, plan.batch.tasks));
  }

  const entries = new Map<string, ListingEntry>();
  for (const question of [...questions.values()].sort(byId)) {
    const entry = toListingEntry(question, questions, community.excerptLength);
    entries.set(question.id, entry);
    digests.set(
      question.id,
      `${fileDigest(digests.get(question.id) ?? "")}.${shortDigest(entry.excerpt)}`,
    );
  }
  return { community, entries, digests, reused };
}

/** The part of an entry's store digest that covers its file. */
function fileDigest(entryDigest: string): string {
  return entryDigest.split(".", 1)[0] ?? "";
}

/** Problems sorted by file as listed (community.yaml and the folder first), stable within. */
function inFileOrder(
  problems: readonly ContentProblem[],
  tasks: readonly QuestionFileTask[],
): ContentProblem[] {
  const order = new Map(tasks.map((task, index) => [task.file, index]));
  const rank = (problem: ContentProblem) => order.get(problem.file) ?? -1;
  return [...problems].sort((a, b) => rank(a) - rank(b));
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * The community, read on its own; undefined when community.yaml has problems, which the
 * reading of the whole folder reports together with every other one.
 */
export function readCommunityFile(contentDir: string): Community | undefined {
  return readCommunity(join(contentDir, "community.yaml"), "community.yaml", []);
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
  return validateFields(communitySchema, parsed.fields, file, problems, "of community.yaml");
}
