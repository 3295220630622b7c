import { dumpFileSize } from "./dump-source.ts";
import { basename } from "node:path";
import type { AnswerSettlement } from "./answer-ledger.ts";
import type { DumpFiles } from "./dump-files.ts";
import type { DuplicateOutcome } from "./duplicates.ts";
import type { LinkedOutcome } from "./linked.ts";
import type { CommentsPass } from "./import-comments.ts";
import type { ImagesPass } from "./import-images.ts";
import type { PostProblem, PostsPass } from "./import-posts.ts";
import { byId, type PostLinks } from "./post-links.ts";
import { postTypeName, type ImportReport } from "./report.ts";
import type { TagCountCheck } from "./tag-counts.ts";
import type { TagWikiOutcome } from "./tag-wikis.ts";
import type { UsersPass } from "./import-users.ts";

export interface ReportParts {
  site: string;
  name: string;
  out: string;
  dump: DumpFiles;
  links: PostLinks;
  pass: PostsPass;
  answers: AnswerSettlement;
  /** What became of Comments.xml's rows; undefined when the dump has none. */
  comments: CommentsPass | undefined;
  /** `--images`'s step; undefined without it. */
  images: ImagesPass | undefined;
  /** Rows of the files the import does not read, by file; absent: not in the dump. */
  notCarriedRows: ReadonlyMap<string, number>;
  /** Rows of Users.xml, when it was read. */
  userRows: number;
  duplicates: DuplicateOutcome;
  linked: LinkedOutcome;
  tagCounts: TagCountCheck | null;
  /** What became of the tags' excerpts and wikis. */
  tagWikis: TagWikiOutcome;
  /** The users/ files and their badges; undefined with `--no-users` or without Users.xml. */
  users: UsersPass | undefined;
  written: boolean;
  exitCode: 0 | 1;
  seconds: number;
  /** Whether community.yaml got `math: tex`, and `--math` (true), `--no-math` (false) or neither. */
  math: { on: boolean; flag: boolean | undefined };
  /** community.yaml's `pageSize` (undefined: one page), and `--page-size` when given. */
  pageSize: { size: number | undefined; flag: number | null | undefined };
}

/** Puts the steps' results into the report's shape, sorted so two runs print the same. */
export function assembleReport(parts: ReportParts): ImportReport {
  const { pass, duplicates, links, dump } = parts;
  const problems = [...pass.problems, ...duplicates.problems].sort(
    (a, b) => a.line - b.line || byId(a.id, b.id),
  );
  const importable = pass.written;
  return {
    site: parts.site,
    name: parts.name,
    out: parts.out,
    files: {
      posts: dump.posts,
      postLinks: dump.postLinks ?? null,
      tags: dump.tags ?? null,
      users: dump.users ?? null,
    },
    postRows: pass.rows,
    questions: {
      inDump: pass.questionRows,
      importable,
      notImported: failedRows(problems, "question"),
      written: parts.written ? importable : 0,
    },
    answers: {
      inDump: pass.answerRows,
      importable: pass.answers.written,
      notImported: failedRows(problems, "answer"),
      written: parts.written ? pass.answers.written : 0,
      accepted: parts.written ? pass.answers.accepted : 0,
      withoutQuestion: [...parts.answers.withoutQuestion].sort((a, b) => byId(a.id, b.id)),
    },
    comments: commentsPart(parts),
    images: parts.images ?? null,
    authors: authorsPart(parts),
    users: usersPart(parts),
    licences: licencesPart(pass),
    notCarriedOver: notCarriedOverPart(dump, parts.notCarriedRows),
    skippedByType: [...pass.skippedByType]
      .sort(([a], [b]) => byId(a, b))
      .map(([postTypeId, rows]) => ({ postTypeId, kind: postTypeName(postTypeId), rows })),
    watermarkRows: pass.watermarks,
    closed: parts.written ? pass.closed : 0,
    notices: noticesPart(parts.dump, pass, parts.written),
    duplicates: parts.written ? duplicates.followed : 0,
    tagsMapped: [...pass.tagChanges.values()]
      .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
      .map((change) => ({ ...change, mergesWithDumpTag: pass.dumpTagCounts.has(change.to) })),
    tagRepeats: pass.tagRepeats,
    titlesTrimmed: pass.titlesTrimmed,
    duplicateLinks: duplicateLinksPart(dump, links, duplicates),
    linkedQuestions: parts.linked,
    tagCounts: parts.tagCounts,
    tagWikis: tagWikisPart(parts),
    textCheck:
      pass.textCheck === undefined
        ? null
        : { checked: pass.textCheck.checked, differences: pass.textCheck.differences },
    warnings: [...pass.warnings, ...parts.answers.warnings].sort(
      (a, b) => byId(a.id, b.id) || (a.line ?? 0) - (b.line ?? 0),
    ),
    problems,
    math: {
      setting: parts.math.on ? "tex" : "off",
      by: parts.math.flag === undefined ? "share" : parts.math.flag ? "--math" : "--no-math",
      ...pass.mathUse,
    },
    listing: {
      pageSize: parts.pageSize.size ?? null,
      by: parts.pageSize.flag === undefined ? "questions" : "--page-size",
      questions: pass.written,
    },
    written: parts.written,
    exitCode: parts.exitCode,
    stats: statsPart(dump, pass, parts.seconds),
  };
}

/** The tag wikis' outcome: nothing written when the import is not swapped in. */
function tagWikisPart({ tagWikis, written }: ReportParts): ImportReport["tagWikis"] {
  return written ? tagWikis : { ...tagWikis, written: 0, excerpts: 0, bodies: 0 };
}

/** The rows (by line and Id) of one kind of post that have a problem: a row can have several. */
function failedRows(problems: readonly PostProblem[], post: string): number {
  return new Set(
    problems
      .filter((problem) => problem.post === post)
      .map((problem) => `${problem.line} ${problem.id}`),
  ).size;
}

const count = <Key>(counts: ReadonlyMap<Key, number>, key: Key) => counts.get(key) ?? 0;

function authorsPart(parts: ReportParts): ImportReport["authors"] {
  const { pass } = parts;
  return {
    file: parts.dump.users ?? null,
    users: parts.userRows,
    fromUsers: count(pass.authors, "Users.xml"),
    fromOwnerDisplayName: count(pass.authors, "OwnerDisplayName"),
    none: count(pass.authors, "none"),
    unknownUsers: pass.unknownUsers,
    namesCleaned: [...pass.namesCleaned.values()].sort((a, b) =>
      a.who.localeCompare(b.who, "en", { numeric: true }),
    ),
  };
}

/** The users/ files written, and why none were; none counted when nothing was written. */
function usersPart({ users, dump, written }: ReportParts): ImportReport["users"] {
  const without =
    users !== undefined ? null : dump.users === undefined ? "no Users.xml" : "--no-users";
  const none: UsersPass = {
    written: 0,
    wroteNothing: 0,
    unnamed: 0,
    websitesLeftOut: [],
    fieldsLeftOut: [],
    badges: null,
  };
  const pass = users ?? none;
  return {
    files: users !== undefined,
    without,
    badgesFile: dump.badges ?? null,
    ...pass,
    written: written ? pass.written : 0,
    websitesLeftOut: pass.websitesLeftOut.toSorted((a, b) => Number(a.user) - Number(b.user)),
  };
}

function licencesPart(pass: PostsPass): ImportReport["licences"] {
  return {
    perLicence: [...pass.licences]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([licence, posts]) => ({ licence, posts })),
    fromContentLicense: count(pass.licenceFrom, "ContentLicense"),
    byDate: count(pass.licenceFrom, "date"),
    fromOption: count(pass.licenceFrom, "--license"),
  };
}

/** The notices the questions written show; none when nothing was written. */
function noticesPart(dump: DumpFiles, pass: PostsPass, written: boolean): ImportReport["notices"] {
  const { closeReasons, unknownReasons, locked, communityWiki } = pass.notices;
  return {
    file: dump.postHistory ?? null,
    closeReasons: written ? closeReasons : 0,
    unknownReasons: written
      ? [...unknownReasons].map(([reasonId, questions]) => ({ reasonId, questions }))
      : [],
    locked: written ? locked : 0,
    communityWiki: written ? communityWiki : 0,
  };
}

/** What became of the comments; written only when the import was. */
function commentsPart(parts: ReportParts): ImportReport["comments"] {
  const { comments } = parts;
  return {
    file: parts.dump.comments ?? null,
    rows: comments?.rows ?? 0,
    written: parts.written ? (comments?.written ?? 0) : 0,
    posts: parts.written ? (comments?.posts ?? 0) : 0,
    onPostsNotImported: comments?.onPostsNotImported ?? [],
    unreadable: comments?.unreadable ?? [],
    perLicence: [...(comments?.licences ?? [])]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([licence, count]) => ({ licence, comments: count })),
  };
}

/** Edit history and votes: their rows when the file is in the dump, else null. */
function notCarriedOverPart(
  dump: DumpFiles,
  notCarriedRows: ReadonlyMap<string, number>,
): ImportReport["notCarriedOver"] {
  const notCarried = (what: string, file: string | undefined, name: string) => ({
    what,
    file: file === undefined ? name : basename(file),
    rows: file === undefined ? null : (notCarriedRows.get(file) ?? null),
  });
  return [
    notCarried("edit history", dump.postHistory, "PostHistory.xml"),
    notCarried("votes", dump.votes, "Votes.xml"),
  ];
}

function duplicateLinksPart(
  dump: DumpFiles,
  links: PostLinks,
  duplicates: DuplicateOutcome,
): ImportReport["duplicateLinks"] {
  return {
    file: dump.postLinks ?? null,
    rows: links.rows,
    duplicateRows: links.duplicateRows,
    followed: duplicates.followed,
    notFollowed: duplicates.notFollowed,
    ignored: duplicates.ignored,
    unusable: links.unusable,
    multiple: duplicates.multiple,
    withoutClosedDate: duplicates.withoutClosedDate,
  };
}

/** Size, rates and peak memory; read last, so the peak covers the whole import. */
function statsPart(dump: DumpFiles, pass: PostsPass, seconds: number): ImportReport["stats"] {
  const postsMegabytes = dumpFileSize(dump.posts) / 1e6;
  return {
    seconds,
    postsMegabytes,
    megabytesPerSecond: postsMegabytes / seconds,
    questionsPerSecond: pass.written / seconds,
    peakRssMegabytes: process.resourceUsage().maxRSS / 1024,
  };
}
