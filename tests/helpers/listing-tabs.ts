import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Row } from "./real-dumps.ts";

/*
 * The listing's tabs as a reader meets them in a built site, and as the dump's rows say they
 * must be, worked out here from Posts.xml alone (not from the site's code).
 */

/** The question ids a tab lists, over all its pages, in order: `folder` is `votes/`, `tags/x/`. */
export function tabIds(site: string, folder: string): string[] {
  const ids: string[] = [];
  for (let number = 1; ; number++) {
    const file = join(site, folder, number === 1 ? "" : `page/${number}/`, "index.html");
    if (!existsSync(file)) return ids;
    const html = readFileSync(file, "utf8");
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    for (const match of main.matchAll(/<a href="[^"]*questions\/([^/"]+)\/index\.html"/g)) {
      ids.push(match[1] ?? "");
    }
  }
}

/**
 * The questions of Stack Exchange's Unanswered tab: no accepted answer, and no answer scored
 * above zero.
 */
export function unansweredIds(questions: readonly Row[], answers: readonly Row[]): Set<string> {
  const upvoted = new Set(
    answers.filter((answer) => Number(answer["Score"]) > 0).map((answer) => answer["ParentId"]),
  );
  return new Set(
    questions
      .filter(
        (question) => question["AcceptedAnswerId"] === undefined && !upvoted.has(question["Id"]),
      )
      .map((question) => question["Id"] ?? ""),
  );
}

/** `ids` (the Newest tab's order) sorted by a number of each row, highest first, ties kept. */
export function highestFirst(
  ids: readonly string[],
  rows: readonly Row[],
  key: (row: Row) => string,
): string[] {
  const byId = new Map(rows.map((row) => [row["Id"] ?? "", row]));
  const value = (id: string) => key(byId.get(id) ?? {});
  return [...ids].sort((a, b) => (value(a) === value(b) ? 0 : value(a) < value(b) ? 1 : -1));
}
