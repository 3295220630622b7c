import { z } from "zod";
import type { BodyLinks } from "../lib/body-html.ts";
import {
  boundedWholeNumber,
  describeYamlValue,
  fieldsObject,
  isoInstant,
  oneLineText,
  optionalLine,
  webAddress,
} from "./fields.ts";

/** The folder of the content that holds its people: `users/<id>.md`, the id as the dump's. */
export const USERS_FOLDER = "users";

/** A badge's class, as Stack Exchange ranks them, highest first. */
export const BADGE_CLASSES = ["gold", "silver", "bronze"] as const;

export type BadgeClass = (typeof BADGE_CLASSES)[number];

/** One badge of a user: its name, its class when known, and how many times it was awarded. */
const badgeSchema = fieldsObject("of a badge", {
  /** The badge's name, such as "Teacher", or its tag for a tag badge. */
  name: oneLineText("name", '"Teacher"'),
  /** Gold, silver or bronze; left out when the dump does not say and the name is not known. */
  class: z
    .enum(BADGE_CLASSES, {
      error: (issue) =>
        `must be gold, silver or bronze, not ${describeYamlValue(issue.input)}; leave it out when the class is not known`,
    })
    .optional(),
  /** How many times it was awarded to this user. */
  count: boundedWholeNumber("count", 1, 1).default(1),
  /** Whether it is a tag badge (Stack Exchange's TagBased): its name is then a tag. */
  tagBased: z
    .boolean({
      error: (issue) =>
        `must be true or false, but YAML read ${describeYamlValue(issue.input)}; write tagBased: true, or leave it out`,
    })
    .optional(),
});

export type Badge = z.output<typeof badgeSchema>;

/**
 * Badges in the order a user's file lists them and their page shows them: by class, gold first
 * and a badge of no known class last, then by name, a tag's after a badge of the same name.
 */
export function compareBadges(a: Badge, b: Badge): number {
  const rank = ({ class: badgeClass }: Badge) =>
    badgeClass === undefined ? BADGE_CLASSES.length : BADGE_CLASSES.indexOf(badgeClass);
  return (
    rank(a) - rank(b) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    Number(a.tagBased === true) - Number(b.tagBased === true)
  );
}

/**
 * What a user's file lists each badge once by: its name, its class and whether it is a tag's,
 * since a tag badge is won at bronze, then silver and gold, each an award of its own.
 */
export function badgeKey({ name, class: badgeClass, tagBased }: Omit<Badge, "count">): string {
  return `${tagBased === true ? "tag" : "badge"} ${badgeClass ?? "?"} ${name}`;
}

/**
 * The frontmatter of `content/users/<id>.md`, a person as the community's profile shows them;
 * the file's body is their "About me", read as a post's body (`bodyFormat`). Only `name` is
 * required: a hand-written community may say no more of its people.
 */
export const userFrontmatterSchema = fieldsObject("of a user", {
  /** Their display name, plain text on one line. */
  name: oneLineText("name", '"Ada Lovelace"'),
  /** Their reputation as of the archive, such as 1234. */
  reputation: boundedWholeNumber("reputation", 0, 1).optional(),
  /** When they joined (Stack Exchange's CreationDate), as a question's `asked`. */
  joined: isoInstant("joined", "the date they joined").optional(),
  /** When they were last seen (LastAccessDate), as `joined`. */
  lastSeen: isoInstant("lastSeen", "the date they were last seen").optional(),
  /** Where they say they are, plain text on one line. */
  location: optionalLine("location", '"Lisbon, Portugal"'),
  /** Their own web site: a link that leaves the archive. */
  website: webAddress("website", "https://example.org"),
  /** How many times their profile was viewed. */
  views: boundedWholeNumber("views", 0, 40).optional(),
  /** Their profile on the original site, linked from their page only. */
  source: webAddress("source", "https://example.org/users/1"),
  /** The licence their "About me" was published under, such as `CC BY-SA 4.0`. */
  license: optionalLine("license", '"CC BY-SA 4.0"'),
  /** Their badges, each name once per class (src/core/users.ts counts them by class). */
  badges: z
    .array(badgeSchema, {
      error: (issue) =>
        `must be a list of badges, but YAML read ${describeYamlValue(issue.input)}; write each as an item, such as badges: [{ name: Teacher, class: bronze }]`,
    })
    .superRefine(
      (badges, ctx) => {
        const seen = new Set<string>();
        // Judged on what was read, items with problems of their own included: any of them.
        (badges as unknown[]).forEach((item, index) => {
          const badge = item as Partial<Badge> | null;
          if (typeof badge?.name !== "string") return;
          const key = badgeKey({ ...badge, name: badge.name });
          if (seen.has(key)) {
            ctx.addIssue({
              code: "custom",
              path: [index, "name"],
              message: `"${badge.name}" is listed more than once${typeof badge.class === "string" ? ` as ${badge.class}` : ""}; list each badge once per class, with count: how many times it was awarded`,
            });
          }
          seen.add(key);
        });
      },
      // Judged even when badges have problems of their own, so one run reports every problem.
      { when: (payload) => Array.isArray(payload.value) },
    )
    .optional(),
});

export type UserFrontmatter = z.output<typeof userFrontmatterSchema>;

/**
 * What reading a user file yields on its own (src/core/user-file.ts): the frontmatter as
 * checked, and "About me" as safe HTML (none: the file has no body), held as `Text` as a post's
 * body is (see `QuestionEntry`).
 */
export type UserEntry<Text = string> = UserFrontmatter & {
  aboutHtml?: Text;
  /** Its links to the community's site, and the relative ones it lost (none: no such field). */
  aboutLinks?: BodyLinks;
};
