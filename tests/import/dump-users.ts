import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { creditedUsers, rowsOf } from "../helpers/real-dumps.ts";

/*
 * What a built import must show of its people, worked out from the dump's rows with the test's
 * own parser: a page per credited user, listing exactly the questions and answers Posts.xml
 * gives them, and every credit of theirs leading there.
 */

/** The ids a user's pages list, over all their pages: questions, and answers by their anchor. */
function listedPosts(outDir: string, user: string) {
  const folder = join(outDir, "users", user);
  const pages = [join(folder, "index.html")];
  const more = join(folder, "page");
  if (existsSync(more)) {
    for (const number of readdirSync(more)) pages.push(join(more, number, "index.html"));
  }
  const listed = {
    questions: [] as string[],
    answers: [] as string[],
    headings: new Set<string>(),
  };
  for (const page of pages) {
    const html = readFileSync(page, "utf8");
    for (const kind of ["questions", "answers"] as const) {
      const start = html.indexOf(`aria-labelledby="user-${kind}"`);
      assert.ok(start !== -1, `${relative(outDir, page)}: a list of ${kind}`);
      const section = html.slice(start, html.indexOf("</section>", start));
      listed.headings.add(/<h2[^>]*>([^<]*)<\/h2>/.exec(section)?.[1] ?? "");
      for (const [, question, answer] of section.matchAll(
        /href="(?:\.\.\/)+questions\/([^/]+)\/index\.html(?:#answer-([^"]+))?"/g,
      )) {
        listed[kind].push(kind === "questions" ? (question ?? "") : (answer ?? ""));
      }
    }
  }
  return listed;
}

/** "1 question", "1,234 answers": a list's heading for a count. */
function countHeading(count: number, noun: string): string {
  return count === 1 ? `1 ${noun}` : `${count.toLocaleString("en")} ${noun}s`;
}

/**
 * Checks each user the import credits (`creditedUsers`): their page lists exactly their
 * questions and answers of Posts.xml among those written, with the counts above the lists, and
 * every question page credits each of their posts with a link to it. Returns how many users and
 * posts were checked.
 */
export function assertUserPagesShown(
  dump: string,
  outDir: string,
): { users: number; posts: number } {
  const users = creditedUsers(dump);
  const posts = rowsOf(join(dump, "Posts.xml"));
  const questions = new Set(
    posts.filter((row) => row["PostTypeId"] === "1").map((row) => row["Id"]),
  );
  const ownPosts = new Map<string, { questions: string[]; answers: string[] }>();
  let checked = 0;
  for (const row of posts) {
    const user = row["OwnerUserId"];
    const kind =
      row["PostTypeId"] === "1"
        ? "questions"
        : row["PostTypeId"] === "2" && questions.has(row["ParentId"])
          ? "answers"
          : undefined;
    if (kind === undefined || user === undefined || !users.has(user)) continue;
    let own = ownPosts.get(user);
    if (own === undefined) ownPosts.set(user, (own = { questions: [], answers: [] }));
    own[kind].push(row["Id"] ?? "");
    // The post's page credits it with a link to its author's page.
    const question = kind === "questions" ? row["Id"] : row["ParentId"];
    const page = readFileSync(join(outDir, "questions", question ?? "", "index.html"), "utf8");
    const post =
      kind === "questions"
        ? (page.split('<section class="answers"')[0] ?? "")
        : (page.split(`<article class="answer" id="answer-${row["Id"]}"`)[1] ?? "").split(
            "</article>",
          )[0];
    assert.match(
      post ?? "",
      new RegExp(`<a class="author" href="\\.\\./\\.\\./users/${user}/index\\.html">`),
      `questions/${question}: post ${row["Id"]} credits users/${user}/`,
    );
    checked++;
  }
  for (const user of users.keys()) {
    const own = ownPosts.get(user) ?? { questions: [], answers: [] };
    const listed = listedPosts(outDir, user);
    assert.deepEqual(listed.questions.sort(), own.questions.sort(), `users/${user}/: questions`);
    assert.deepEqual(listed.answers.sort(), own.answers.sort(), `users/${user}/: answers`);
    assert.deepEqual(
      [...listed.headings].sort(),
      [
        countHeading(own.questions.length, "question"),
        countHeading(own.answers.length, "answer"),
      ].sort(),
      `users/${user}/: the counts above the lists`,
    );
  }
  return { users: users.size, posts: checked };
}

/**
 * Every link and image of the built site's pages that names a file of the site but lands on
 * none, as `page: target`: a crawl of the whole folder, with no browser.
 */
export function deadLinks(outDir: string): string[] {
  const dead: string[] = [];
  const pages = readdirSync(outDir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".html"));
  for (const page of pages) {
    const html = readFileSync(join(outDir, page), "utf8");
    // Attributes of tags only: a comment's text may hold `<img src="blah">` as characters.
    const tags = html.matchAll(/<(?:a|img|link|script)\s[^<>]*>/g);
    const targets = [...tags].flatMap(([tag]) =>
      [...tag.matchAll(/\s(?:href|src)="([^"]*)"/g)].map(([, target = ""]) => target),
    );
    for (const target of targets) {
      if (/^(?:[a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target)) continue;
      const path = decodeURIComponent(target.replace(/[?#].*$/, ""));
      if (path === "") continue;
      const file = join(outDir, dirname(page), path.split("/").join(sep));
      if (!existsSync(file)) dead.push(`${page}: ${target}`);
    }
  }
  return dead;
}
