import { userFrontmatterSchema, type Badge } from "../../src/schemas/user.ts";
import { cleanName, licenceOfEra, userUrl } from "./attribution.ts";
import { frontmatterBlock } from "./frontmatter-block.ts";
import { schemaProblems } from "./question-file.ts";
import { utcInstant } from "./question-row.ts";

/** A user field left out because its Users.xml value is not what the field holds. */
export interface UserFieldLeftOut {
  user: string;
  field: string;
  /** The Users.xml attribute and its value, shortened. */
  source: string;
  reason: string;
}

/** What one credited user's Users.xml row becomes: the file's text, and what was left out. */
export interface RowUser {
  text: string;
  /** WebsiteUrl when it is not an http or https address, such as `javascript:...`. */
  websiteLeftOut?: string;
  leftOut: UserFieldLeftOut[];
}

/** The Users.xml attribute each field comes from, so a value left out is named by both. */
const USER_SOURCE_ATTRIBUTE: Readonly<Record<string, string>> = {
  reputation: "Reputation",
  joined: "CreationDate",
  lastSeen: "LastAccessDate",
  location: "Location",
  views: "Views",
  badges: "Badges.xml",
};

/**
 * A user's file from their Users.xml row: `name` as their posts credit them (`cleanName`),
 * Reputation, CreationDate and LastAccessDate (marked UTC), Location (cleaned to one line),
 * WebsiteUrl when it is an http or https address, Views, their profile on the site as
 * `source`, the licence of their joining's era (or `--license`) for their "About me", and
 * their badges. The body is AboutMe's HTML exactly as decoded, as a post's body is. A value
 * the user schema rejects is left out and said, never written broken.
 */
export function userFromRow(
  given: { site: string; id: string; name: string; licenceOverride: string | undefined },
  attributes: Readonly<Record<string, string | undefined>>,
  badges: readonly Badge[],
): RowUser {
  const { site, id } = given;
  const joined = attributes["CreationDate"];
  const website = attributes["WebsiteUrl"]?.trim() ?? "";
  const candidate = {
    name: given.name,
    reputation: wholeNumber(attributes["Reputation"]),
    joined: utcInstant(joined),
    lastSeen: utcInstant(attributes["LastAccessDate"]),
    location: cleanName(attributes["Location"]),
    website: website === "" ? undefined : website,
    views: wholeNumber(attributes["Views"]),
    source: userUrl(site, id),
    license: given.licenceOverride ?? licenceOfEra(joined),
    badges: badges.length === 0 ? undefined : badges,
  };
  const { fields, leftOut, websiteLeftOut } = keptFields(id, candidate, attributes);
  const licence = typeof fields["license"] === "string" ? fields["license"] : "an unknown licence";
  const comment = `The profile of user ${id}, from ${userUrl(site, id)}; its "About me" is licensed under ${licence}.`;
  return {
    text: frontmatterBlock(fields, comment) + (attributes["AboutMe"] ?? ""),
    ...(websiteLeftOut !== undefined && { websiteLeftOut }),
    leftOut,
  };
}

/**
 * The fields given, less those the user schema rejects, each listed (a website in a list of
 * its own: real dumps hold many that are no web address). Throws if what is left still
 * fails: the name and source cannot (see cleanName, userUrl), so that would be a bug.
 */
function keptFields(
  id: string,
  candidate: Readonly<Record<string, unknown>>,
  attributes: Readonly<Record<string, string | undefined>>,
): { fields: Record<string, unknown>; leftOut: UserFieldLeftOut[]; websiteLeftOut?: string } {
  const present = Object.entries(candidate).filter(([, value]) => value !== undefined);
  const leftOut: UserFieldLeftOut[] = [];
  const failed = new Set<string>();
  for (const { field, reason } of schemaProblems(
    userFrontmatterSchema.safeParse(Object.fromEntries(present)),
  )) {
    const key = field.replace(/[.[].*$/, "");
    if (failed.has(key)) continue;
    failed.add(key);
    if (key !== "website") {
      leftOut.push({ user: id, field, source: sourceOf(key, attributes), reason });
    }
  }
  const fields = Object.fromEntries(present.filter(([key]) => !failed.has(key)));
  const problems = schemaProblems(userFrontmatterSchema.safeParse(fields));
  if (problems.length > 0) {
    throw new Error(`users/${id}.md would be invalid: ${JSON.stringify(problems)}`);
  }
  const website = candidate["website"];
  return {
    fields,
    leftOut,
    ...(failed.has("website") && typeof website === "string" && { websiteLeftOut: website }),
  };
}

/** A count such as Reputation as a number, or as it is when it is not one (the schema says why). */
function wholeNumber(raw: string | undefined): number | string | undefined {
  return raw !== undefined && /^-?\d{1,15}$/.test(raw) ? Number(raw) || 0 : raw;
}

/** `Reputation="abc"`, as a value left out is named. */
function sourceOf(key: string, attributes: Readonly<Record<string, string | undefined>>): string {
  const attribute = USER_SOURCE_ATTRIBUTE[key] ?? key;
  const value = attributes[attribute];
  if (value === undefined) return attribute;
  return `${attribute}=${JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value)}`;
}
