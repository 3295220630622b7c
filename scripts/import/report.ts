import { basename } from "node:path";
import { MATH_SHARE } from "./math-use.ts";
import { PAGING_ABOVE } from "./page-size.ts";
import type { AnswerWithoutQuestion } from "./answer-ledger.ts";
import type { LinkNote } from "./duplicates.ts";
import type { LinkedOutcome } from "./linked.ts";
import type { NameCleaned, PostProblem, QuestionWarning } from "./import-posts.ts";
import type { CommentProblem } from "./import-comments.ts";
import type { ImagesPass } from "./import-images.ts";
import type { TagCountCheck } from "./tag-counts.ts";
import type { TagWikiOutcome } from "./tag-wikis.ts";
import type { TextDifference } from "./text-check.ts";
import type { UsersPass } from "./import-users.ts";

/** Everything an import did and did not do; printed as text, or as JSON with --json. */
export interface ImportReport {
  site: string;
  name: string;
  out: string;
  files: { posts: string; postLinks: string | null; tags: string | null; users: string | null };
  /** Every `<row>` of Posts.xml. */
  postRows: number;
  questions: {
    /** Rows with PostTypeId 1. */
    inDump: number;
    /** Questions that passed every check (written, unless the import failed without --allow-partial). */
    importable: number;
    /** Question rows (and rows of unknown type) that could not be imported: see `problems`. */
    notImported: number;
    /** Question files now in `out`. */
    written: number;
  };
  answers: {
    /** Rows with PostTypeId 2. */
    inDump: number;
    /** Answers that passed every check and whose question was written. */
    importable: number;
    /** Answer rows that could not be imported: see `problems`. */
    notImported: number;
    /** Answer files now in `out`. */
    written: number;
    /** Of those, the ones marked `accepted: true`. */
    accepted: number;
    /** Answers left out because their question was not written. */
    withoutQuestion: AnswerWithoutQuestion[];
  };
  /** `--images`: the images fetched into images/, and those that could not be had; null without it. */
  images: ImagesPass | null;
  /** What became of Comments.xml's rows: each comment is in its post's `comments`. */
  comments: {
    /** Comments.xml, when it is beside Posts.xml. */
    file: string | null;
    /** Every `<row>` of Comments.xml. */
    rows: number;
    /** Comments now in `out`, and the posts that have them. */
    written: number;
    posts: number;
    /** Comments on posts that were not imported (not in Posts.xml, not a question or answer). */
    onPostsNotImported: { id: string; post: string }[];
    /** Rows that could not be read as a comment, each problem with its field. */
    unreadable: CommentProblem[];
    /** Comments written per licence. */
    perLicence: { licence: string; comments: number }[];
  };
  /** Who the written posts credit, and how the names were found. */
  authors: {
    /** Users.xml, when it is beside Posts.xml. */
    file: string | null;
    /** Rows of Users.xml. */
    users: number;
    /** Posts credited by their OwnerUserId's name in Users.xml, with a link to the user. */
    fromUsers: number;
    /** Posts credited by OwnerDisplayName (deleted users), with no link. */
    fromOwnerDisplayName: number;
    /** Posts with no author: no name in Users.xml and no OwnerDisplayName. */
    none: number;
    /** Posts whose OwnerUserId has no row in Users.xml. */
    unknownUsers: number;
    namesCleaned: NameCleaned[];
  };
  /** Who got a file in users/, from Users.xml's rows and Badges.xml's badges. */
  users: {
    /** Whether users/ was written: false with `--no-users`, or without Users.xml. */
    files: boolean;
    /** Why not, when it was not: the flag, or the file missing. */
    without: "--no-users" | "no Users.xml" | null;
    /** Badges.xml, when it is in the dump (read only when users/ is written). */
    badgesFile: string | null;
  } & UsersPass;
  /** Posts written per licence, and where their licences came from. */
  licences: {
    perLicence: { licence: string; posts: number }[];
    fromContentLicense: number;
    byDate: number;
    fromOption: number;
  };
  /** What the dump holds that the content format has no place for; rows null: not in the dump. */
  notCarriedOver: { what: string; file: string; rows: number | null }[];
  skippedByType: { postTypeId: string; kind: string; rows: number }[];
  /** Posts.xml's watermark rows (ids 1000000001 and 1000000010), left out. */
  watermarkRows: number;
  /** Questions written with `state: closed` (duplicates not included). */
  closed: number;
  /** What the questions show of PostHistory.xml and CommunityOwnedDate. */
  notices: {
    /** The PostHistory.xml closes and locks were read from; null: not in the dump. */
    file: string | null;
    /** Closed questions written with their close's reason. */
    closeReasons: number;
    /** Closes whose reason id has no name here, by id: closed, with no reason given. */
    unknownReasons: { reasonId: string; questions: number }[];
    locked: number;
    /** Questions and answers written as community wiki. */
    communityWiki: number;
  };
  /** Questions written with `state: duplicate`. */
  duplicates: number;
  tagsMapped: {
    from: string;
    to: string;
    by: "tag map" | "rule";
    questions: number;
    /** `to` is also a tag of the dump: the two now are one tag. */
    mergesWithDumpTag: boolean;
  }[];
  /** Questions where mapping made two tags equal; the tag is kept once. */
  tagRepeats: { id: string; tag: string; from: string[] }[];
  titlesTrimmed: string[];
  duplicateLinks: {
    file: string | null;
    rows: number;
    duplicateRows: number;
    followed: number;
    notFollowed: LinkNote[];
    ignored: LinkNote[];
    unusable: { line: number; reason: string }[];
    multiple: { id: string; targets: string[]; chosen: string }[];
    withoutClosedDate: string[];
  };
  /** What became of PostLinks.xml's linked rows: each question's `linked`. */
  linkedQuestions: LinkedOutcome;
  tagCounts: TagCountCheck | null;
  /** What became of the tags' excerpts and wikis (tags/). */
  tagWikis: TagWikiOutcome;
  textCheck: { checked: number; differences: TextDifference[] } | null;
  warnings: QuestionWarning[];
  problems: PostProblem[];
  /**
   * community.yaml's `math`: `tex` or `off`, decided by `--math` / `--no-math` or else by the
   * share of the posts written whose body holds TeX (scripts/import/math-use.ts).
   */
  math: {
    setting: "tex" | "off";
    by: "--math" | "--no-math" | "share";
    posts: number;
    withTex: number;
  };
  /**
   * community.yaml's `pageSize` (null: one page), decided by `--page-size` or else by the
   * questions written (scripts/import/page-size.ts).
   */
  listing: {
    pageSize: number | null;
    by: "--page-size" | "questions";
    questions: number;
  };
  /** Whether `out` now holds this import. */
  written: boolean;
  exitCode: 0 | 1;
  stats: {
    seconds: number;
    postsMegabytes: number;
    megabytesPerSecond: number;
    questionsPerSecond: number;
    peakRssMegabytes: number;
  };
}

/** Post types of the dumps, by PostTypeId (the PostTypes table of the Stack Exchange schema). */
const POST_TYPES: Readonly<Record<string, string>> = {
  "1": "questions",
  "2": "answers",
  "3": "orphaned tag wikis",
  "4": "tag wiki excerpts",
  "5": "tag wikis",
  "6": "moderator nominations",
  "7": "wiki placeholders",
  "8": "privilege wikis",
  "9": "articles",
  "10": "help articles",
  "12": "collections",
  "13": "moderator questionnaire responses",
  "14": "announcements",
  "15": "collective discussions",
  "17": "collective collections",
};

export function postTypeName(postTypeId: string): string {
  return POST_TYPES[postTypeId] ?? "posts of an unknown type";
}

const EXAMPLES = 10;

/** A count as a person reads it: 1,234. */
const n = (value: number) => value.toLocaleString("en-US");

/** The report as a person reads it: the counts first, then each list, then the outcome. */
export function formatReport(report: ImportReport): string {
  return [
    ...headerLines(report),
    ...postCountRows(report),
    ...creditCountRows(report),
    ...noteCountRows(report),
    ...listSections(report),
    ...textCheckLines(report.textCheck),
    ...notCarriedOverLines(report.notCarriedOver, report.users),
    ...problemSection(report.problems),
    "",
    outcome(report),
  ].join("\n");
}

/** What was imported where, how fast, and whether math is typeset and why. */
function headerLines(report: ImportReport): string[] {
  const { stats } = report;
  return [
    `Import of ${report.site} (${report.files.posts}) into ${report.out}`,
    `  ${stats.postsMegabytes.toFixed(1)} MB, ${n(report.postRows)} rows in ${stats.seconds.toFixed(1)} s: ` +
      `${stats.megabytesPerSecond.toFixed(1)} MB/s, ${n(Math.round(stats.questionsPerSecond))} questions/s, ` +
      `peak memory ${Math.round(stats.peakRssMegabytes)} MB`,
    `  math: ${report.math.setting} (${report.math.by === "share" ? "" : `${report.math.by}; `}` +
      `${n(report.math.withTex)} of ${n(report.math.posts)} posts hold TeX, ` +
      `${report.math.posts === 0 ? "0" : ((100 * report.math.withTex) / report.math.posts).toFixed(1)}%; ` +
      `${Math.round(MATH_SHARE * 100)}% or more turns it on)`,
    listingLine(report.listing),
    "",
  ];
}

/** Whether the listing is paged, and why. */
function listingLine(listing: ImportReport["listing"]): string {
  return (
    `  listing: ${listing.pageSize === null ? "one page" : `pages of ${n(listing.pageSize)}`} ` +
    `(${listing.by === "questions" ? "" : "--page-size; "}${n(listing.questions)} questions; ` +
    `more than ${PAGING_ABOVE} turns paging on)`
  );
}

/** One line of the counts: its label, the figure aligned on the right, then what it is made of. */
function countRow(label: string, value: number, note = ""): string {
  return `  ${label.padEnd(22)}${n(value).padStart(9)}${note === "" ? "" : `  ${note}`}`;
}

/** The counts of posts: written, left out, skipped, closed and duplicates. */
function postCountRows(report: ImportReport): string[] {
  const { questions, answers, duplicateLinks: links } = report;
  const skipped = report.skippedByType.reduce((sum, type) => sum + type.rows, 0);
  return [
    countRow("questions written", questions.written, `of ${n(questions.inDump)} question rows`),
    countRow(
      "answers written",
      answers.written,
      `of ${n(answers.inDump)} answer rows; ${n(answers.accepted)} accepted`,
    ),
    countRow(
      "answers left out",
      answers.withoutQuestion.length,
      answers.withoutQuestion.length === 0 ? "" : "their question was not written (listed below)",
    ),
    commentRow(report.comments),
    ...(report.images === null ? [] : [imagesRow(report.images)]),
    countRow(
      "post rows skipped",
      skipped,
      report.skippedByType
        .map((type) => `${type.kind} (type ${type.postTypeId}): ${n(type.rows)}`)
        .join(", "),
    ),
    ...(report.watermarkRows === 0
      ? []
      : [
          countRow(
            "watermarks left out",
            report.watermarkRows,
            "rows Stack Exchange fabricates to mark its dumps (ids 1000000001, 1000000010)",
          ),
        ]),
    tagWikiRow(report.tagWikis),
    countRow("closed", report.closed, closedNote(report)),
    ...noticeRows(report.notices),
    countRow(
      "duplicates",
      report.duplicates,
      links.file === null
        ? "no PostLinks.xml"
        : `from ${n(links.duplicateRows)} duplicate link${links.duplicateRows === 1 ? "" : "s"} in PostLinks.xml`,
    ),
    linkedRow(report.linkedQuestions, links.file !== null),
  ];
}

/** The tag wikis written to tags/, and those left out. */
function tagWikiRow(wikis: ImportReport["tagWikis"]): string {
  const { postRows } = wikis;
  if (!wikis.tagsXml) {
    return countRow(
      "tag wikis written",
      0,
      `no Tags.xml to name their tags: ${n(postRows.excerpts)} excerpts and ${n(postRows.wikis)} wikis of Posts.xml left out`,
    );
  }
  return countRow(
    "tag wikis written",
    wikis.written,
    `of ${n(wikis.withWikiPosts)} tags with an excerpt or wiki in Tags.xml; ` +
      `${n(wikis.excerpts)} with an excerpt, ${n(wikis.bodies)} with a wiki; ` +
      `${n(wikis.empty)} both empty; ${n(wikis.leftOut.length)} left out` +
      (wikis.leftOut.length === 0 ? "" : " (listed below)") +
      `; ${n(wikis.unnamed)} excerpt or wiki post${wikis.unnamed === 1 ? "" : "s"} of Posts.xml no tag names`,
  );
}

/** The comments written, and those left out: on posts not imported, or unreadable. */
function commentRow(comments: ImportReport["comments"]): string {
  if (comments.file === null) return countRow("comments written", 0, "no Comments.xml");
  const [notImported, unreadable] = [
    comments.onPostsNotImported.length,
    new Set(comments.unreadable.map((problem) => problem.line)).size,
  ];
  return countRow(
    "comments written",
    comments.written,
    `on ${n(comments.posts)} post${comments.posts === 1 ? "" : "s"}, of ${n(comments.rows)} rows in Comments.xml; ` +
      `${n(notImported)} on posts not imported, ${n(unreadable)} unreadable` +
      (notImported + unreadable === 0 ? "" : " (listed below)"),
  );
}

/** The images fetched into images/ (`--images`), and those left as links. */
function imagesRow(images: ImagesPass): string {
  return countRow(
    "images kept",
    images.fetched + images.fromCache,
    `of ${n(images.addresses)} on the image hosts, in ${n(images.posts)} post${images.posts === 1 ? "" : "s"}; ` +
      `${n(images.fromCache)} from the cache, ${(images.bytes / 1e6).toFixed(1)} MB; ` +
      `${n(images.failed.length)} left as links` +
      (images.failed.length === 0 ? "" : " (listed below)"),
  );
}

/** The links kept in questions' `linked`, and what became of the other linked rows. */
function linkedRow(linked: LinkedOutcome, hasPostLinks: boolean): string {
  const others = [
    linked.dropped === 0 ? "" : `${n(linked.dropped)} dropped (an end is not a question written)`,
    linked.duplicateOf === 0 ? "" : `${n(linked.duplicateOf)} already its duplicateOf`,
    linked.repeated === 0 ? "" : `${n(linked.repeated)} repeated`,
  ].filter((part) => part !== "");
  return countRow(
    "linked questions",
    linked.kept,
    hasPostLinks
      ? `in ${n(linked.questions)} question${linked.questions === 1 ? "" : "s"}, of ` +
          `${n(linked.rows)} linked row${linked.rows === 1 ? "" : "s"} in PostLinks.xml` +
          (others.length === 0 ? "" : `; ${others.join(", ")}`)
      : "no PostLinks.xml",
  );
}

/** The counts of the credit the licence asks for: authors and licences. */
function creditCountRows(report: ImportReport): string[] {
  const { authors, licences } = report;
  const posts = authors.fromUsers + authors.fromOwnerDisplayName + authors.none;
  return [
    countRow(
      "authors",
      authors.fromUsers + authors.fromOwnerDisplayName,
      authors.file === null
        ? `of ${n(posts)} posts, by OwnerDisplayName; no Users.xml, so no other names or user links`
        : `of ${n(posts)} posts: ${n(authors.fromUsers)} named from Users.xml (${n(authors.users)} users) with a link, ${n(authors.fromOwnerDisplayName)} by OwnerDisplayName (deleted users)`,
    ),
    countRow("posts without author", authors.none),
    ...userRows(report),
    countRow(
      "licences",
      licences.perLicence.length,
      licences.perLicence
        .map((item) => `${item.licence}: ${n(item.posts)} post${item.posts === 1 ? "" : "s"}`)
        .concat(
          licences.byDate === 0 ? [] : [`${n(licences.byDate)} by date, the dump naming none`],
          licences.fromOption === 0 ? [] : [`${n(licences.fromOption)} from --license`],
        )
        .join(", "),
    ),
  ];
}

/** The users/ files written and the badges in them, or why there are none. */
function userRows({ users, authors }: ImportReport): string[] {
  if (!users.files) {
    const why =
      users.without === "--no-users"
        ? "--no-users: credits link to the users' profiles on the site"
        : "no Users.xml";
    return [countRow("users written", 0, why)];
  }
  const [websites, others] = [users.websitesLeftOut.length, users.fieldsLeftOut.length];
  return [
    countRow(
      "users written",
      users.written,
      `of ${n(authors.users)} rows in Users.xml: each credited by a question, answer or comment written; ` +
        `${n(users.wroteNothing)} wrote nothing imported` +
        (users.unnamed === 0
          ? ""
          : `, ${n(users.unnamed)} row${users.unnamed === 1 ? " names" : "s name"} nobody`) +
        `; ${n(websites)} website${websites === 1 ? "" : "s"} left out` +
        (others === 0 ? "" : `, ${n(others)} other value${others === 1 ? "" : "s"}`) +
        (websites + others === 0 ? "" : " (listed below)"),
    ),
    badgeRow(users),
  ];
}

/** The badges counted in the users' files, and those of no known class. */
function badgeRow({ badges, badgesFile }: ImportReport["users"]): string {
  if (badges === null || badgesFile === null) return countRow("badges written", 0, "no Badges.xml");
  const unknown = badges.unknownClass.reduce((sum, item) => sum + item.awards, 0);
  const layout =
    badges.layout === "no Class"
      ? "no Class column, so classes by name from Stack Exchange's badges"
      : "with Class and TagBased";
  return countRow(
    "badges written",
    badges.awarded,
    `of ${n(badges.rows)} rows in ${basename(badgesFile)} (${layout}), on the users written; ` +
      `${n(unknown)} of no known class` +
      (badges.unnamed === 0 ? "" : `; ${n(badges.unnamed)} rows with no Name, not counted`) +
      (unknown === 0 ? "" : " (listed below)"),
  );
}

/** The counts of what was changed, noted or failed; each list follows below them. */
function noteCountRows(report: ImportReport): string[] {
  const noteCount = countNotes(report);
  return [
    countRow("tags mapped", report.tagsMapped.length),
    countRow("titles trimmed", report.titlesTrimmed.length),
    countRow("author names cleaned", report.authors.namesCleaned.length),
    countRow("notes", noteCount, noteCount === 0 ? "" : "(listed below)"),
    countRow(
      "problems",
      report.problems.length,
      report.problems.length === 0 ? "" : "(listed below)",
    ),
  ];
}

/** The notes listed below the counts; unknown users are one note, however many posts. */
function countNotes(report: ImportReport): number {
  const links = report.duplicateLinks;
  return (
    report.tagRepeats.length +
    links.notFollowed.length +
    links.ignored.length +
    links.unusable.length +
    links.multiple.length +
    links.withoutClosedDate.length +
    (report.tagCounts?.mismatches.length ?? 0) +
    report.warnings.length +
    (report.authors.unknownUsers === 0 ? 0 : 1)
  );
}

/** A titled list after a blank line, or nothing when it is empty. */
function section(title: string, items: readonly string[], limit = Infinity): string[] {
  if (items.length === 0) return [];
  const lines = ["", title];
  for (const item of items.slice(0, limit)) lines.push(`  ${item}`);
  if (items.length > limit)
    lines.push(`  ... and ${n(items.length - limit)} more (--json lists all)`);
  return lines;
}

/** Every list the counts point to, in the order of the counts. */
function listSections(report: ImportReport): string[] {
  return [
    ...tagSections(report),
    ...section(
      "Answers left out, because their question was not written:",
      report.answers.withoutQuestion.map(
        (item) => `answer ${item.id} -> question ${item.question}: ${item.reason}`,
      ),
    ),
    ...commentSections(report.comments),
    ...section(
      "Images left as links, because they could not be had (post: address: why):",
      (report.images?.failed ?? []).map((item) => `${item.post}: ${item.address}: ${item.reason}`),
    ),
    ...section(
      "Author names cleaned to one line (spaces trimmed from the ends, line breaks and control characters made spaces):",
      report.authors.namesCleaned.map(
        (item) => `${item.who}: ${JSON.stringify(item.from)} -> ${JSON.stringify(item.to)}`,
      ),
    ),
    ...duplicateLinkSections(report.duplicateLinks),
    ...tagCountSection(report.tagCounts),
    ...section(
      "Tag wikis left out (dump tag: why):",
      report.tagWikis.leftOut.map((item) => `${item.tag}: ${item.reason}`),
    ),
    ...userSections(report.users),
    ...otherNotesSection(report),
  ];
}

/** The comments left out, by Id: on posts not imported, and rows that could not be read. */
function commentSections(comments: ImportReport["comments"]): string[] {
  return [
    ...section(
      "Comments left out, because their post was not imported (comment -> post):",
      comments.onPostsNotImported.map((item) => `comment ${item.id} -> post ${item.post}`),
      EXAMPLES,
    ),
    ...section(
      "Comments that could not be read (left out):",
      comments.unreadable.map((problem) => {
        const what = [
          problem.field,
          problem.source === undefined ? undefined : `from ${problem.source}`,
        ]
          .filter((part) => part !== undefined)
          .join(" ");
        return `comment ${problem.id} (Comments.xml line ${problem.line}): ${what === "" ? "" : `${what}: `}${problem.reason}`;
      }),
      EXAMPLES,
    ),
  ];
}

/** What the users' files leave out, and the badges written without a class or with two. */
function userSections(users: ImportReport["users"]): string[] {
  return [
    ...section(
      "Websites left out of users' files (WebsiteUrl is no http or https address a page may link to: one with a user name or password, or an empty part in its host, is not):",
      users.websitesLeftOut.map((item) => `user ${item.user}: ${JSON.stringify(item.website)}`),
    ),
    ...section(
      "Values left out of users' files (they do not fit the field):",
      users.fieldsLeftOut.map(
        (item) => `user ${item.user}: ${item.field} from ${item.source}: ${item.reason}`,
      ),
    ),
    ...section(
      "Badges written without a class (Badges.xml gives none, and Stack Exchange's badges have no such name), with the times awarded:",
      (users.badges?.unknownClass ?? []).map((item) => `${item.name}: ${n(item.awards)}`),
    ),
  ];
}

/** Tags mapped, tags made equal, and titles trimmed. */
function tagSections(report: ImportReport): string[] {
  return [
    ...section(
      "Tags mapped (dump tag -> tag, how, questions carrying it):",
      report.tagsMapped.map(
        (tag) =>
          `${tag.from} -> ${tag.to}  (${tag.by === "rule" ? "tag rule" : "--tag-map"}, ${n(tag.questions)} question${tag.questions === 1 ? "" : "s"})` +
          (tag.mergesWithDumpTag ? `; merges with the dump's own tag ${tag.to}` : ""),
      ),
    ),
    ...section(
      "Tags that became equal in one question (kept once):",
      report.tagRepeats.map(
        (repeat) => `question ${repeat.id}: ${repeat.from.join(", ")} -> ${repeat.tag}`,
      ),
    ),
    ...section(
      "Titles trimmed (spaces removed from their ends):",
      report.titlesTrimmed.map((id) => `question ${id}`),
    ),
  ];
}

/** Every duplicate link that was not simply followed, and why. */
function duplicateLinkSections(links: ImportReport["duplicateLinks"]): string[] {
  return [
    ...section(
      "Duplicate links not followed (the question keeps the state its row gives it):",
      links.notFollowed.map((link) => `question ${link.id} -> ${link.target}: ${link.reason}`),
    ),
    ...section(
      "Questions with several duplicate links (the lowest Id is used):",
      links.multiple.map(
        (item) => `question ${item.id} -> ${item.targets.join(", ")}: duplicateOf ${item.chosen}`,
      ),
    ),
    ...section(
      "Questions marked duplicate by PostLinks.xml although they have no ClosedDate:",
      links.withoutClosedDate.map((id) => `question ${id}`),
    ),
    ...section(
      "Duplicate links ignored (from posts that are not questions of this dump):",
      links.ignored.map((link) => `post ${link.id} -> ${link.target}: ${link.reason}`),
    ),
    ...section(
      "PostLinks.xml rows that cannot be followed:",
      links.unusable.map((item) => `line ${item.line}: ${item.reason}`),
    ),
  ];
}

function tagCountSection(tagCounts: TagCountCheck | null): string[] {
  if (tagCounts === null) return [];
  return section(
    "Tags whose question count differs from Tags.xml (question rows may be missing):",
    tagCounts.mismatches.map(
      (item) =>
        `${item.tag}: ${item.tagsXml === null ? "not in Tags.xml" : `Tags.xml says ${n(item.tagsXml)}`}, Posts.xml has ${n(item.posts)}`,
    ),
  );
}

/** The questions' warnings, and posts by users that Users.xml lacks. */
function otherNotesSection(report: ImportReport): string[] {
  const { unknownUsers } = report.authors;
  return section(
    "Other notes:",
    report.warnings
      .map(
        (item) =>
          `question ${item.id}${item.line === undefined ? "" : ` (line ${item.line})`}: ${item.message}`,
      )
      .concat(
        unknownUsers === 0
          ? []
          : [
              `${n(unknownUsers)} post${unknownUsers === 1 ? " has an OwnerUserId" : "s have OwnerUserIds"} that Users.xml does not have; credited by OwnerDisplayName when there is one, with no link`,
            ],
      ),
  );
}

/** With --check-text: how many bodies read differently as Markdown, and the first few. */
function textCheckLines(textCheck: ImportReport["textCheck"]): string[] {
  if (textCheck === null) return [];
  const { checked, differences } = textCheck;
  const excerpts = differences.filter((item) => item.excerptDiffers).length;
  const lines = [
    "",
    `Text check: ${n(differences.length)} of ${n(checked)} bodies give a different listing text read as Markdown (as the site reads them) than as HTML; ${n(excerpts)} of them change the excerpt.`,
  ];
  for (const item of differences.slice(0, EXAMPLES)) {
    lines.push(
      `  question ${item.id}${item.excerptDiffers ? " (excerpt differs)" : ""}:`,
      `    as Markdown: ...${item.asMarkdown}...`,
      `    as HTML:     ...${item.asHtml}...`,
    );
  }
  if (differences.length > EXAMPLES) {
    lines.push(
      `  ... and ${n(differences.length - EXAMPLES)} more: ${differences
        .slice(EXAMPLES)
        .map((item) => item.id)
        .join(", ")}`,
    );
  }
  return lines;
}

/** Where the closed questions' reasons came from, or why they have none. */
function closedNote({ closed, duplicates, notices }: ImportReport): string {
  if (notices.file === null) {
    return closed === 0 ? "" : "no PostHistory.xml: their close reasons are not known";
  }
  const closes = closed + duplicates;
  return `${n(notices.closeReasons)} of ${n(closes)} (duplicates too) with their close reason from ${basename(notices.file)}`;
}

function noticeRows(notices: ImportReport["notices"]): string[] {
  return [
    ...notices.unknownReasons.map(({ reasonId, questions }) =>
      countRow(
        "close reason unknown",
        questions,
        `reason id ${JSON.stringify(reasonId)} has no name here: written closed, no reason given`,
      ),
    ),
    ...(notices.locked === 0 ? [] : [countRow("locked", notices.locked, "from PostHistory.xml")]),
    ...(notices.communityWiki === 0
      ? []
      : [countRow("community wiki", notices.communityWiki, "questions and answers")]),
  ];
}

function notCarriedOverLines(
  notCarriedOver: ImportReport["notCarriedOver"],
  users: ImportReport["users"],
): string[] {
  return [
    "",
    "Not carried over (the content format has no place for them):",
    ...notCarriedOver.map(
      (item) =>
        `  ${`${item.what}:`.padEnd(14)}${item.rows === null ? `${item.file} was not in the dump` : `${n(item.rows)} rows in ${item.file}`}`,
    ),
    `  also:         favourites, close voters${users.files ? "" : `, user profiles and badges (${users.without ?? ""})`}`,
  ];
}

function problemSection(problems: readonly PostProblem[]): string[] {
  return section(
    "Problems (these posts could not be imported):",
    problems.map((problem) => {
      const what = [
        problem.field,
        problem.source === undefined ? undefined : `from ${problem.source}`,
      ]
        .filter((part) => part !== undefined)
        .join(" ");
      return `${problem.post} ${problem.id} (Posts.xml line ${problem.line}): ${what === "" ? "" : `${what}: `}${problem.reason}`;
    }),
  );
}

function outcome(report: ImportReport): string {
  const { questions, answers } = report;
  const posts = (questionCount: number, answerCount: number) =>
    `${n(questionCount)} question${questionCount === 1 ? "" : "s"} and ${n(answerCount)} answer${answerCount === 1 ? "" : "s"}`;
  if (report.exitCode === 0) {
    const leftOut = answers.withoutQuestion.length;
    return (
      `All ${posts(questions.written, answers.written)} were imported into ${report.out}` +
      (leftOut === 0
        ? "."
        : `; ${n(leftOut)} ${leftOut === 1 ? "answer to a question that is not in the dump was" : "answers to questions that are not in the dump were"} left out (listed above).`)
    );
  }
  const failed = [
    questions.notImported === 0
      ? undefined
      : `${n(questions.notImported)} question row${questions.notImported === 1 ? "" : "s"}`,
    answers.notImported === 0
      ? undefined
      : `${n(answers.notImported)} answer row${answers.notImported === 1 ? "" : "s"}`,
  ]
    .filter((part) => part !== undefined)
    .join(" and ");
  const could = `${failed} could not be imported (see Problems)`;
  if (report.written) {
    return `${could}; with --allow-partial, the other ${posts(questions.written, answers.written)} were written to ${report.out}.`;
  }
  return (
    `${could}. Nothing was written: ${report.out} is unchanged. Fix the problems (for tags, a --tag-map file), ` +
    `or rerun with --allow-partial to write the other ${posts(questions.importable, answers.importable)}.`
  );
}
