import { existsSync, readdirSync, statSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Community } from "../schemas/community.ts";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import { stampMatches } from "../lib/file-stamp.ts";
import type { ContentProblem } from "../lib/problems.ts";
import {
  duplicateReferenceProblem,
  questionFromEntry,
  toListingEntry,
  type ValidQuestion,
} from "../lib/listing-entries.ts";
import { derivationCodeDigest } from "./derivation-code.ts";
import type { CachedQuestion, EntryCache } from "./entry-cache.ts";
import { readCommunity } from "./community-file.ts";
import {
  FILES_PER_JOINING_THREAD_AT_LEAST,
  readInWorker,
  readingThreadCount,
  startReadingWorker,
  type ReadingWorker,
} from "./reading-threads.ts";
import { ContentError } from "./content-error.ts";
import {
  readClaimedParts,
  readQuestionFiles,
  type QuestionFileBatch,
  type FileIdentity,
  type QuestionFileResults,
} from "./question-files.ts";

/** Everything the site is built from, validated and derived. */
export interface ContentFolder {
  community: Community;
  /** Listing entries by question id, in id order. */
  entries: Map<string, ListingEntry>;
  /** What the entry cache is to hold for each question (see entry-cache.ts). */
  records: Map<string, CachedQuestion>;
  /** What the entries were derived with besides their files (see `EntryCache`). */
  derivationKey: string;
  /** How the questions were had: derived from their file, or kept from an earlier build. */
  counts: {
    derived: number;
    /** Read again and found to hold what an earlier build read. */
    unchangedByDigest: number;
    /** Not read at all: their stat is the one an earlier build saw (see file-stamp.ts). */
    unchangedByStamp: number;
  };
}

/**
 * Reads, validates and derives a content folder (`community.yaml`, `questions/<id>.md`) on
 * this thread. Every problem in every file is collected before failing, so one run reports
 * them all. File names in messages are relative to `displayFrom`.
 */
export function readContentFolder(contentDir: string, displayFrom = process.cwd()): ContentFolder {
  const plan = planReading(contentDir, { displayFrom });
  return assemble(plan, [readQuestionFiles(plan.batch)]);
}

/** What a build may have done before it plans the reading (see load-worker.ts). */
export interface HeadStart {
  /** Reading worker threads already started (`startReadingWorker`); any not needed are stopped. */
  readers?: ReadingWorker[];
  /** The questions folder as already listed, so that it is not listed twice. */
  listing?: Dirent[];
  /**
   * Set to 1 by the build's main thread once it waits for this load (see early-load.ts). Until
   * then Astro's own work keeps a core busy, and a reading thread more would only take turns
   * with it on that core; once it waits, threads join for what is left to read.
   */
  mainThreadWaiting?: Int32Array;
}

export interface LoadOptions extends HeadStart {
  /** What earlier builds derived (see entry-cache.ts): unchanged files are not derived again. */
  previous?: EntryCache | undefined;
  /** The folder file names in messages are relative to. */
  displayFrom?: string;
  /** The time now, ms since the epoch; tests move it to see stamps taken long ago. */
  now?: number;
}

/**
 * `readContentFolder`, reusing what an earlier build derived from files that have not changed,
 * and with the files to read shared out among worker threads when there are many: reading,
 * YAML, Markdown and plain text are per file, and a large community otherwise keeps one core
 * busy while the others wait.
 */
export async function loadContentFolder(
  contentDir: string,
  options: LoadOptions = {},
): Promise<ContentFolder> {
  const plan = planReading(contentDir, options);
  const { mainThreadWaiting } = options;
  const mainThreadBusy = () =>
    mainThreadWaiting !== undefined && Atomics.load(mainThreadWaiting, 0) === 0;
  const tasks = plan.batch.tasks.length;
  const mostThreads = readingThreadCount(tasks);
  const threads = readingThreadCount(tasks, mainThreadBusy() ? 1 : 0);
  const readers = [...(options.readers ?? [])];
  const workers = readers.splice(0, Math.max(threads - 1, 0));
  for (const unneeded of readers) void unneeded.worker.terminate();
  if (mostThreads < 2) return assemble(plan, [readQuestionFiles(plan.batch)]);
  while (workers.length < threads - 1) workers.push(startReadingWorker());
  // This thread reads too, beside the workers: one heap of a couple of hundred megabytes
  // fewer than a worker for each share. Parts are claimed as each thread gets to them, since
  // a worker spends its first moments loading the code.
  const parts = { partSize: FILES_PER_PART, next: new Int32Array(new SharedArrayBuffer(4)) };
  const byPart: QuestionFileResults[] = [];
  const keep = (index: number, results: QuestionFileResults) => (byPart[index] = results);
  const reading = workers.map((worker) => readInWorker(worker, plan.batch, parts, keep));
  // Once the main thread waits, its core is free: workers join while enough is left to be
  // worth their start.
  const joinFreedCores = (unclaimedTasks: number) => {
    if (mainThreadBusy()) return;
    const wanted = Math.min(
      readingThreadCount(unclaimedTasks, 0, FILES_PER_JOINING_THREAD_AT_LEAST),
      mostThreads,
    );
    while (reading.length + 1 < wanted) {
      reading.push(readInWorker(startReadingWorker(), plan.batch, parts, keep));
    }
  };
  readClaimedParts(plan.batch, parts, keep, joinFreedCores);
  await Promise.all(reading);
  return assemble(plan, byPart);
}

/** How many files a thread claims at a time (see `SharedParts`). */
const FILES_PER_PART = 500;

interface ReadingPlan {
  community: Community | undefined;
  derivationKey: string;
  /** Earlier builds' records, when they were derived the way this build derives. */
  reusable: ReadonlyMap<string, CachedQuestion>;
  /** Questions not to read: their file's stat is the one a reusable record was taken of. */
  unchangedByStamp: string[];
  /** Every question file by id, as messages show it. */
  fileOfId: Map<string, string>;
  /** Every entry of the questions folder in name order, as messages show it. */
  listed: string[];
  /** Problems found before reading the questions (community.yaml, the folder itself). */
  problems: ContentProblem[];
  /** The files to read. */
  batch: QuestionFileBatch;
}

function planReading(
  contentDir: string,
  { previous, listing: listed, displayFrom = process.cwd(), now = Date.now() }: LoadOptions,
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
  const reusable =
    previous?.derivationKey === derivationKey
      ? previous.entries
      : new Map<string, CachedQuestion>();
  const plan: ReadingPlan = {
    community,
    derivationKey,
    reusable,
    unchangedByStamp: [],
    fileOfId: new Map(),
    listed: [],
    problems,
    batch: {
      tasks: [],
      existingIds: [],
      excerptLength,
      bodyFormat,
      knownDigests: {},
      lookedAt: now,
    },
  };

  const questionsDir = join(contentDir, "questions");
  if (!existsSync(questionsDir)) {
    problems.push({
      file: show(questionsDir),
      reason: "is missing; create this folder and put one <id>.md file per question in it",
    });
    return plan;
  }
  // Hidden files (.DS_Store, editor swap files) are not content.
  const listing = (listed ?? readdirSync(questionsDir, { withFileTypes: true }))
    .filter((entry) => !entry.name.startsWith("."))
    .sort(byName);
  const { batch, fileOfId } = plan;
  // The folder's path and shown name, each worked out once: `join` and `relative` normalise
  // the whole path, a tenth of a second for 10,000 files on the way to reading them. A name
  // read from the folder holds no separator, so appending it is the same.
  const shownFolder = relative(displayFrom, questionsDir);
  for (const entry of listing) {
    const path = questionsDir + sep + entry.name;
    const file = shownFolder === "" ? entry.name : shownFolder + sep + entry.name;
    plan.listed.push(file);
    const isFile = entry.isFile();
    if (isFile && entry.name.endsWith(".md")) {
      // Every question file counts as existing for duplicateOf, even one with problems.
      const id = entry.name.slice(0, -".md".length);
      batch.existingIds.push(id);
      fileOfId.set(id, file);
      const earlier = reusable.get(id);
      if (earlier !== undefined) {
        const { stamp } = earlier;
        if (stamp && stampMatches(stamp, statSync(path, { throwIfNoEntry: false }))) {
          plan.unchangedByStamp.push(id);
          continue;
        }
        batch.knownDigests[id] = earlier.digest;
      }
    }
    batch.tasks.push({ path, name: entry.name, file, isFile });
  }
  return plan;
}

function assemble(plan: ReadingPlan, results: readonly QuestionFileResults[]): ContentFolder {
  const problems = [...plan.problems];
  const questions = new Map<string, ValidQuestion>();
  const records = new Map<string, CachedQuestion>();
  const derivedNow = new Map<string, FileIdentity>();
  const existingIds = new Set(plan.batch.existingIds);
  const keep = (id: string, record: CachedQuestion) => {
    const question = questionFromEntry(id, plan.fileOfId.get(id) ?? `${id}.md`, record.entry);
    questions.set(id, question);
    records.set(id, record);
    // The file is as it was, but the question it duplicates may be gone since.
    const { duplicateOf } = question.frontmatter;
    const dangling =
      duplicateOf === undefined
        ? undefined
        : duplicateReferenceProblem({ id, file: question.file, duplicateOf }, existingIds);
    if (dangling) problems.push(dangling);
  };
  let unchangedByDigest = 0;
  for (const result of results) {
    problems.push(...result.problems);
    for (const { digest, stamp, ...question } of result.questions) {
      questions.set(question.id, question);
      derivedNow.set(question.id, { digest, stamp });
    }
    for (const { id, digest, stamp } of result.unchanged) {
      const earlier = plan.reusable.get(id);
      if (earlier === undefined) continue;
      keep(id, { digest, stamp, entry: earlier.entry });
      unchangedByDigest++;
    }
  }
  for (const id of plan.unchangedByStamp) {
    const earlier = plan.reusable.get(id);
    if (earlier !== undefined) keep(id, earlier);
  }
  const { community } = plan;
  if (problems.length > 0 || !community) {
    throw new ContentError(inFileOrder(problems, plan.listed));
  }

  const entries = new Map<string, ListingEntry>();
  for (const question of [...questions.values()].sort(byId)) {
    const { id } = question;
    const kept = records.get(id);
    // An entry depends on its file alone, but for a duplicate's notice, which names another.
    const entry =
      kept !== undefined && question.frontmatter.duplicateOf === undefined
        ? kept.entry
        : toListingEntry(question, questions, community.excerptLength);
    entries.set(id, entry);
    const identity = derivedNow.get(id);
    if (identity !== undefined) records.set(id, { ...identity, entry });
  }
  return {
    community,
    entries,
    records,
    derivationKey: plan.derivationKey,
    counts: {
      derived: derivedNow.size,
      unchangedByDigest,
      unchangedByStamp: plan.unchangedByStamp.length,
    },
  };
}

/** Problems sorted by file as listed (community.yaml and the folder first), stable within. */
function inFileOrder(
  problems: readonly ContentProblem[],
  listed: readonly string[],
): ContentProblem[] {
  const order = new Map(listed.map((file, index) => [file, index]));
  const rank = (problem: ContentProblem) => order.get(problem.file) ?? -1;
  return [...problems].sort((a, b) => rank(a) - rank(b));
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
