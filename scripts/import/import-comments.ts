import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { commentFromRow, COMMENT_SOURCE_ATTRIBUTE } from "./comment-row.ts";
import { CommentRuns, RUN_BYTES } from "./comment-runs.ts";
import { detachedCopy } from "./detached-copy.ts";
import { listItem, withListAppended } from "./frontmatter-block.ts";
import { IdSet } from "./id-set.ts";
import type { CreditedUsers } from "./user-credits.ts";
import type { UserNames } from "./users.ts";
import { readDumpRows, type DumpRow, type ReadProgress } from "./xml-rows.ts";

/** A Comments.xml row that could not become a comment, for one reason. */
export interface CommentProblem {
  /** The comment's Id, or "(no Id)". */
  id: string;
  line: number;
  /** The comment's field (`post` for PostId). */
  field?: string;
  /** The dump attribute the field comes from, and its value there. */
  source?: string;
  reason: string;
}

/** What became of Comments.xml's rows. */
export interface CommentsPass {
  rows: number;
  /** Comments written into their post's file, and the posts that got them. */
  written: number;
  posts: number;
  /** Comments on a post that was not written (not in Posts.xml, not a question or answer, or failed). */
  onPostsNotImported: { id: string; post: string }[];
  unreadable: CommentProblem[];
  /** Comments written per licence. */
  licences: Map<string, number>;
  /** Sorted runs written to disk (0: the comments were sorted in memory). */
  runs: number;
}

export interface CommentsPassInput {
  commentsFile: string;
  /** The staging folder's questions/ and answers/, where each post's file already is. */
  questionsDir: string;
  answersDir: string;
  /** A folder the sorted runs may be written to, removed at the end. */
  runsDir: string;
  site: string;
  users: UserNames | undefined;
  /** The users credited, who get a users/ file: each comment written credits its author. */
  credited: CreditedUsers | undefined;
  licenceOverride: string | undefined;
  runBytes?: number;
  onProgress?: (progress: ReadProgress) => void;
}

/**
 * Streams Comments.xml once the posts are written: each row is mapped, credited and checked
 * with the comment schema, then held (in bounded sorted runs, see comment-runs.ts) until the
 * whole file is read, since Comments.xml is in comment order and a post's comments are spread
 * through it. Then each post that has comments gets them, oldest first, appended to its file's
 * frontmatter in one write; comments whose post has no file are listed.
 */
export async function importComments(input: CommentsPassInput): Promise<CommentsPass> {
  const pass: CommentsPass = {
    rows: 0,
    written: 0,
    posts: 0,
    onPostsNotImported: [],
    unreadable: [],
    licences: new Map(),
    runs: 0,
  };
  const runs = new CommentRuns(input.runsDir, input.runBytes ?? RUN_BYTES);
  try {
    const seen = new IdSet();
    const onRow = (row: DumpRow) => readComment(input, pass, runs, seen, row);
    pass.rows = (await readDumpRows(input.commentsFile, "comments", onRow, input.onProgress)).rows;
    pass.runs = runs.spilled;
    for (const { post, comments } of runs.groups()) {
      const file = postFile(input, String(post));
      if (file === undefined) {
        for (const { id } of comments) {
          pass.onPostsNotImported.push({ id: String(id), post: String(post) });
        }
        continue;
      }
      const items = comments.map((comment) => comment.item);
      writeFileSync(file, withListAppended(readFileSync(file, "utf8"), "comments", items));
      pass.posts++;
      pass.written += comments.length;
      for (const { licence, user } of comments) {
        pass.licences.set(licence, (pass.licences.get(licence) ?? 0) + 1);
        if (user !== "") input.credited?.credit(user);
      }
    }
  } finally {
    runs.remove();
  }
  pass.unreadable.sort((a, b) => a.line - b.line);
  return pass;
}

/** One row: a comment to hold until its post's turn, or the problems that stop it. */
function readComment(
  input: CommentsPassInput,
  pass: CommentsPass,
  runs: CommentRuns,
  seen: IdSet,
  { attributes, line }: DumpRow,
): void {
  const id = attributes["Id"] ?? "(no Id)";
  // The input names the users, those credited and --license, as a credit's sources.
  const comment = commentFromRow(input.site, attributes, input);
  if (!comment.ok) {
    for (const { field, reason } of comment.problems) {
      const attribute = COMMENT_SOURCE_ATTRIBUTE[field.replace(/[.[].*$/, "")];
      const value = attribute === undefined ? undefined : attributes[attribute];
      const source =
        attribute === undefined
          ? {}
          : { source: value === undefined ? attribute : `${attribute}=${shorten(value)}` };
      pass.unreadable.push(detachedCopy({ id, line, field, ...source, reason }));
    }
    return;
  }
  if (seen.has(id)) {
    pass.unreadable.push(
      detachedCopy({
        id,
        line,
        field: "id",
        source: "Id",
        reason: `another comment row earlier in the file has Id ${id}; that one was kept and this one was not, since one Id can name only one comment`,
      }),
    );
    return;
  }
  seen.add(id);
  const { fields } = comment;
  runs.add({
    post: Number(comment.post),
    commented: detachedCopy(fields.commented ?? ""),
    id: Number(id),
    user: detachedCopy(fields.user ?? ""),
    licence: detachedCopy(fields.license ?? ""),
    // A fresh string, made by the YAML writer: it pins none of the parser's chunk.
    item: listItem({ ...fields }),
  });
}

/** The file of a written post, question or answer, or undefined when neither was written. */
function postFile(input: CommentsPassInput, post: string): string | undefined {
  for (const folder of [input.questionsDir, input.answersDir]) {
    const file = join(folder, `${post}.md`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

function shorten(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
}
