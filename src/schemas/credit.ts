import type { z } from "zod";
import {
  isoInstant,
  optionalFlag,
  optionalLine,
  score,
  userReference,
  webAddress,
} from "./fields.ts";

/**
 * Who wrote a post and where it came from, the same for questions and answers: what Stack
 * Exchange's attribution terms ask of a copy (the author's name linked to their profile, a
 * link to the original, the licence), and the post's score. All optional.
 */
export const creditFields = {
  /** The author's name, plain text on one line. */
  author: optionalLine("author", '"Ada Lovelace"'),
  /** The author's profile page; only with `author`. */
  authorUrl: webAddress("authorUrl", "https://example.org/users/1"),
  /** The author's page in the archive, `users/<user>/`; only with `author`, not with `authorUrl`. */
  user: userReference("user"),
  /** The post's votes, up less down; may be negative. */
  score: score("score"),
  /** The original post's address. */
  source: webAddress("source", "https://example.org/q/1"),
  /** The licence the post was published under, such as `CC BY-SA 4.0`. */
  license: optionalLine("license", '"CC BY-SA 4.0"'),
};

/**
 * The post's last edit, as Stack Exchange shows it ("edited <date> by <name>"): when, and who,
 * credited as an author is. All optional; a page says nothing of an edit it is not told of.
 */
export const editFields = {
  /** When the post was last edited: an ISO 8601 date or date-time, as `asked`. */
  edited: isoInstant("edited", "the date of its last edit").optional(),
  /** Who edited it last, plain text on one line; only with `edited`. */
  editor: optionalLine("editor", '"Grace Hopper"'),
  /** The editor's profile page; only with `editor`. */
  editorUrl: webAddress("editorUrl", "https://example.org/users/2"),
  /** The editor's page in the archive, as `user`; only with `editor`, not with `editorUrl`. */
  editorUser: userReference("editorUser"),
  /**
   * Whether the post is community wiki (Stack Exchange's CommunityOwnedDate): written by many,
   * credited to none, as its page then says.
   */
  communityWiki: optionalFlag("communityWiki"),
};

/**
 * A rule between two fields, for a schema's `.refine`: `field` is only allowed with `needed`
 * (present, or as `requirement` says), and the message says what to add. Judged even when other
 * fields failed, so one run reports every problem; never on what is not a set of fields at all
 * (an empty item of a list).
 */
export function onlyWith(
  field: string,
  needed: string,
  addition: string,
  requirement?: { holds: (post: Record<string, unknown>) => boolean; described: string },
) {
  const holds = requirement?.holds ?? ((post) => post[needed] !== undefined);
  return {
    check: (post: Record<string, unknown>) => post[field] === undefined || holds(post),
    params: {
      path: [field],
      error: `is only allowed with ${requirement?.described ?? needed}; ${requirement ? "set" : "add"} ${addition}, or remove ${field}`,
      when: (payload: {
        value: unknown;
        issues: readonly { path?: readonly PropertyKey[] | undefined }[];
      }) =>
        typeof payload.value === "object" &&
        payload.value !== null &&
        payload.issues.every((issue) => ![field, needed].includes(String(issue.path?.[0]))),
    },
  };
}

type FieldRule = ReturnType<typeof onlyWith>;

/**
 * A profile link needs the name it is the profile of; and a credit links to one place, the
 * person's page in the archive or their profile elsewhere.
 */
export const AUTHOR_RULES: readonly FieldRule[] = [
  onlyWith("authorUrl", "author", 'the author\'s name, such as author: "Ada Lovelace"'),
  onlyWith("user", "author", 'the author\'s name, such as author: "Ada Lovelace"'),
  notWith("user", "authorUrl"),
];

/** The credit's rules, and the last edit's: an editor needs the edit's date, a profile its name. */
export const CREDIT_RULES: readonly FieldRule[] = [
  ...AUTHOR_RULES,
  onlyWith("editor", "edited", 'the date of the edit, such as edited: "2024-03-06"'),
  onlyWith("editorUrl", "editor", 'the editor\'s name, such as editor: "Grace Hopper"'),
  onlyWith("editorUser", "editor", 'the editor\'s name, such as editor: "Grace Hopper"'),
  notWith("editorUser", "editorUrl"),
];

/**
 * A rule for a person's two links, the page in the archive (`field`) and a profile elsewhere
 * (`other`): never both, since the credit shows one link, and the archive's page links on to
 * the profile (its file's `source`).
 */
function notWith(field: string, other: string): FieldRule {
  return {
    check: (post) => post[field] === undefined || post[other] === undefined,
    params: {
      path: [field],
      error: `links to the person's page in the archive and ${other} to a profile elsewhere, but a credit shows one link; remove ${other} (their page in the archive links to the profile, as source: in their file in users/), or remove ${field}`,
      when: (payload) =>
        typeof payload.value === "object" &&
        payload.value !== null &&
        payload.issues.every((issue) => ![field, other].includes(String(issue.path?.[0]))),
    },
  };
}

/** `schema` with `rules` checked on what it reads. */
export function withRules<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  rules: readonly FieldRule[],
): Schema {
  let ruled = schema;
  for (const { check, params } of rules) ruled = ruled.refine(check, params);
  return ruled;
}
