import { mapTag, splitDumpTags, type TagPolicy } from "./tags.ts";
import type { QuestionFields } from "./question-file.ts";

/** A dump attribute for each frontmatter field, so a problem names both. */
export const SOURCE_ATTRIBUTE: Readonly<Record<string, string>> = {
  title: "Title",
  tags: "Tags",
  asked: "CreationDate",
  state: "ClosedDate",
  closed: "ClosedDate",
  closeReason: "PostHistory.xml",
  locked: "PostHistory.xml",
  communityWiki: "CommunityOwnedDate",
  duplicateOf: "PostLinks.xml",
  answers: "AnswerCount",
  score: "Score",
  license: "ContentLicense",
  modified: "LastActivityDate",
  views: "ViewCount",
  edited: "LastEditDate",
  editor: "LastEditorUserId",
};

/** A dump tag changed on its way in. */
export interface TagChange {
  from: string;
  to: string;
  by: "tag map" | "rule";
}

/** What one question row (PostTypeId 1) becomes, before the schema reads it back. */
export interface RowQuestion {
  fields: QuestionFields;
  /** The HTML body exactly as XML decodes the attribute (`&#xA;` is a line break). */
  body: string;
  /** The dump's tags, as written there (for counts and the Tags.xml check). */
  dumpTags: string[];
  tagChanges: TagChange[];
  /** Tags the mapping made equal (such as `c#` and `csharp`); each is kept once. */
  tagRepeats: { tag: string; from: string[] }[];
  titleTrimmed: boolean;
  answerCountMissing: boolean;
  /** Things that stop the row from becoming a question file, per field. */
  problems: { field: string; reason: string }[];
}

export interface RowOptions {
  tags: TagPolicy;
  /** Remove spaces around a title (reported), rather than reject it. */
  trimTitles: boolean;
}

/**
 * Maps a question row's attributes to frontmatter fields: `Title` to title (trimmed when
 * allowed), `Tags` in either form to tags (through the tag policy), `CreationDate` to asked
 * (marked UTC, precision kept), `ClosedDate` to state closed, `AnswerCount` to answers (set to
 * the answers written once they are all known), `Score` to score. The credit comes from
 * attribution.ts and duplicates from PostLinks.xml, later. The schema has the last word.
 */
export function questionFromRow(
  attributes: Readonly<Record<string, string | undefined>>,
  options: RowOptions,
): RowQuestion {
  const problems: RowQuestion["problems"] = [];

  const rawTitle = attributes["Title"];
  const trimmed = options.trimTitles ? rawTitle?.trim() : rawTitle;
  const titleTrimmed = trimmed !== rawTitle && trimmed !== "";
  const title = titleTrimmed ? trimmed : rawTitle;

  const split = splitDumpTags(attributes["Tags"]);
  const dumpTags = split.ok ? split.tags : [];
  if (!split.ok) problems.push({ field: "tags", reason: split.reason });
  const tags: string[] = [];
  const tagChanges: TagChange[] = [];
  const sources = new Map<string, string[]>();
  for (const dumpTag of dumpTags) {
    const mapped = mapTag(dumpTag, options.tags);
    if (!mapped.ok) {
      problems.push({ field: "tags", reason: mapped.reason });
      continue;
    }
    if (mapped.by !== "kept") tagChanges.push({ from: dumpTag, to: mapped.tag, by: mapped.by });
    const from = sources.get(mapped.tag);
    if (from === undefined) {
      sources.set(mapped.tag, [dumpTag]);
      tags.push(mapped.tag);
    } else {
      // Two dump tags became one (c# and csharp): keep it once, first place, and report it.
      from.push(dumpTag);
    }
  }
  const tagRepeats = [...sources]
    .filter(([, from]) => from.length > 1)
    .map(([tag, from]) => ({ tag, from }));

  const answerCount = attributes["AnswerCount"];
  let answers = 0;
  if (answerCount !== undefined) {
    if (/^\d+$/.test(answerCount)) answers = Number(answerCount);
    else {
      problems.push({
        field: "answers",
        reason: `${JSON.stringify(answerCount)} is not a whole number; the dump is damaged in this row`,
      });
    }
  }

  const score = readScore(attributes["Score"]);
  if (!score.ok) problems.push({ field: "score", reason: score.reason });

  const closedDate = attributes["ClosedDate"];
  return {
    fields: {
      title,
      tags,
      asked: utcInstant(attributes["CreationDate"]),
      state: closedDate !== undefined && closedDate !== "" ? "closed" : "open",
      ...closedOn(closedDate),
      answers,
      ...(score.ok && score.score !== undefined ? { score: score.score } : {}),
      ...activity(attributes, problems),
      ...communityWiki(attributes),
    },
    body: attributes["Body"] ?? "",
    dumpTags,
    tagChanges,
    tagRepeats,
    titleTrimmed,
    answerCountMissing: answerCount === undefined,
    problems,
  };
}

/**
 * What a reader judges a question by: LastActivityDate to modified, ViewCount to views. Either
 * may be missing (the page then says nothing of it); a ViewCount that is not a whole number is
 * a damaged row.
 */
function activity(
  attributes: Readonly<Record<string, string | undefined>>,
  problems: { field: string; reason: string }[],
): { modified?: string; views?: number } {
  const modified = utcInstant(attributes["LastActivityDate"]);
  const viewCount = attributes["ViewCount"];
  const views =
    viewCount !== undefined && /^\d{1,15}$/.test(viewCount) ? Number(viewCount) : undefined;
  if (viewCount !== undefined && views === undefined) {
    problems.push({
      field: "views",
      reason: `${JSON.stringify(viewCount)} is not a whole number; the dump is damaged in this row`,
    });
  }
  return {
    ...(modified !== undefined && modified !== "" && { modified }),
    ...(views !== undefined && { views }),
  };
}

/** ClosedDate, marked UTC; nothing when the question is open. */
function closedOn(closedDate: string | undefined): { closed?: string } {
  const closed = utcInstant(closedDate);
  return closed !== undefined && closed !== "" ? { closed } : {};
}

/** CommunityOwnedDate, on a question or an answer: community wiki. */
export function communityWiki(attributes: Readonly<Record<string, string | undefined>>): {
  communityWiki?: true;
} {
  const owned = attributes["CommunityOwnedDate"];
  return owned !== undefined && owned !== "" ? { communityWiki: true } : {};
}

/**
 * Dump dates are UTC without saying so (`2014-01-21T20:26:05.383`): mark them `Z`, keeping
 * their precision. A date that already carries a zone is left as it is; the schema checks all.
 */
export function utcInstant(date: string | undefined): string | undefined {
  if (date === undefined) return undefined;
  return /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/.test(date) || !date.includes("T") ? date : `${date}Z`;
}

/**
 * A post's `Score`: a whole number, negative allowed. Missing is fine (the field is left out,
 * and the format reads it as 0); anything else is a damaged row.
 */
export function readScore(
  raw: string | undefined,
): { ok: true; score: number | undefined } | { ok: false; reason: string } {
  if (raw === undefined) return { ok: true, score: undefined };
  // `|| 0`: a "-0" would be written as -0.
  if (/^-?\d{1,15}$/.test(raw)) return { ok: true, score: Number(raw) || 0 };
  return {
    ok: false,
    reason: `${JSON.stringify(raw)} is not a whole number; the dump is damaged in this row`,
  };
}
