import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isUserId, userUrl } from "./attribution.ts";
import { detachedCopy } from "./detached-copy.ts";
import { fieldValue, withFieldReplaced } from "./frontmatter-block.ts";
import { IdSet } from "./id-set.ts";

/**
 * The users a post or comment written credits by their Users.xml row: each gets a file in
 * users/, and the posts and comments name them with `user` (an edit with `editorUser`) instead
 * of linking to their profile on the site. One id per user credited: memory grows with the
 * users written, not with the dump's users.
 */
export class CreditedUsers {
  readonly #ids = new Set<string>();
  /** Posts written with `editorUrl` because their editor was not credited yet. */
  readonly #editorsPending = new IdSet();

  /** A post or comment by this user was written (an id `isUserId` accepts). */
  credit(userId: string): void {
    if (!isUserId(userId)) throw new Error(`user id ${JSON.stringify(userId)} cannot name a file`);
    if (!this.#ids.has(userId)) this.#ids.add(detachedCopy(userId));
  }

  has(userId: string): boolean {
    return this.#ids.has(userId);
  }

  get size(): number {
    return this.#ids.size;
  }

  /**
   * A post was written with its editor's profile link, the editor not being credited yet:
   * `settleEditors` names them with `editorUser` if they are by the end.
   */
  editorPending(postId: string): void {
    this.#editorsPending.add(postId);
  }

  /** The posts `editorPending` was told of. */
  pendingPosts(): Iterable<string> {
    return this.#editorsPending.values();
  }
}

/**
 * Once every post and comment is written, and so every user credited known: the posts whose
 * editor is credited by then get `editorUser` in place of `editorUrl` (the editor's page in
 * the archive, not their profile on the site); the others keep their link. Rewrites only that
 * line of each file; returns how many were rewritten.
 */
export function settleEditors(
  credited: CreditedUsers,
  site: string,
  folders: { questionsDir: string; answersDir: string },
): number {
  const profile = userUrl(site, "");
  let settled = 0;
  for (const post of credited.pendingPosts()) {
    const file = [folders.questionsDir, folders.answersDir]
      .map((folder) => join(folder, `${post}.md`))
      .find((path) => existsSync(path));
    // An answer left out once its question was known not to be written.
    if (file === undefined) continue;
    const text = readFileSync(file, "utf8");
    const link = fieldValue(text, "editorUrl");
    if (typeof link !== "string" || !link.startsWith(profile)) continue;
    const editor = link.slice(profile.length);
    if (!credited.has(editor)) continue;
    writeFileSync(file, withFieldReplaced(text, "editorUrl", "editorUser", editor));
    settled++;
  }
  return settled;
}
