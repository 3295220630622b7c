import { dumpRows } from "../helpers/real-dumps.ts";

/** What a tag's wiki must show, worked out from the dump's rows. */
export interface ExpectedWiki {
  /** The excerpt, its white space collapsed to single spaces; undefined when empty. */
  excerpt: string | undefined;
  /** Whether the wiki has a body, and so a page of its own. */
  body: boolean;
}

/**
 * The wiki each tag of a site must have, by tag as mapped (`mapped`: dump tag to tag, the
 * report's tagsMapped), read with the test's own parser: Tags.xml's ExcerptPostId and
 * WikiPostId, their posts in Posts.xml, and only for tags a question carries and whose excerpt
 * or wiki says something.
 */
export function expectedTagWikis(
  site: string,
  mapped: ReadonlyMap<string, string>,
): Map<string, ExpectedWiki> {
  const posts = dumpRows(site, "Posts.xml");
  const bodyOf = new Map(posts.map((row) => [row["Id"], row["Body"] ?? ""]));
  const carried = new Set(
    posts
      .filter((row) => row["PostTypeId"] === "1")
      .flatMap((row) => (row["Tags"] ?? "").split(/[<>|]+/).filter((tag) => tag !== "")),
  );
  const wikis = new Map<string, ExpectedWiki>();
  for (const row of dumpRows(site, "Tags.xml")) {
    const tag = row["TagName"] ?? "";
    if (!carried.has(tag)) continue;
    const excerpt = (bodyOf.get(row["ExcerptPostId"]) ?? "").replace(/\s+/g, " ").trim();
    const body = (bodyOf.get(row["WikiPostId"]) ?? "").trim() !== "";
    if (excerpt === "" && !body) continue;
    wikis.set(mapped.get(tag) ?? tag, { excerpt: excerpt === "" ? undefined : excerpt, body });
  }
  return wikis;
}
