import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { rowsOf } from "../helpers/real-dumps.ts";
import { tagFolder } from "../../src/lib/tag-folder.ts";

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
  dump: string,
  mapped: ReadonlyMap<string, string>,
): Map<string, ExpectedWiki> {
  const posts = rowsOf(join(dump, "Posts.xml"));
  const bodyOf = new Map(posts.map((row) => [row["Id"], row["Body"] ?? ""]));
  const carried = new Set(
    posts
      .filter((row) => row["PostTypeId"] === "1")
      .flatMap((row) => (row["Tags"] ?? "").split(/[<>|]+/).filter((tag) => tag !== "")),
  );
  const wikis = new Map<string, ExpectedWiki>();
  for (const row of rowsOf(join(dump, "Tags.xml"))) {
    const tag = row["TagName"] ?? "";
    if (!carried.has(tag)) continue;
    const excerpt = (bodyOf.get(row["ExcerptPostId"]) ?? "").replace(/\s+/g, " ").trim();
    const body = (bodyOf.get(row["WikiPostId"]) ?? "").trim() !== "";
    if (excerpt === "" && !body) continue;
    wikis.set(mapped.get(tag) ?? tag, { excerpt: excerpt === "" ? undefined : excerpt, body });
  }
  return wikis;
}

/**
 * Every excerpt of the dump (of a tag a question carries) on its tag's page and on tags/, and
 * a wiki page for every wiki with a body, as many as the dump has.
 */
export function assertTagWikisShown(
  dump: string,
  outDir: string,
  tagMap: Record<string, string>,
): void {
  const wikis = expectedTagWikis(dump, new Map(Object.entries(tagMap)));
  const index = readFileSync(join(outDir, "tags/index.html"), "utf8");
  const indexExcerpts = new Map(
    [
      ...index.matchAll(
        />([^<]+)<\/a><span class="tag-questions">[^<]*<\/span><p class="tag-excerpt">([^<]*)</g,
      ),
    ].map(([, tag = "", excerpt = ""]) => [decodeHtml(tag), decodeHtml(excerpt)]),
  );
  const withExcerpt = [...wikis].filter(([, wiki]) => wiki.excerpt !== undefined);
  assert.ok(withExcerpt.length > 0, `${dump} has excerpts`);
  assert.equal(indexExcerpts.size, withExcerpt.length, "tags/ shows every excerpt");
  for (const [tag, { excerpt, body }] of wikis) {
    assert.equal(indexExcerpts.get(tag), excerpt, `tags/ shows ${tag}'s excerpt`);
    const page = readFileSync(join(outDir, "tags", tagFolder(tag), "index.html"), "utf8");
    const shown = /<p class="tag-wiki-excerpt">([^<]*)/.exec(page)?.[1];
    if (excerpt !== undefined) {
      assert.equal(decodeHtml(shown ?? "").trim(), excerpt, `${tag}'s page shows its excerpt`);
    }
    assert.equal(page.includes(">About this tag</a>"), body, `${tag}'s page links its wiki`);
  }
  const infoPages = readdirSync(join(outDir, "tags")).filter((folder) =>
    existsSync(join(outDir, "tags", folder, "info/index.html")),
  );
  const withBody = [...wikis].filter(([, wiki]) => wiki.body).map(([tag]) => tagFolder(tag));
  assert.deepEqual(infoPages.sort(), withBody.sort(), "a wiki page for every wiki with a body");
}

/** The text of escaped HTML, as Astro escapes it. */
function decodeHtml(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}
