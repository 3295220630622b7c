import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../src/project-paths.ts";
import { BADGE_CLASS_OF_NAME } from "../../scripts/import/badge-classes.ts";
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
