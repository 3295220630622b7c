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
 * The licences to name for the whole community: the per-post ContentLicense values seen, or
 * the fallback for posts without one, in a stable order.
 */
export function licenceList(licences: ReadonlyMap<string, number>): string {
  const names = [...licences.keys()].sort();
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1) ?? ""}`;
}

/**
 * The CC BY-SA credit shown below the listing: the site, its users, the licence(s) and where
 * the originals are. `perPost` says whether the dump named the licence of each post.
 */
export function communityAttribution(
  site: string,
  licences: ReadonlyMap<string, number>,
  perPost: boolean,
): string {
  const where = perPost
    ? " (per post ContentLicense; each question file names its own)"
    : " (the dump names no licence per post)";
  return (
    `Content from ${site}, by its users, licensed under ${licenceList(licences)}${where}. ` +
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
