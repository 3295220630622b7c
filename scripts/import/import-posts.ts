import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { QUESTION_ID_PATTERN } from "../../src/schemas/question.ts";
import {
  postCredit,
  type AuthorSource,
  type LicenceSource,
  type PostCredit,
  type PostKind,
} from "./attribution.ts";
import { byId, isId, type DuplicateLinks } from "./post-links.ts";
import {
  creditFields,
  frontmatterProblems,
  renderFrontmatter,
  type QuestionFields,
} from "./question-file.ts";
import { questionFromRow, SOURCE_ATTRIBUTE, type RowOptions } from "./question-row.ts";
import { TextCheck } from "./text-check.ts";
import { own } from "./own.ts";
import type { UserNames } from "./users.ts";
import { readDumpRows, type DumpRow, type ReadProgress } from "./xml-rows.ts";

/** A question row that could not become a file, for one reason. */
export interface QuestionProblem {
  /** The post's Id, or "(no Id)". */
  id: string;
  line: number;
  /** The frontmatter field, when the problem is one field's. */
  field?: string;
  /** The dump attribute the field comes from, and its value there. */
  source?: string;
  reason: string;
}

/** Something imported differently from the dump, or not followed; the import still succeeds. */
export interface QuestionWarning {
  id: string;
  line: number;
  message: string;
}

/** An author name the import changed to fit on one line, and who it credits. */
export interface NameCleaned {
  /** `user 1045` (Users.xml), or `question 7` (OwnerDisplayName). */
  who: string;
  from: string;
  to: string;
}

/** How a post that a duplicate link names fared, so the link can be followed or reported. */
export type PostStatus =
  { kind: "written" } | { kind: "failed" } | { kind: "not a question"; postTypeId: string };

export interface PostsPass {
  rows: number;
  bytes: number;
  questionRows: number;
  written: number;
  closed: number;
  skippedByType: Map<string, number>;
  /** Per "from -> to" change, the questions carrying it. */
  tagChanges: Map<string, { from: string; to: string; by: "tag map" | "rule"; questions: number }>;
  /** Questions per dump tag, for the Tags.xml check and to see which mapped tags merge. */
  dumpTagCounts: Map<string, number>;
  tagRepeats: { id: string; tag: string; from: string[] }[];
  titlesTrimmed: string[];
  /** Posts written per licence, and per where the licence came from. */
  licences: Map<string, number>;
  licenceFrom: Map<LicenceSource, number>;
  /** Posts written per where their author's name came from. */
  authors: Map<AuthorSource, number>;
  /** Posts whose OwnerUserId has no row in Users.xml. */
  unknownUsers: number;
  /** By user (Users.xml) or post (OwnerDisplayName), each once. */
  namesCleaned: Map<string, NameCleaned>;
  /** Only for the posts a duplicate link names (as duplicate or original): flat memory. */
  linkedPosts: Map<string, PostStatus>;
  /** Written questions that PostLinks.xml says are duplicates, with their Posts.xml line. */
  candidates: Map<string, { line: number }>;
  problems: QuestionProblem[];
  warnings: QuestionWarning[];
  textCheck: TextCheck | undefined;
}

export interface PostsPassInput {
  postsFile: string;
  /** The staging folder's questions/, where `<Id>.md` files are written. */
  questionsDir: string;
  site: string;
  /** Display names, when the dump has a Users.xml. */
  users: UserNames | undefined;
  /** `--license`: the licence of posts without ContentLicense, instead of their era's. */
  licenceOverride: string | undefined;
  row: RowOptions;
  links: DuplicateLinks;
  checkText: boolean;
  onProgress?: (progress: ReadProgress) => void;
}

/**
 * One streaming pass over Posts.xml: each question row (PostTypeId 1) is mapped, credited,
 * checked with the schema exactly as the build reads it, and written at once, so no body is held.
 * Other rows are counted by type. Duplicate links are settled afterwards (see duplicates.ts),
 * since an original may come later in the file; for that, only the posts the links name are
 * remembered.
 */
export async function importPosts(input: PostsPassInput): Promise<PostsPass> {
  const pass: PostsPass = {
    rows: 0,
    bytes: 0,
    questionRows: 0,
    written: 0,
    closed: 0,
    skippedByType: new Map(),
    tagChanges: new Map(),
    dumpTagCounts: new Map(),
    tagRepeats: [],
    titlesTrimmed: [],
    licences: new Map(),
    licenceFrom: new Map(),
    authors: new Map(),
    unknownUsers: 0,
    namesCleaned: new Map(),
    linkedPosts: new Map(),
    candidates: new Map(),
    problems: [],
    warnings: [],
    textCheck: input.checkText ? new TextCheck() : undefined,
  };
  const linked = new Set<string>();
  for (const [source, targets] of input.links.bySource) {
    linked.add(source);
    for (const target of targets) linked.add(target);
  }
  const remember = (id: string | undefined, status: PostStatus) => {
    if (id !== undefined && linked.has(id) && !pass.linkedPosts.has(id)) {
      pass.linkedPosts.set(own(id), own(status));
    }
  };

  const onRow = ({ attributes, line }: DumpRow) => {
    const id = attributes["Id"];
    const type = attributes["PostTypeId"];
    if (type !== "1") {
      if (type === undefined) {
        pass.problems.push(
          own({
            id: id ?? "(no Id)",
            line,
            source: "PostTypeId",
            reason:
              "is missing, so this row may be a question that cannot be imported; the dump is damaged here",
          }),
        );
        remember(id, { kind: "failed" });
      } else {
        count(pass.skippedByType, type);
        remember(id, { kind: "not a question", postTypeId: type });
      }
      return;
    }
    pass.questionRows++;
    if (id === undefined || !isId(id) || !QUESTION_ID_PATTERN.test(id)) {
      pass.problems.push(
        own({
          id: id ?? "(no Id)",
          line,
          source: "Id",
          reason: `${id === undefined ? "is missing" : `${JSON.stringify(id)} is not a post id`}; the file name questions/<Id>.md needs a whole number`,
        }),
      );
      return;
    }

    const question = questionFromRow(attributes, input.row);
    for (const tag of new Set(question.dumpTags)) {
      count(pass.dumpTagCounts, tag);
    }
    for (const change of question.tagChanges) {
      const key = `${change.from}\u0000${change.to}`;
      const use = pass.tagChanges.get(key);
      if (use) use.questions++;
      else pass.tagChanges.set(own(key), own({ ...change, questions: 1 }));
    }

    const credit = postCredit(
      input.site,
      "question",
      id,
      attributes,
      input.users,
      input.licenceOverride,
    );
    const fields: QuestionFields = { ...question.fields, ...creditFields(credit) };
    // The schema has the last word; a field the mapping already failed is reported once.
    const mappingFailed = new Set(question.problems.map((problem) => problem.field));
    const problems = [
      ...question.problems,
      ...frontmatterProblems(fields).filter(
        (problem) => !mappingFailed.has(baseField(problem.field)),
      ),
    ];
    if (problems.length > 0) {
      for (const problem of problems) {
        const field = baseField(problem.field);
        const attribute = SOURCE_ATTRIBUTE[field];
        const value = attribute === undefined ? undefined : attributes[attribute];
        pass.problems.push(
          own({
            id,
            line,
            field: problem.field,
            ...(attribute === undefined
              ? {}
              : { source: value === undefined ? attribute : `${attribute}=${shorten(value)}` }),
            reason: problem.reason,
          }),
        );
      }
      remember(id, { kind: "failed" });
      return;
    }

    const frontmatter = renderFrontmatter(fields, credit.comment);
    try {
      // "wx": a second row with the same Id must not replace the first one's file.
      writeFileSync(join(input.questionsDir, `${id}.md`), frontmatter + question.body, {
        flag: "wx",
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      pass.problems.push(
        own({
          id,
          line,
          source: "Id",
          reason: `another question row earlier in the file has Id ${id}; that one was kept and this one was not imported, since one Id can name only one question`,
        }),
      );
      return;
    }

    pass.written++;
    if (question.fields.state === "closed") pass.closed++;
    credited(pass, "question", id, credit);
    if (question.titleTrimmed) pass.titlesTrimmed.push(own(id));
    for (const repeat of question.tagRepeats) pass.tagRepeats.push(own({ id, ...repeat }));
    if (question.answerCountMissing) {
      pass.warnings.push(own({ id, line, message: "AnswerCount is missing; wrote answers: 0" }));
    }
    remember(id, { kind: "written" });
    if (input.links.bySource.has(id)) pass.candidates.set(own(id), { line });
    pass.textCheck?.check(own(id), question.body);
  };

  const { rows, bytes } = await readDumpRows(input.postsFile, "posts", onRow, input.onProgress);
  pass.rows = rows;
  pass.bytes = bytes;
  pass.titlesTrimmed.sort(byId);
  pass.tagRepeats.sort((a, b) => byId(a.id, b.id));
  return pass;
}

/** Counts what the report says about a written post's credit. */
function credited(pass: PostsPass, post: PostKind, id: string, given: PostCredit): void {
  count(pass.authors, given.authorFrom);
  if (given.unknownUser) pass.unknownUsers++;
  if (given.license !== undefined) count(pass.licences, given.license);
  count(pass.licenceFrom, given.licenceFrom);
  const cleaned = given.nameCleaned;
  if (cleaned !== undefined && given.author !== undefined) {
    const who = cleaned.userId === undefined ? `${post} ${id}` : `user ${cleaned.userId}`;
    if (!pass.namesCleaned.has(who)) {
      pass.namesCleaned.set(own(who), own({ who, from: cleaned.from, to: given.author }));
    }
  }
}

/** Counts one more under `key`, which is copied (see `own`) the first time it is seen. */
function count<Key extends string>(counts: Map<Key, number>, key: Key): void {
  const seen = counts.get(key);
  counts.set(seen === undefined ? own(key) : key, (seen ?? 0) + 1);
}

/** `tags[2]` -> `tags`. */
function baseField(field: string): string {
  return field.replace(/[.[].*$/, "");
}

function shorten(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
}
