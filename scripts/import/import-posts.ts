import { writeFileSync } from "node:fs";
import { countMathUse, type MathUse } from "./math-use.ts";
import { join } from "node:path";
import { QUESTION_ID_PATTERN } from "../../src/schemas/question.ts";
import {
  ANSWER_SOURCE_ATTRIBUTE,
  answerFromRow,
  answerProblems,
  renderAnswerFrontmatter,
  type AnswerFields,
} from "./answer-file.ts";
import { AnswerLedger, type AnswerSettlement } from "./answer-ledger.ts";
import {
  postCredit,
  type AuthorSource,
  type LicenceSource,
  type PostCredit,
  type PostKind,
} from "./attribution.ts";
import { byId, isId, type PostLinks } from "./post-links.ts";
import {
  creditFields,
  frontmatterProblems,
  renderFrontmatter,
  type FieldProblem,
  type QuestionFields,
} from "./question-file.ts";
import {
  questionFromRow,
  SOURCE_ATTRIBUTE,
  type RowOptions,
  type RowQuestion,
} from "./question-row.ts";
import { TextCheck } from "./text-check.ts";
import { questionNotices, type PostNotices } from "./post-history.ts";
import type { TagWikiPosts } from "./tag-wikis.ts";
import { detachedCopy } from "./detached-copy.ts";
import type { CreditedUsers } from "./user-credits.ts";
import type { UserNames } from "./users.ts";
import { readDumpRows, type DumpRow, type ReadProgress } from "./xml-rows.ts";

/** A post row that could not become a file, for one reason. */
export interface PostProblem {
  /** A question row (or a row of unknown type, which may be one), or an answer row. */
  post: PostKind;
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
  /** The question's Posts.xml line, when it is known. */
  line?: number;
  message: string;
}

/** How a post that a duplicate link names fared, so the link can be followed or reported. */
export type PostStatus =
  { kind: "written" } | { kind: "failed" } | { kind: "not a question"; postTypeId: string };

/** An author name the import changed to fit on one line, and who it credits. */
export interface NameCleaned {
  /** `user 1045` (Users.xml), or `question 7` / `answer 9` (OwnerDisplayName). */
  who: string;
  from: string;
  to: string;
}

export interface PostsPass {
  rows: number;
  bytes: number;
  questionRows: number;
  written: number;
  closed: number;
  /** What the questions written show of PostHistory.xml (`questionNotices`). */
  notices: NoticeCounts;
  answerRows: number;
  /** Answers written, accepted ones, and what must wait for the end of the pass. */
  answers: AnswerLedger;
  skippedByType: Map<string, number>;
  /** Watermark rows left out (`WATERMARK_POST_IDS`). */
  watermarks: number;
  /** Per "from -> to" change, the questions carrying it. */
  tagChanges: Map<string, { from: string; to: string; by: "tag map" | "rule"; questions: number }>;
  /** Questions per dump tag, for the Tags.xml check and to see which mapped tags merge. */
  dumpTagCounts: Map<string, number>;
  /** The tags, as mapped, of the questions written: those a tag wiki may be written for. */
  writtenTags: Set<string>;
  tagRepeats: { id: string; tag: string; from: string[] }[];
  titlesTrimmed: string[];
  /** Posts written (questions and answers) per licence, and per where the licence came from. */
  licences: Map<string, number>;
  licenceFrom: Map<LicenceSource, number>;
  /** Posts written per where their author's name came from. */
  authors: Map<AuthorSource, number>;
  /** Posts whose OwnerUserId has no row in Users.xml. */
  unknownUsers: number;
  /** The users given a file (the input's `credited`): each post kept credits its author. */
  credited: CreditedUsers | undefined;
  /** By user (Users.xml) or post (OwnerDisplayName), each once. */
  namesCleaned: Map<string, NameCleaned>;
  /** Only for the posts a duplicate link names (as duplicate or original): flat memory. */
  linkedPosts: Map<string, PostStatus>;
  /** Written questions that PostLinks.xml says are duplicates, with their Posts.xml line. */
  candidates: Map<string, { line: number }>;
  problems: PostProblem[];
  warnings: QuestionWarning[];
  textCheck: TextCheck | undefined;
  /** Posts written, and those whose body holds TeX (see math-use.ts). */
  mathUse: MathUse;
}

/** How many questions written show each notice, and the close reasons not known by name. */
export interface NoticeCounts {
  closeReasons: number;
  /** Questions closed for a reason id `CLOSE_REASON_NAMES` lacks, by that id. */
  unknownReasons: Map<string, number>;
  locked: number;
  /** Posts (questions and answers) written as community wiki. */
  communityWiki: number;
}

export interface PostsPassInput {
  postsFile: string;
  /** The staging folder's questions/ and answers/, where `<Id>.md` files are written. */
  questionsDir: string;
  answersDir: string;
  site: string;
  /** Display names, when the dump has a Users.xml. */
  users: UserNames | undefined;
  /** The users credited so far, who get a users/ file; undefined with `--no-users`. */
  credited: CreditedUsers | undefined;
  /** `--license`: the licence of posts without ContentLicense, instead of their era's. */
  licenceOverride: string | undefined;
  row: RowOptions;
  links: PostLinks;
  /** The closes and locks of PostHistory.xml (empty when the dump has none). */
  notices: PostNotices;
  checkText: boolean;
  /** Where the tags' excerpts and wikis are set aside; without it, they are counted. */
  tagWikiPosts?: TagWikiPosts;
  onProgress?: (progress: ReadProgress) => void;
}

/**
 * One streaming pass over Posts.xml: each question (PostTypeId 1) and answer (2) row is mapped,
 * credited, checked with the schema exactly as the build reads it, and written at once, so no
 * body is held. Other rows are counted by type. What needs the whole file is settled after it:
 * duplicates (see duplicates.ts), and answers whose question came later, failed, or is not in
 * the dump (see answer-ledger.ts); for that, only the posts the links name, and one bit per
 * written post, are remembered.
 */
export async function importPosts(input: PostsPassInput): Promise<PostsPass> {
  const state: PassState = {
    input,
    pass: emptyPass(input.checkText, input.credited),
    linked: linkedIds(input.links),
  };
  const { pass } = state;
  const onRow = (row: DumpRow) => importRow(state, row);
  const { rows, bytes } = await readDumpRows(input.postsFile, "posts", onRow, input.onProgress);
  pass.rows = rows;
  pass.bytes = bytes;
  pass.titlesTrimmed.sort(byId);
  pass.tagRepeats.sort((a, b) => byId(a.id, b.id));
  return pass;
}

/**
 * The posts Stack Exchange fabricates in its dumps since 2025 to watermark them, which no site
 * ever held (openzim/sotoki #329 and #361, meta.stackexchange.com/q/412018): left out, and
 * counted in the report.
 */
export const WATERMARK_POST_IDS: ReadonlySet<string> = new Set(["1000000001", "1000000010"]);

/** What each row's step needs: the pass's input, its results so far, and the ids links name. */
interface PassState {
  input: PostsPassInput;
  pass: PostsPass;
  /** Every post a duplicate link names, as duplicate or original. */
  linked: ReadonlySet<string>;
}

function emptyPass(checkText: boolean, credited: CreditedUsers | undefined): PostsPass {
  return {
    rows: 0,
    bytes: 0,
    questionRows: 0,
    written: 0,
    closed: 0,
    notices: { closeReasons: 0, unknownReasons: new Map(), locked: 0, communityWiki: 0 },
    answerRows: 0,
    answers: new AnswerLedger(),
    skippedByType: new Map(),
    watermarks: 0,
    tagChanges: new Map(),
    dumpTagCounts: new Map(),
    writtenTags: new Set(),
    tagRepeats: [],
    titlesTrimmed: [],
    licences: new Map(),
    licenceFrom: new Map(),
    authors: new Map(),
    unknownUsers: 0,
    credited,
    namesCleaned: new Map(),
    linkedPosts: new Map(),
    candidates: new Map(),
    problems: [],
    warnings: [],
    textCheck: checkText ? new TextCheck() : undefined,
    mathUse: { posts: 0, withTex: 0 },
  };
}

function linkedIds(links: PostLinks): Set<string> {
  const linked = new Set<string>();
  for (const [source, targets] of links.bySource) {
    linked.add(source);
    for (const target of targets) linked.add(target);
  }
  return linked;
}

/** One row of Posts.xml: a question or an answer is imported, any other type counted. */
function importRow(state: PassState, row: DumpRow): void {
  const { pass } = state;
  const id = row.attributes["Id"];
  const type = row.attributes["PostTypeId"];
  if (id !== undefined && WATERMARK_POST_IDS.has(id)) {
    pass.watermarks++;
    return;
  }
  if (type === "1" || type === "2") {
    if (type === "2") remember(state, id, { kind: "not a question", postTypeId: type });
    (type === "1" ? importQuestion : importAnswer)(state, id ?? NO_ID, row);
  } else if (type === undefined) {
    pass.problems.push(
      detachedCopy({
        post: "question",
        id: id ?? NO_ID,
        line: row.line,
        source: "PostTypeId",
        reason:
          "is missing, so this row may be a question that cannot be imported; the dump is damaged here",
      }),
    );
    remember(state, id, { kind: "failed" });
  } else {
    // Tag excerpts and wikis are set aside for tags/ (tag-wikis.ts); the rest is counted.
    if (state.input.tagWikiPosts?.take(type, id, row) !== true) count(pass.skippedByType, type);
    remember(state, id, { kind: "not a question", postTypeId: type });
  }
}

/** Keeps how a post fared only when a duplicate link names it: flat memory. */
function remember(state: PassState, id: string | undefined, status: PostStatus): void {
  const { pass, linked } = state;
  if (id !== undefined && linked.has(id) && !pass.linkedPosts.has(id)) {
    pass.linkedPosts.set(detachedCopy(id), detachedCopy(status));
  }
}

function importQuestion(state: PassState, id: string, row: DumpRow): void {
  const { input, pass } = state;
  const { attributes, line } = row;
  pass.questionRows++;
  if (!isId(id) || !QUESTION_ID_PATTERN.test(id)) {
    reportBadId(pass, "question", id, line);
    return;
  }

  const question = questionFromRow(attributes, input.row);
  countTags(pass, question);

  const given = creditOf(input, "question", id, attributes);
  const notices = questionNotices(input.notices, id, question.fields.closed !== undefined);
  const fields: QuestionFields = {
    ...question.fields,
    ...(notices.closeReason !== undefined && { closeReason: notices.closeReason }),
    ...(notices.locked !== undefined && { locked: notices.locked }),
    ...creditFields(given),
  };
  // Every question it links to: those that turn out not to be written go when the pass is over.
  const linked = input.links.linked.targetsOf(id);
  if (linked.length > 0) fields.linked = linked;
  const problems = withSchemaProblems(question.problems, frontmatterProblems(fields));
  if (problems.length > 0) {
    reportFieldProblems(pass, "question", id, row, problems, SOURCE_ATTRIBUTE);
    remember(state, id, { kind: "failed" });
    return;
  }

  const text = renderFrontmatter(fields, given.comment) + question.body;
  if (!writePostFile(state, "question", id, line, text)) return;
  pass.written++;
  for (const tag of fields.tags) pass.writtenTags.add(detachedCopy(tag));
  countMathUse(pass.mathUse, question.body);
  if (fields.state === "closed") pass.closed++;
  countNotices(pass.notices, fields, notices.unknownReason);
  credited(pass, "question", id, given);
  if (question.titleTrimmed) pass.titlesTrimmed.push(detachedCopy(id));
  for (const repeat of question.tagRepeats) pass.tagRepeats.push(detachedCopy({ id, ...repeat }));
  pass.answers.questionWritten(
    id,
    line,
    fields.answers,
    question.answerCountMissing,
    attributes["AcceptedAnswerId"],
  );
  remember(state, id, { kind: "written" });
  if (input.links.bySource.has(id)) pass.candidates.set(detachedCopy(id), { line });
  pass.textCheck?.check(detachedCopy(id), question.body);
}

/** Counts the notices a written question shows. */
function countNotices(
  counts: NoticeCounts,
  fields: QuestionFields,
  unknownReason: string | undefined,
): void {
  if (fields.closeReason !== undefined) counts.closeReasons++;
  if (unknownReason !== undefined) count(counts.unknownReasons, unknownReason);
  if (fields.locked !== undefined) counts.locked++;
  if (fields.communityWiki) counts.communityWiki++;
}

/** Counts a question's dump tags, for Tags.xml's check, and the changes mapping made to them. */
function countTags(pass: PostsPass, question: RowQuestion): void {
  for (const tag of new Set(question.dumpTags)) {
    count(pass.dumpTagCounts, tag);
  }
  for (const change of question.tagChanges) {
    const key = `${change.from}\u0000${change.to}`;
    const use = pass.tagChanges.get(key);
    if (use) use.questions++;
    else pass.tagChanges.set(detachedCopy(key), detachedCopy({ ...change, questions: 1 }));
  }
}

function importAnswer(state: PassState, id: string, row: DumpRow): void {
  const { input, pass } = state;
  const { attributes, line } = row;
  pass.answerRows++;
  if (!isId(id) || !QUESTION_ID_PATTERN.test(id)) {
    reportBadId(pass, "answer", id, line);
    return;
  }
  const answer = answerFromRow(attributes);
  const given = creditOf(input, "answer", id, attributes);
  const fields: AnswerFields = { ...answer.fields, ...creditFields(given) };
  const problems = withSchemaProblems(answer.problems, answerProblems(fields));
  const questionId = fields.question;
  if (problems.length > 0 || questionId === undefined) {
    reportFieldProblems(pass, "answer", id, row, problems, ANSWER_SOURCE_ATTRIBUTE);
    return;
  }

  const accepted = pass.answers.accepts(id, questionId);
  if (accepted) fields.accepted = true;
  const text = renderAnswerFrontmatter(fields, given.comment) + answer.body;
  if (!writePostFile(state, "answer", id, line, text)) return;
  countMathUse(pass.mathUse, answer.body);
  if (fields.communityWiki) pass.notices.communityWiki++;
  // An answer read before its question is credited once its question is known to be written.
  if (pass.answers.answerWritten(id, questionId, accepted, given))
    credited(pass, "answer", id, given);
}

function creditOf(
  input: PostsPassInput,
  kind: PostKind,
  id: string,
  attributes: DumpRow["attributes"],
): PostCredit {
  // The input names the users, those credited and --license, as a credit's sources.
  return postCredit(input.site, kind, id, attributes, input);
}

/**
 * The mapping's problems, then the schema's: the schema has the last word, but a field the
 * mapping already failed is reported once.
 */
function withSchemaProblems(
  mapping: readonly FieldProblem[],
  schema: readonly FieldProblem[],
): FieldProblem[] {
  const mappingFailed = new Set(mapping.map((problem) => problem.field));
  return [...mapping, ...schema.filter((problem) => !mappingFailed.has(baseField(problem.field)))];
}

/** Reports every problem of one row, each field with its dump attribute and value. */
function reportFieldProblems(
  pass: PostsPass,
  post: PostKind,
  id: string,
  { attributes, line }: DumpRow,
  problems: readonly FieldProblem[],
  sourceAttribute: Readonly<Record<string, string>>,
): void {
  for (const problem of problems) {
    const attribute = sourceAttribute[baseField(problem.field)];
    const value = attribute === undefined ? undefined : attributes[attribute];
    pass.problems.push(
      detachedCopy({
        post,
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
}

/** A problem with a row's Id, which names its file. */
function reportIdProblem(
  pass: PostsPass,
  post: PostKind,
  id: string,
  line: number,
  reason: string,
): void {
  pass.problems.push(detachedCopy({ post, id, line, source: "Id", reason }));
}

function reportBadId(pass: PostsPass, post: PostKind, id: string, line: number): void {
  reportIdProblem(
    pass,
    post,
    id,
    line,
    `${id === NO_ID ? "is missing" : `${JSON.stringify(id)} is not a post id`}; the file name ${post}s/<Id>.md needs a whole number`,
  );
}

/** Writes a post's file unless one with its Id was written already (a repeated row). */
function writePostFile(
  state: PassState,
  post: PostKind,
  id: string,
  line: number,
  text: string,
): boolean {
  const folder = post === "question" ? state.input.questionsDir : state.input.answersDir;
  try {
    // "wx": a second row with the same Id must not replace the first one's file.
    writeFileSync(join(folder, `${id}.md`), text, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    reportIdProblem(
      state.pass,
      post,
      id,
      line,
      `another ${post} row earlier in the file has Id ${id}; that one was kept and this one was not imported, since one Id can name only one ${post}`,
    );
    return false;
  }
}

/**
 * Once the pass is over, settles the answers (see AnswerLedger.settle): the ones whose question
 * was not written go, and the ones read before their question are credited.
 */
export function settleAnswers(
  pass: PostsPass,
  questionsDir: string,
  answersDir: string,
): AnswerSettlement {
  const failed = (post: PostKind) =>
    new Set(pass.problems.filter((problem) => problem.post === post).map(({ id }) => id));
  const settled = pass.answers.settle(
    questionsDir,
    answersDir,
    failed("question"),
    failed("answer"),
  );
  for (const { id, credit } of settled.keptEarly) credited(pass, "answer", id, credit);
  return settled;
}

/**
 * Counts what the report says about a written post's credit, and credits its author with a
 * file in users/; an editor not credited yet waits for the end (see settleEditors).
 */
function credited(pass: PostsPass, post: PostKind, id: string, given: PostCredit): void {
  if (given.user !== undefined) pass.credited?.credit(given.user);
  if (given.editorPending) pass.credited?.editorPending(id);
  count(pass.authors, given.authorFrom);
  if (given.unknownUser) pass.unknownUsers++;
  if (given.license !== undefined) count(pass.licences, given.license);
  count(pass.licenceFrom, given.licenceFrom);
  const cleaned = given.nameCleaned;
  if (cleaned !== undefined && given.author !== undefined) {
    const who = cleaned.userId === undefined ? `${post} ${id}` : `user ${cleaned.userId}`;
    if (!pass.namesCleaned.has(who)) {
      pass.namesCleaned.set(
        detachedCopy(who),
        detachedCopy({ who, from: cleaned.from, to: given.author }),
      );
    }
  }
}

/** What a problem names a row without an Id by. */
const NO_ID = "(no Id)";

/** Counts one more under `key`, which is copied (see `detachedCopy`) the first time it is seen. */
function count<Key extends string>(counts: Map<Key, number>, key: Key): void {
  const seen = counts.get(key);
  counts.set(seen === undefined ? detachedCopy(key) : key, (seen ?? 0) + 1);
}

/** `tags[2]` -> `tags`. */
function baseField(field: string): string {
  return field.replace(/[.[].*$/, "");
}

function shorten(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
}
