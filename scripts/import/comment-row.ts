import { commentSchema } from "../../src/schemas/comment.ts";
import { cleanName, isUserId, licenceOfEra, userUrl, type CreditSources } from "./attribution.ts";
import { isId } from "./post-links.ts";
import { schemaProblems, type FieldProblem } from "./question-file.ts";
import { utcInstant } from "./question-row.ts";

/** The fields of one item of a post's `comments`, in the order they are written. */
export interface CommentFields {
  id: string;
  /** Undefined when the row has no Text: the schema then reports it missing. */
  text: string | undefined;
  commented: string | undefined;
  /** Left out when 0, the format's default. */
  score?: number;
  author?: string;
  authorUrl?: string;
  /** The author's id, named by users/<id>.md; never with `authorUrl`. */
  user?: string;
  license?: string;
}

/** A dump attribute for each comment field, so a problem names both. */
export const COMMENT_SOURCE_ATTRIBUTE: Readonly<Record<string, string>> = {
  id: "Id",
  post: "PostId",
  text: "Text",
  commented: "CreationDate",
  score: "Score",
  author: "UserDisplayName",
  license: "ContentLicense",
};

/** What one Comments.xml row becomes: a comment on a post, or why it cannot be one. */
export type RowComment =
  { ok: true; post: string; fields: CommentFields } | { ok: false; problems: FieldProblem[] };

/**
 * Maps a Comments.xml row as a post's row is mapped: `Text` as the dump holds it (Stack
 * Exchange's comment Markdown), `CreationDate` marked UTC, `Score` (left out when 0), the
 * author by `UserId`'s name in Users.xml with a link (to their users/ file, or with
 * `--no-users` their profile), else `UserDisplayName` unlinked (a deleted user), else nobody;
 * `ContentLicense`, else `--license`, else the licence of its date. The comment schema has the
 * last word on every field.
 */
export function commentFromRow(
  site: string,
  attributes: Readonly<Record<string, string | undefined>>,
  sources: CreditSources,
): RowComment {
  const problems: FieldProblem[] = [];
  const id = attributes["Id"];
  const post = attributes["PostId"];
  if (id === undefined || !isId(id)) {
    problems.push({ field: "id", reason: `${idText(id)}; a comment needs a whole-number Id` });
  }
  if (post === undefined || !isId(post)) {
    problems.push({
      field: "post",
      reason: `${idText(post)}; a comment needs the id of the post it is on`,
    });
  }
  const rawScore = attributes["Score"] ?? "0";
  // Negative scores go to the schema, which says why; anything else is a damaged row.
  const score = /^-?\d{1,15}$/.test(rawScore) ? Number(rawScore) || 0 : 0;
  if (!/^-?\d{1,15}$/.test(rawScore)) {
    problems.push({
      field: "score",
      reason: `${JSON.stringify(rawScore)} is not a whole number; the dump is damaged in this row`,
    });
  }
  const fields: CommentFields = {
    id: id ?? "",
    text: attributes["Text"],
    commented: utcInstant(attributes["CreationDate"]),
    ...(score === 0 ? {} : { score }),
    ...commentAuthor(site, attributes, sources),
  };
  const license =
    attributes["ContentLicense"] ??
    sources.licenceOverride ??
    licenceOfEra(attributes["CreationDate"]);
  if (license !== undefined) fields.license = license;

  const checked = schemaProblems(commentSchema.safeParse(withoutUndefined(fields)));
  const known = new Set(problems.map((problem) => problem.field));
  problems.push(...checked.filter((problem) => !known.has(problem.field)));
  if (problems.length > 0 || post === undefined) return { ok: false, problems };
  return { ok: true, post, fields };
}

/**
 * The author fields: Users.xml's name with a link (their id, whose file the comment credits
 * them with, or with `--no-users` their profile), else UserDisplayName, else none.
 */
function commentAuthor(
  site: string,
  attributes: Readonly<Record<string, string | undefined>>,
  { users, credited }: CreditSources,
): Pick<CommentFields, "author" | "authorUrl" | "user"> {
  const userId = attributes["UserId"];
  const user = userId === undefined ? undefined : users?.names.get(userId);
  if (user !== undefined && userId !== undefined) {
    if (credited !== undefined && isUserId(userId)) return { author: user, user: userId };
    return { author: user, authorUrl: userUrl(site, userId) };
  }
  const displayName = cleanName(attributes["UserDisplayName"]);
  return displayName === undefined ? {} : { author: displayName };
}

function idText(id: string | undefined): string {
  return id === undefined ? "is missing" : `${JSON.stringify(id)} is not an id`;
}

function withoutUndefined(fields: CommentFields): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
