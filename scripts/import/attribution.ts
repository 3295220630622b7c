import { isHostName } from "./options.ts";

/**
 * The site a dump folder is named after, as the archive names them (`beer.stackexchange.com`,
 * or `beer.stackexchange.com.7z` extracted in place), or undefined.
 */
export function siteFromFolderName(folderName: string): string | undefined {
  const host = folderName.toLowerCase().replace(/\.7z$/, "");
  return isHostName(host) ? host : undefined;
}

/** The link to a question on its site. */
export function questionUrl(site: string, id: string): string {
  return `https://${site}/q/${id}`;
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
 * The CC BY-SA credit shown below the listing: the site, its users, the licence(s), how they
 * were decided, and where the originals are. `from` counts the posts by where their licence
 * came from.
 */
export function communityAttribution(
  site: string,
  licences: ReadonlyMap<string, number>,
  from: ReadonlyMap<LicenceSource, number>,
): string {
  const named = (from.get("ContentLicense") ?? 0) > 0;
  const byDate = (from.get("date") ?? 0) > 0;
  const given = (from.get("--license") ?? 0) > 0;
  const how = named
    ? `per post ContentLicense${byDate ? ", or by the post's date where the dump names none" : ""}${given ? ", or as given to the import where the dump names none" : ""}`
    : given
      ? "as given to the import, since the dump names no licence per post"
      : "by each post's date, since the dump names no licence per post";
  return (
    `Content from ${site}, by its users, licensed under ${licenceList(licences)} (${how}; each question file names its own). ` +
    `Original questions: ${questionUrl(site, "<id>")}, where <id> is the question's file name.`
  );
}

/** The per-file credit, written as a YAML comment on top of each question's frontmatter. */
export function questionCredit(
  site: string,
  id: string,
  attributes: Readonly<Record<string, string | undefined>>,
  licence: string,
): string {
  const userId = attributes["OwnerUserId"];
  const displayName = attributes["OwnerDisplayName"];
  const author =
    userId !== undefined && /^-?\d+$/.test(userId)
      ? `https://${site}/users/${userId}`
      : displayName !== undefined && displayName !== ""
        ? JSON.stringify(displayName)
        : "an unknown user";
  return `From ${questionUrl(site, id)}, asked by ${author}, licensed under ${licence}.`;
}
