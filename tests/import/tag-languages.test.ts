import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { knowsLanguage } from "../../src/lib/code-highlight.ts";
import { languageOfTags, TAG_LANGUAGE_SOURCES } from "../../src/lib/code-language.ts";
import { splitDumpTags, tagByRule } from "../../scripts/import/tags.ts";
import { dumpRows, withDumps, type Row } from "../helpers/real-dumps.ts";

/**
 * The default table of tags' languages, checked against where each entry says it comes from:
 * a site's rows against that site's real dump (../shared/data/stackexchange), where each tag
 * must be on questions whose pages show code, and the share of those blocks that get a
 * language is what scripts/bench.md records.
 */
interface CodeOnPage {
  /** The question's tags as the importer writes them (`q#` is `qsharp`). */
  tags: string[];
  /** The `<pre>` blocks of the question and its answers. */
  blocks: number;
}

/** Each question of a dump with its tags and the code blocks its page shows. */
function codeOnPages(site: string): CodeOnPage[] {
  const pages = new Map<string, CodeOnPage>();
  const rows = dumpRows(site, "Posts.xml");
  const blocksOf = (row: Row) => (row["Body"] ?? "").match(/<pre[\s>]/g)?.length ?? 0;
  for (const row of rows) {
    if (row["PostTypeId"] !== "1") continue;
    const split = splitDumpTags(row["Tags"]);
    const tags = split.ok ? split.tags.map(tagByRule) : [];
    pages.set(row["Id"] ?? "", { tags, blocks: blocksOf(row) });
  }
  for (const row of rows) {
    const page = row["PostTypeId"] === "2" ? pages.get(row["ParentId"] ?? "") : undefined;
    if (page !== undefined) page.blocks += blocksOf(row);
  }
  return [...pages.values()];
}

/** How many of a site's blocks show on pages whose tags give them a language. */
function blocksWithLanguage(pages: readonly CodeOnPage[]): { coloured: number; all: number } {
  let coloured = 0;
  let all = 0;
  for (const { tags, blocks } of pages) {
    all += blocks;
    if (languageOfTags(tags) !== undefined) coloured += blocks;
  }
  return { coloured, all };
}

/** A question's language by the table's rows of `sites` alone (the first tag that has one). */
function languageBySites(tags: readonly string[], sites: readonly string[]): string | undefined {
  const rows = TAG_LANGUAGE_SOURCES.filter(({ site }) => sites.includes(site));
  for (const tag of tags) {
    const row = rows.find(({ languages }) => Object.hasOwn(languages, tag));
    if (row !== undefined) return row.languages[tag];
  }
  return undefined;
}

describe("the default table of tags' languages", () => {
  it("names each tag once, in a language code is coloured in", () => {
    const tags = TAG_LANGUAGE_SOURCES.flatMap(({ languages }) => Object.keys(languages));
    assert.deepEqual(
      tags.filter((tag, index) => tags.indexOf(tag) !== index),
      [],
    );
    const unknown = TAG_LANGUAGE_SOURCES.flatMap(({ languages }) =>
      Object.values(languages).filter((language) => !knowsLanguage(language)),
    );
    assert.deepEqual(unknown, []);
  });

  for (const { site, languages } of TAG_LANGUAGE_SOURCES) {
    if (site === "stackoverflow.com") continue;
    it(`takes ${site}'s tags from its dump: each is on questions that show code`, withDumps, () => {
      const pages = codeOnPages(site);
      const withoutCode = Object.keys(languages).filter(
        (tag) => !pages.some((page) => page.blocks > 0 && page.tags.includes(tag)),
      );
      assert.deepEqual(withoutCode, [], `tags of ${site} on no question with code`);
    });
  }

  it("gives a language to at least 80% of quantumcomputing's blocks", withDumps, () => {
    const { coloured, all } = blocksWithLanguage(codeOnPages("quantumcomputing.stackexchange.com"));
    assert.ok(coloured / all >= 0.8, `${coloured} of ${all}`);
  });

  it(
    "gives cardano's blocks the languages they had before quantumcomputing's rows",
    withDumps,
    () => {
      const pages = codeOnPages("cardano.stackexchange.com");
      const before = ["stackoverflow.com", "cardano.stackexchange.com"];
      const changed = pages.filter(
        ({ tags }) => languageOfTags(tags) !== languageBySites(tags, before),
      );
      assert.deepEqual(changed, []);
      assert.deepEqual(blocksWithLanguage(pages), { coloured: 673, all: 813 });
    },
  );
});
