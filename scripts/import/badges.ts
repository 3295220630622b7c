import { badgeKey, compareBadges, type Badge, type BadgeClass } from "../../src/schemas/user.ts";
import { cleanName } from "./attribution.ts";
import { BADGE_CLASS_OF_NAME } from "./badge-classes.ts";
import { detachedCopy } from "./detached-copy.ts";
import { readDumpRows, type ReadProgress } from "./xml-rows.ts";

/**
 * Badges.xml's columns: today's dumps give each row its `Class` (1 gold, 2 silver, 3 bronze)
 * and `TagBased`; dumps before about 2016 give only `Id, UserId, Name, Date`.
 */
export type BadgeLayout = "Class and TagBased" | "no Class";

/** What Badges.xml gave the users written. */
export interface UserBadges {
  /** Rows of Badges.xml. */
  rows: number;
  /** "no Class" when no row has a Class column: classes then come from BADGE_CLASS_OF_NAME. */
  layout: BadgeLayout;
  /** Rows of the users asked for, each counted in its user's badges. */
  awarded: number;
  /** Rows of the users asked for that have no Name left (see `cleanName`): not counted. */
  unnamed: number;
  /** Each user's badges, by the key the user schema keeps each badge once by (`badgeKey`). */
  byUser: Map<string, Map<string, Badge>>;
}

/** Class's numbers, as Stack Exchange's Badges table has them. */
const CLASS_OF_NUMBER: Readonly<Record<string, BadgeClass>> = {
  "1": "gold",
  "2": "silver",
  "3": "bronze",
};

/**
 * Streams Badges.xml and keeps the badges of the users `wanted` names only, grouped by name
 * and tag (a count each), so memory grows with the users written, not with the file. A row's
 * class is its Class; without that column (old dumps), the class Stack Exchange gives the name
 * (BADGE_CLASS_OF_NAME), or none. TagBased is left out when the row does not say.
 */
export async function readBadges(
  file: string,
  wanted: { has(userId: string): boolean },
  onProgress?: (progress: ReadProgress) => void,
): Promise<UserBadges> {
  const badges: UserBadges = {
    rows: 0,
    layout: "no Class",
    awarded: 0,
    unnamed: 0,
    byUser: new Map(),
  };
  const { rows } = await readDumpRows(
    file,
    "badges",
    ({ attributes }) => {
      if (attributes["Class"] !== undefined) badges.layout = "Class and TagBased";
      const user = attributes["UserId"];
      if (user === undefined || !wanted.has(user)) return;
      const name = cleanName(attributes["Name"]);
      if (name === undefined) {
        badges.unnamed++;
        return;
      }
      award(badges, user, badgeOfRow(name, attributes));
    },
    onProgress,
  );
  badges.rows = rows;
  return badges;
}

/** One row's badge, counted once: its class and whether it is a tag's, when known. */
function badgeOfRow(name: string, attributes: Readonly<Record<string, string | undefined>>) {
  const tagBased = { True: true, False: false }[attributes["TagBased"] ?? ""];
  const given = attributes["Class"];
  // A tag badge is named after its tag, never one of the table's names.
  const known =
    given === undefined && tagBased !== true ? BADGE_CLASS_OF_NAME.get(name) : undefined;
  const badgeClass = given === undefined ? known : CLASS_OF_NUMBER[given];
  return {
    name,
    ...(badgeClass !== undefined && { class: badgeClass }),
    count: 1,
    ...(tagBased !== undefined && { tagBased }),
  };
}

/** Adds one award to its user's badges: a badge seen before counts one more. */
function award(badges: UserBadges, user: string, badge: Badge): void {
  badges.awarded++;
  let own = badges.byUser.get(user);
  if (own === undefined) {
    own = new Map();
    badges.byUser.set(detachedCopy(user), own);
  }
  // The user schema's own rule: a badge once per class, a tag's apart.
  const key = badgeKey(badge);
  const seen = own.get(key);
  if (seen === undefined) own.set(detachedCopy(key), detachedCopy(badge));
  else seen.count++;
}

/** A user's badges as their file lists them (`compareBadges`). */
export function sortedBadges(badges: Iterable<Badge>): Badge[] {
  return [...badges].sort(compareBadges);
}

/** The badges written without a class, by name, with how many times they were awarded. */
export function badgesOfUnknownClass(badges: UserBadges): { name: string; awards: number }[] {
  const awards = new Map<string, number>();
  for (const own of badges.byUser.values()) {
    for (const badge of own.values()) {
      if (badge.class === undefined) {
        awards.set(badge.name, (awards.get(badge.name) ?? 0) + badge.count);
      }
    }
  }
  return [...awards]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, count]) => ({ name, awards: count }));
}
