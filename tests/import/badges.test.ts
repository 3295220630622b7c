import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../../src/project-paths.ts";
import { BADGE_CLASS_OF_NAME } from "../../scripts/import/badge-classes.ts";
import {
  badgesOfUnknownClass,
  readBadges,
  sortedBadges,
  type UserBadges,
} from "../../scripts/import/badges.ts";
import { dumpFile, row, type Attributes } from "../helpers/dump-rows.ts";
import { rowsOf } from "../helpers/real-dumps.ts";

/** One row of each badge of eight real dumps with a Class column (see its README). */
const badgeRows = join(projectRoot, "tests/import/badge-rows");
const CLASS_OF_NUMBER: Record<string, string> = { "1": "gold", "2": "silver", "3": "bronze" };

describe("the class of Stack Exchange's badges, for dumps without a Class column", () => {
  const rows = readdirSync(badgeRows)
    .filter((name) => name.endsWith(".xml"))
    .flatMap((name) => rowsOf(join(badgeRows, name)).map((row) => ({ dump: name, row })));

  it("is the class every real dump with a Class column gives the name", () => {
    assert.ok(rows.length > 400, `${rows.length} rows`);
    for (const { dump, row } of rows) {
      assert.equal(row["TagBased"], "False", `${dump}: only badges, no tag badges`);
      const name = row["Name"] ?? "";
      assert.equal(
        BADGE_CLASS_OF_NAME.get(name),
        CLASS_OF_NUMBER[row["Class"] ?? ""],
        `${dump}: ${name} (Class="${row["Class"] ?? ""}")`,
      );
    }
  });

  it("holds only names a real dump gives a class, which are never guessed", () => {
    const seen = new Set(rows.map(({ row }) => row["Name"]));
    assert.deepEqual(
      [...BADGE_CLASS_OF_NAME.keys()].filter((name) => !seen.has(name)),
      [],
      "every name of the table is in a real dump",
    );
    assert.equal(BADGE_CLASS_OF_NAME.get("Strunk & White"), "silver", "as XML decodes it");
    // Names a badge list might suggest but no dump here has: no class, not a guess.
    for (const name of ["Copy Editor", "Marshal", "Steward", "Illuminator", "Legendary"]) {
      assert.equal(BADGE_CLASS_OF_NAME.get(name), undefined, name);
    }
  });
});

/** readBadges on a Badges.xml of these rows, for the users 7 and 8 (and -1) only. */
async function badgesOf(rows: readonly Attributes[]): Promise<UserBadges> {
  const dir = mkdtempSync(join(tmpdir(), "badges-"));
  try {
    const file = join(dir, "Badges.xml");
    writeFileSync(file, dumpFile("badges", rows.map(row)));
    return await readBadges(file, new Set(["7", "8", "-1"]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A user's badges as their file lists them. */
function listed(badges: UserBadges, user: string) {
  return sortedBadges(badges.byUser.get(user)?.values() ?? []);
}

const date = "2014-01-21T20:52:16.970";

describe("Badges.xml's badges, per user", () => {
  it("today's layout: each row's Class and TagBased, grouped by name and tag with a count", async () => {
    const today = (id: number, user: string, name: string, badgeClass: string, tag = false) => ({
      Id: String(id),
      UserId: user,
      Name: name,
      Date: date,
      Class: badgeClass,
      TagBased: tag ? "True" : "False",
    });
    const badges = await badgesOf([
      today(1, "7", "Teacher", "3"),
      today(2, "7", "Nice Answer", "3"),
      today(3, "7", "Nice Answer", "3"),
      today(4, "9", "Teacher", "3"),
      today(5, "7", "Famous Question", "1"),
      // A tag badge won at bronze, then at silver: one entry, at the highest, and a note.
      today(6, "7", "discussion", "3", true),
      today(7, "7", "discussion", "2", true),
      // A badge that shares its name with a tag's is another badge.
      today(8, "7", "Teacher", "3", true),
      today(9, "8", "Yearling", "2"),
      today(10, "8", "Brand New", "9"),
      { Id: "11", UserId: "8", Name: " \n", Date: date, Class: "3", TagBased: "False" },
    ]);
    assert.equal(badges.layout, "Class and TagBased");
    assert.deepEqual([badges.rows, badges.awarded, badges.unnamed], [11, 9, 1]);
    assert.deepEqual(listed(badges, "7"), [
      { name: "Famous Question", class: "gold", count: 1, tagBased: false },
      { name: "discussion", class: "silver", count: 1, tagBased: true },
      { name: "Nice Answer", class: "bronze", count: 2, tagBased: false },
      { name: "Teacher", class: "bronze", count: 1, tagBased: false },
      { name: "Teacher", class: "bronze", count: 1, tagBased: true },
      // A tag badge won at silver and at bronze: two badges, each with its own count.
      { name: "discussion", class: "bronze", count: 1, tagBased: true },
    ]);
    assert.deepEqual(listed(badges, "8"), [
      { name: "Yearling", class: "silver", count: 1, tagBased: false },
      { name: "Brand New", count: 1, tagBased: false },
    ]);
    assert.equal(badges.byUser.has("9"), false, "user 9 is not written: not kept");
    assert.deepEqual(badgesOfUnknownClass(badges), [{ name: "Brand New", awards: 1 }]);
  });

  it("old dumps' layout: the class of the name, else none; TagBased left out", async () => {
    const old = (id: number, user: string, name: string) => ({
      Id: String(id),
      UserId: user,
      Name: name,
      Date: date,
    });
    const badges = await badgesOf([
      old(1, "-1", "Autobiographer"),
      old(2, "7", "Strunk & White"),
      old(3, "7", "Supporter"),
      old(4, "7", "Supporter"),
      old(5, "7", "Great Answer"),
      // A tag badge of an old dump: named after its tag, of no known class.
      old(6, "7", "hops"),
      old(7, "8", "hops"),
      old(8, "7", "Steward"),
      old(9, "10", "Teacher"),
    ]);
    assert.equal(badges.layout, "no Class");
    assert.deepEqual([badges.rows, badges.awarded], [9, 8]);
    assert.deepEqual(listed(badges, "7"), [
      { name: "Great Answer", class: "gold", count: 1 },
      { name: "Strunk & White", class: "silver", count: 1 },
      { name: "Supporter", class: "bronze", count: 2 },
      { name: "Steward", count: 1 },
      { name: "hops", count: 1 },
    ]);
    assert.deepEqual(listed(badges, "-1"), [{ name: "Autobiographer", class: "bronze", count: 1 }]);
    assert.deepEqual(badgesOfUnknownClass(badges), [
      { name: "Steward", awards: 1 },
      { name: "hops", awards: 2 },
    ]);
  });
});
