import { isoInstant, optionalLine, score, webAddress } from "./fields.ts";

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
  /** The post's votes, up less down; may be negative. */
  score: score("score"),
  /** The original post's address. */
  source: webAddress("source", "https://example.org/q/1"),
  /** The licence the post was published under, such as `CC BY-SA 4.0`. */
  license: optionalLine("license", '"CC BY-SA 4.0"'),
};

/** The rule between two credit fields: a profile link needs the name it is the profile of. */
export function authorUrlHasAuthor(post: {
  author?: string | undefined;
  authorUrl?: string | undefined;
}): boolean {
  return post.authorUrl === undefined || post.author !== undefined;
}

/** How `authorUrlHasAuthor` reports, for a schema's `.refine`. */
export const AUTHOR_URL_RULE = {
  path: ["authorUrl"],
  error:
    'is only allowed with author; add the author\'s name, such as author: "Ada Lovelace", or remove authorUrl',
  // Judged even when other fields failed, so one run reports every problem; never on what is
  // not a set of fields at all (an empty item of a list of comments).
  when: (payload: {
    value: unknown;
    issues: readonly { path?: readonly PropertyKey[] | undefined }[];
  }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    payload.issues.every((issue) => !["author", "authorUrl"].includes(String(issue.path?.[0]))),
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
};

type EditFields = {
  edited?: string | undefined;
  editor?: string | undefined;
  editorUrl?: string | undefined;
};

/** Judged even when other fields failed, never on what is not a set of fields at all. */
function whenRead(fields: readonly string[]) {
  return (payload: {
    value: unknown;
    issues: readonly { path?: readonly PropertyKey[] | undefined }[];
  }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));
}

/** The rule between `editor` and `edited`: a name needs the date of the edit it made. */
export function editorHasEdit(post: EditFields): boolean {
  return post.editor === undefined || post.edited !== undefined;
}

/** How `editorHasEdit` reports, for a schema's `.refine`. */
export const EDITOR_RULE = {
  path: ["editor"],
  error:
    'is only allowed with edited; add the date of the edit, such as edited: "2024-03-06", or remove editor',
  when: whenRead(["edited", "editor"]),
};

/** The rule between `editorUrl` and `editor`, as `authorUrl`'s with `author`. */
export function editorUrlHasEditor(post: EditFields): boolean {
  return post.editorUrl === undefined || post.editor !== undefined;
}

/** How `editorUrlHasEditor` reports, for a schema's `.refine`. */
export const EDITOR_URL_RULE = {
  path: ["editorUrl"],
  error:
    'is only allowed with editor; add the editor\'s name, such as editor: "Grace Hopper", or remove editorUrl',
  when: whenRead(["editor", "editorUrl"]),
};
