import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SaxesParser } from "saxes";
import { projectRoot } from "../../src/project-paths.ts";

/*
 * The real Stack Exchange dumps of ../shared/data/stackexchange, for the tests that import or
 * read them, each read here with a parser of its own rather than the importer's.
 */

/** Where the dumps live: beside the repository (CI has them there). */
export const dumpsDir = join(projectRoot, "../shared/data/stackexchange");

/** A test's options: a clone elsewhere skips, saying why. */
export const withDumps = existsSync(dumpsDir)
  ? {}
  : { skip: `the real dumps are not at ${dumpsDir} (shared/ beside the repository)` };

/** The complete 2014 beer dump, all eight files (../shared/data/stackexchange-full). */
export const fullBeerDump = join(
  projectRoot,
  "../shared/data/stackexchange-full/beer.stackexchange.com",
);

/** A test's options for the complete dump: a clone elsewhere skips, saying why. */
export const withFullDump = existsSync(fullBeerDump)
  ? {}
  : { skip: `the complete beer dump is not at ${fullBeerDump} (shared/ beside the repository)` };

/** A row's attributes, by name. */
export type Row = Record<string, string | undefined>;

/** The rows of one file of a site's dump (none when the dump has no such file), read with saxes. */
export function dumpRows(site: string, file: string): Row[] {
  return rowsOf(join(dumpsDir, site, file));
}

/** The rows of a dump file at `path` (none when there is no such file), read with saxes. */
export function rowsOf(path: string): Row[] {
  if (!existsSync(path)) return [];
  const rows: Row[] = [];
  const parser = new SaxesParser();
  parser.on("opentag", (tag) => {
    if (tag.name === "row") rows.push(tag.attributes as Row);
  });
  parser.write(readFileSync(path, "utf8")).close();
  return rows;
}

/**
 * The users a complete dump's import must write a file for, worked out from its rows: those
 * with a Users.xml row and a name who own a question, an answer to a question of the dump, or
 * a comment on either. By id, with their Users.xml row.
 */
export function creditedUsers(folder: string): Map<string, Row> {
  const posts = rowsOf(join(folder, "Posts.xml"));
  const questions = new Set(
    posts.filter((row) => row["PostTypeId"] === "1").map((row) => row["Id"]),
  );
  const written = posts.filter(
    (row) =>
      row["PostTypeId"] === "1" || (row["PostTypeId"] === "2" && questions.has(row["ParentId"])),
  );
  const writtenIds = new Set(written.map((row) => row["Id"]));
  const credited = new Set([
    ...written.map((row) => row["OwnerUserId"]),
    ...rowsOf(join(folder, "Comments.xml"))
      .filter((row) => writtenIds.has(row["PostId"]))
      .map((row) => row["UserId"]),
  ]);
  return new Map(
    rowsOf(join(folder, "Users.xml"))
      .filter((row) => credited.has(row["Id"]) && (row["DisplayName"] ?? "").trim() !== "")
      .map((row) => [row["Id"] ?? "", row]),
  );
}
