import { utcInstant } from "./question-row.ts";
import { isHostName } from "./options.ts";
import type { UserNames } from "./users.ts";

/**
 * The site a dump folder is named after, as the archive names them (`beer.stackexchange.com`,
 * or `beer.stackexchange.com.7z` extracted in place), or undefined.
 */
export function siteFromFolderName(folderName: string): string | undefined {
  const host = folderName.toLowerCase().replace(/\.7z$/, "");
  return isHostName(host) ? host : undefined;
}

/** The kinds of post the import writes, and how the site links to each. */
export type PostKind = "question" | "answer";

/** The link to a post on its site: `/q/<id>` for a question, `/a/<id>` for an answer. */
export function postUrl(site: string, kind: PostKind, id: string): string {
  return `https://${site}/${kind === "question" ? "q" : "a"}/${id}`;
}

/**
 * Whether a user id can name a file of users/, `<id>.md`: the dump's ids are whole numbers
 * (-1 is the Community user, -2 the answer bot). A user of another id is linked to their
 * profile on the site instead.
 */
export function isUserId(userId: string): boolean {
  return /^-?\d{1,15}$/.test(userId);
}

/** The link to a user's page on the site. */
export function userUrl(site: string, userId: string): string {
  return `https://${site}/users/${userId}`;
}

/**
 * Stack Exchange's licence eras, by the date the content was contributed (its terms of service,
 * https://stackoverflow.com/help/licensing): before 2011-04-08 (UTC) CC BY-SA 2.5, from then
 * until 2018-05-02 CC BY-SA 3.0, and CC BY-SA 4.0 since. The one place the import decides a
 * licence the dump does not name.
 */
const LICENCE_ERAS: readonly { before: string; licence: string }[] = [
  { before: "2011-04-08", licence: "CC BY-SA 2.5" },
  { before: "2018-05-02", licence: "CC BY-SA 3.0" },
];
const LATEST_LICENCE = "CC BY-SA 4.0";

/**
 * The licence of a post the dump names none for (dumps before 2019 have no ContentLicense), by
 * its CreationDate. Where dumps do name it, this rule agrees for all but the few posts edited in
 * a later era (1,414 of 1,424 bicycles.meta posts, 596 of 598 datascience.meta, all of
 * cardano's): ContentLicense follows the latest revision, and without the edit history the
 * creation date is the best there is. Undefined without a date: such a post fails anyway.
 */
export function licenceOfEra(creationDate: string | undefined): string | undefined {
  if (creationDate === undefined || !/^\d{4}-\d{2}-\d{2}/.test(creationDate)) return undefined;
  const day = creationDate.slice(0, 10);
  return LICENCE_ERAS.find((era) => day < era.before)?.licence ?? LATEST_LICENCE;
}

/** Where a post's licence came from: the row itself, the era rule, or `--license`. */
export type LicenceSource = "ContentLicense" | "date" | "--license";

/** Who is credited for a post, and how the name was found. */
export type AuthorSource = "Users.xml" | "OwnerDisplayName" | "none";

/** The CC BY-SA credit of one post: the frontmatter fields, and how each was decided. */
export interface PostCredit {
  /** The author's display name, one line; absent when the dump names nobody. */
  author?: string;
  /** The author's page on the site: only for a user that Users.xml has, without `user`. */
  authorUrl?: string;
  /** The author's id, whose page is users/<id>.md: for a user that Users.xml has. */
  user?: string;
  /** The original post. */
  source: string;
  /** Absent only for a post without a CreationDate (which fails on its date anyway). */
  license?: string;
  authorFrom: AuthorSource;
  /** OwnerUserId has no row in Users.xml (the name, if any, came from OwnerDisplayName). */
  unknownUser: boolean;
  licenceFrom: LicenceSource;
  /** The name as the dump has it, when cleaning changed it; `userId` when from Users.xml. */
  nameCleaned?: { from: string; userId?: string };
  /** The comment line written on top of the frontmatter, for a person reading the file. */
  comment: string;
  /** The last edit (LastEditDate), when the dump has one. */
  edited?: string;
  /** Who made it: LastEditorUserId's name in Users.xml, else LastEditorDisplayName. */
  editor?: string;
  /** The editor's page on the site: only for a user that Users.xml has, without `editorUser`. */
  editorUrl?: string;
  /** The editor's id, when they are credited for a post or comment (so have a users/ file). */
  editorUser?: string;
  /** Written with `editorUrl` for an editor who may be credited later (see settleEditors). */
  editorPending?: true;
}

/** What a credit knows of the dump's users, and the licence of rows that name none. */
export interface CreditSources {
  /** Display names, when the dump has a Users.xml. */
  users: UserNames | undefined;
  /**
   * The users credited so far, who have a file in users/ (user-credits.ts); undefined: nobody
   * does (`--no-users`, or no Users.xml).
   */
  credited: { has(userId: string): boolean } | undefined;
  /** `--license`: the licence of rows without ContentLicense, instead of their era's. */
  licenceOverride: string | undefined;
}

/**
 * Credits one post (question or answer) the way CC BY-SA asks: the author by the display name
 * Users.xml gives OwnerUserId, linked to their page (their users/ file, or with `--no-users`
 * their profile on the site); a deleted user (no OwnerUserId, or one Users.xml lacks) by
 * OwnerDisplayName, unlinked; nobody when the row names neither. The licence is
 * ContentLicense, else `--license` when given, else the era of CreationDate. Without
 * Users.xml only OwnerDisplayName names anyone.
 */
export function postCredit(
  site: string,
  kind: PostKind,
  id: string,
  attributes: Readonly<Record<string, string | undefined>>,
  sources: CreditSources,
): PostCredit {
  const { users, licenceOverride } = sources;
  const userId = attributes["OwnerUserId"];
  const owner = creditedName(site, userId, attributes["OwnerDisplayName"], users);
  const author: Pick<PostCredit, "author" | "authorUrl" | "user" | "authorFrom" | "nameCleaned"> = {
    ...(owner.name !== undefined && { author: owner.name }),
    ...userLink(owner, userId, sources.credited),
    authorFrom: owner.from === "display name" ? "OwnerDisplayName" : owner.from,
    ...(owner.nameCleaned !== undefined && { nameCleaned: owner.nameCleaned }),
  };

  const ownLicence = attributes["ContentLicense"];
  const licenceFrom: LicenceSource =
    ownLicence !== undefined
      ? "ContentLicense"
      : licenceOverride !== undefined
        ? "--license"
        : "date";
  const license = ownLicence ?? licenceOverride ?? licenceOfEra(attributes["CreationDate"]);

  const source = postUrl(site, kind, id);
  // Without Users.xml a user's page is still the best credit a reader can follow; with it, a
  // user it lacks has no page. The comment names the profile on the site either way.
  const who =
    author.author === undefined
      ? users === undefined && userId !== undefined && /^-?\d+$/.test(userId)
        ? userUrl(site, userId)
        : "an unknown user"
      : `${JSON.stringify(author.author)}${owner.url === undefined ? "" : ` (${owner.url})`}`;
  const comment = `From ${source}, ${kind === "question" ? "asked" : "answered"} by ${who}, licensed under ${license ?? "an unknown licence"}.`;

  return {
    ...author,
    source,
    ...(license === undefined ? {} : { license }),
    unknownUser: users !== undefined && userId !== undefined && !users.names.has(userId),
    licenceFrom,
    comment,
    ...lastEdit(site, attributes, sources),
  };
}

/**
 * How a credit links to a person Users.xml names (`person.url`, their profile on the site):
 * with users/ files, by their id (`user`); with `--no-users`, or an id no file can be named
 * after, by the profile (`authorUrl`).
 */
function userLink(
  person: { url?: string },
  userId: string | undefined,
  credited: CreditSources["credited"],
): Pick<PostCredit, "authorUrl" | "user"> {
  if (person.url === undefined || userId === undefined) return {};
  if (credited !== undefined && isUserId(userId)) return { user: userId };
  return { authorUrl: person.url };
}

/**
 * Someone a post credits: by the display name Users.xml gives `userId`, linked to their page;
 * else (a deleted user, or one Users.xml lacks) by the row's own display name, unlinked;
 * else nobody. Names are cleaned to one line (`cleanName`), and a cleaned one says so.
 */
function creditedName(
  site: string,
  userId: string | undefined,
  rawDisplayName: string | undefined,
  users: UserNames | undefined,
): {
  name?: string;
  url?: string;
  from: "Users.xml" | "display name" | "none";
  nameCleaned?: { from: string; userId?: string };
} {
  const user = userId === undefined ? undefined : users?.names.get(userId);
  if (user !== undefined && userId !== undefined) {
    const raw = users?.cleaned.get(userId);
    return {
      name: user,
      url: userUrl(site, userId),
      from: "Users.xml",
      ...(raw === undefined ? {} : { nameCleaned: { from: raw, userId } }),
    };
  }
  const displayName = cleanName(rawDisplayName);
  if (displayName === undefined || rawDisplayName === undefined) return { from: "none" };
  return {
    name: displayName,
    from: "display name",
    ...(displayName === rawDisplayName ? {} : { nameCleaned: { from: rawDisplayName } }),
  };
}

/**
 * A post's last edit, credited as its author is (`creditedName`): LastEditDate, and its editor
 * by LastEditorUserId or LastEditorDisplayName. None without a LastEditDate: the page claims
 * no edit the dump does not date. An editor is named by `editorUser` only once credited for a
 * post or comment of their own (an editor who wrote nothing has no users/ file); until then,
 * by their profile's link, which settleEditors replaces if they are credited later.
 */
function lastEdit(
  site: string,
  attributes: Readonly<Record<string, string | undefined>>,
  { users, credited }: CreditSources,
): Pick<PostCredit, "edited" | "editor" | "editorUrl" | "editorUser" | "editorPending"> {
  const edited = utcInstant(attributes["LastEditDate"]);
  if (edited === undefined || edited === "") return {};
  const editorId = attributes["LastEditorUserId"];
  const { name, url } = creditedName(site, editorId, attributes["LastEditorDisplayName"], users);
  const link =
    url === undefined || editorId === undefined ? {} : editorLink(url, editorId, credited);
  return { edited, ...(name !== undefined && { editor: name }), ...link };
}

/**
 * How an edit links to its editor, whom Users.xml names: by their users/ file once they are
 * credited; else by their profile on the site, to be settled at the end when they may yet be.
 */
function editorLink(
  url: string,
  editorId: string,
  credited: CreditSources["credited"],
): Pick<PostCredit, "editorUrl" | "editorUser" | "editorPending"> {
  if (credited?.has(editorId) === true) return { editorUser: editorId };
  const pending = credited !== undefined && isUserId(editorId);
  return { editorUrl: url, ...(pending && { editorPending: true as const }) };
}

/**
 * A display name as one line of text, which the content format asks of an author: line breaks
 * and other control characters become spaces, spaces at the ends go (Users.xml has names such
 * as `"Brian "`). Undefined when nothing is left. Users.xml names are cleaned as they are read
 * (see users.ts), and reported there; an OwnerDisplayName is cleaned here, per post.
 */
export function cleanName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const cleaned = name.replace(/[\p{Cc}\u0085\u2028\u2029]+/gu, " ").trim();
  return cleaned === "" ? undefined : cleaned;
}

/**
 * The licences to name for the whole community: the licences of the posts written, in a stable
 * order.
 */
export function licenceList(licences: ReadonlyMap<string, number>): string {
  const names = [...licences.keys()].sort();
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1) ?? ""}`;
}

/**
 * The CC BY-SA credit shown below every page, for a reader: where the posts came from, that
 * their authors wrote them, and under which licence(s). Each post's page links to its original
 * and names its licence; how each licence was decided is the import report's to say.
 */
export function communityAttribution(site: string, licences: ReadonlyMap<string, number>): string {
  const eachOwn = licences.size > 1 ? " (each post names its own)" : "";
  return `Questions and answers from ${site}, by their authors, under ${licenceList(licences)}${eachOwn}; each post links to its original.`;
}
