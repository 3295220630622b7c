import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { badgesOfUnknownClass, readBadges, sortedBadges, type BadgeLayout } from "./badges.ts";
import { detachedCopy } from "./detached-copy.ts";
import type { CreditedUsers } from "./user-credits.ts";
import { userFromRow, type UserFieldLeftOut } from "./user-file.ts";
import type { UserNames } from "./users.ts";
import { readDumpRows, type ReadProgress } from "./xml-rows.ts";

/** What became of Users.xml's profiles and Badges.xml's badges. */
export interface UsersPass {
  /** Files written to users/: one per user credited. */
  written: number;
  /** Users with a name whom no post or comment written credits: no file. */
  wroteNothing: number;
  /** Rows of Users.xml that add nobody: no Id, no name left (`cleanName`), or a repeated Id. */
  unnamed: number;
  /** WebsiteUrl values that are not http or https addresses, by user: left out. */
  websitesLeftOut: { user: string; website: string }[];
  /** Other values the user schema rejects (a damaged row): left out. */
  fieldsLeftOut: UserFieldLeftOut[];
  /** Badges.xml's outcome; null when the dump has none. */
  badges: {
    rows: number;
    layout: BadgeLayout;
    /** Rows counted in the badges of the users written. */
    awarded: number;
    /** Rows of users written that have no Name: not counted. */
    unnamed: number;
    /** Badges written without a class: the row has none, and the name is not a known one. */
    unknownClass: { name: string; awards: number }[];
  } | null;
}

export interface UsersPassInput {
  usersFile: string;
  /** Badges.xml, when the dump has one. */
  badgesFile: string | undefined;
  /** The staging folder's users/. */
  usersDir: string;
  site: string;
  /** The names read before the posts, which the posts and comments credit. */
  names: UserNames;
  credited: CreditedUsers;
  licenceOverride: string | undefined;
  onProgress?: (progress: ReadProgress) => void;
}

/**
 * Once every post and comment is written, and so every user credited known: reads Badges.xml
 * for those users, then streams Users.xml a second time and writes `users/<id>.md` for each of
 * them from their row (user-file.ts), so only their profiles are ever held, one at a time.
 */
export async function writeUserFiles(input: UsersPassInput): Promise<UsersPass> {
  const { credited, names } = input;
  const badges =
    input.badgesFile === undefined
      ? undefined
      : await readBadges(input.badgesFile, credited, input.onProgress);
  const pass: UsersPass = {
    written: 0,
    wroteNothing: names.names.size - credited.size,
    unnamed: names.rows - names.names.size,
    websitesLeftOut: [],
    fieldsLeftOut: [],
    badges: null,
  };
  mkdirSync(input.usersDir, { recursive: true });
  // By user, so that a repeated Id's row, which writes over the first as its name did over
  // the first's (users.ts), says what was left out of the file as written.
  const websites = new Map<string, string>();
  const leftOut = new Map<string, UserFieldLeftOut[]>();
  await readDumpRows(
    input.usersFile,
    "users",
    ({ attributes }) => {
      const id = attributes["Id"];
      const name = id === undefined ? undefined : names.names.get(id);
      if (id === undefined || name === undefined || !credited.has(id)) return;
      const given = { site: input.site, id, name, licenceOverride: input.licenceOverride };
      const own = sortedBadges(badges?.byUser.get(id)?.values() ?? []);
      const user = userFromRow(given, attributes, own);
      writeFileSync(join(input.usersDir, `${id}.md`), user.text);
      const key = detachedCopy(id);
      websites.delete(key);
      if (user.websiteLeftOut !== undefined) websites.set(key, detachedCopy(user.websiteLeftOut));
      leftOut.set(key, detachedCopy(user.leftOut));
    },
    input.onProgress,
  );
  pass.written = leftOut.size;
  pass.websitesLeftOut = [...websites].map(([user, website]) => ({ user, website }));
  pass.fieldsLeftOut = [...leftOut.values()].flat();
  if (pass.written !== credited.size) {
    throw new Error(
      `${input.usersFile} changed while it was read: ${credited.size - pass.written} users credited by their rows' names have no row now; import again`,
    );
  }
  if (badges !== undefined) {
    const { rows, layout, awarded, unnamed } = badges;
    const unknownClass = badgesOfUnknownClass(badges);
    pass.badges = { rows, layout, awarded, unnamed, unknownClass };
  }
  return pass;
}
