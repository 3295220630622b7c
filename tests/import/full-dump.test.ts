import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";
import {
  creditedUsers,
  fullBeerDump,
  rowsOf,
  withFullDump,
  type Row,
} from "../helpers/real-dumps.ts";
import { runImport } from "../helpers/run-import.ts";
import { highestFirst, tabIds, unansweredIds } from "../helpers/listing-tabs.ts";
import { assertUserPagesShown, deadLinks } from "./dump-users.ts";
import { assertTagWikisShown } from "./dump-tag-wikis.ts";
import { assertUsersValid, readWrittenFolder } from "./imported-content.ts";
import { htmlToText } from "../../src/lib/html-text.ts";
import type { ImportReport } from "../../scripts/import/report.ts";

/**
 * The complete 2014 beer dump (all eight files, PostHistory.xml among them), imported and built
 * by the real commands, and checked against the dump read here with a parser of its own: what
 * a reader judges a post by (its close, lock and community wiki notices, its tags' wikis, the
 * listing's tabs), and its users' files with the badges of its old-layout Badges.xml.
 */
const content = join(projectRoot, "tests/.output/import/full-beer");
const site = join(projectRoot, "tests/.output/import/full-beer-dist");

/** The close reason names of Stack Exchange's CloseReasonTypes, as the dump's ids give them. */
const REASONS: Record<string, string> = {
  "101": "duplicate",
  "102": "off-topic",
  "103": "unclear what you're asking",
  "104": "too broad",
  "105": "primarily opinion-based",
};

/** Each post's last event of the given PostHistoryTypeIds, by date then row Id. */
function lastEvents(history: readonly Row[], types: readonly string[]): Map<string, Row> {
  const last = new Map<string, Row>();
  const later = (a: Row, b: Row) =>
    (a["CreationDate"] ?? "") > (b["CreationDate"] ?? "") ||
    (a["CreationDate"] === b["CreationDate"] && Number(a["Id"]) > Number(b["Id"]));
  for (const row of history) {
    if (!types.includes(row["PostHistoryTypeId"] ?? "")) continue;
    const post = row["PostId"] ?? "";
    const kept = last.get(post);
    if (kept === undefined || later(row, kept)) last.set(post, row);
  }
  return last;
}

function pageText(id: string): string {
  return htmlToText(readFileSync(join(site, "questions", id, "index.html"), "utf8"));
}

describe("the complete 2014 beer dump", withFullDump, () => {
  const posts = rowsOf(join(fullBeerDump, "Posts.xml"));
  const history = rowsOf(join(fullBeerDump, "PostHistory.xml"));
  const questions = posts.filter((row) => row["PostTypeId"] === "1");
  const answers = posts.filter((row) => row["PostTypeId"] === "2");
  let report: ImportReport;

  before(async () => {
    rmSync(content, { recursive: true, force: true });
    const run = runImport(fullBeerDump, "--out", content, "--json");
    assert.equal(run.status, 0, run.stderr);
    report = JSON.parse(run.stdout) as ImportReport;
    rmSync(site, { recursive: true, force: true });
    const build = await buildSite(content, site);
    assert.equal(build.exitCode, 0, build.output);
  });

  it("every closed question shows the reason of its last close, and when", () => {
    const closes = lastEvents(history, ["10"]);
    const closed = questions.filter((row) => row["ClosedDate"] !== undefined);
    const { questions: files } = readWrittenFolder(content);
    assert.ok(closed.length > 30, "the dump has its closes");
    for (const row of closed) {
      const id = row["Id"] ?? "";
      const reason = REASONS[closes.get(id)?.["Comment"] ?? ""];
      assert.ok(reason, `question ${id}: the dump names its close reason`);
      const fields = files.get(id)?.fields ?? {};
      assert.deepEqual(
        { closed: fields["closed"], closeReason: fields["closeReason"] },
        { closed: `${row["ClosedDate"] ?? ""}Z`, closeReason: reason },
        `question ${id}`,
      );
      // A duplicate keeps its own notice, naming its original.
      const notice =
        fields["state"] === "duplicate" ? "already has an answer here" : `Closed as ${reason} on`;
      assert.ok(pageText(id).includes(notice), `questions/${id}: "${notice}"`);
    }
    assert.equal(report.notices.closeReasons, closed.length);
    // Questions closed once and reopened since say nothing of it.
    const reopened = [...closes.keys()].filter(
      (id) => !closed.some((row) => row["Id"] === id) && questions.some((row) => row["Id"] === id),
    );
    assert.ok(reopened.length > 0, "the dump has questions reopened");
    for (const id of reopened) {
      assert.equal(files.get(id)?.fields["closeReason"], undefined, `question ${id}`);
      assert.doesNotMatch(pageText(id), /Closed as|is closed/, `questions/${id}`);
    }
  });

  it("every question's header shows Posts.xml's views and last activity", () => {
    for (const row of questions) {
      const id = row["Id"] ?? "";
      const page = readFileSync(join(site, "questions", id, "index.html"), "utf8");
      const views = Number(row["ViewCount"]);
      const activity = new Date(`${row["LastActivityDate"] ?? ""}Z`).toISOString();
      const shown = /Modified <time datetime="([^"]+)">/.exec(page)?.[1] ?? "";
      assert.equal(new Date(shown).toISOString(), activity, `questions/${id}: modified`);
      assert.ok(
        pageText(id).includes(`Viewed ${views.toLocaleString("en")} time${views === 1 ? "" : "s"}`),
        `questions/${id}: viewed ${views} times`,
      );
    }
  });

  it("a question whose last lock holds says it is locked; community wiki posts say so", () => {
    const locks = lastEvents(history, ["14", "15"]);
    const locked = questions
      .filter((row) => locks.get(row["Id"] ?? "")?.["PostHistoryTypeId"] === "14")
      .map((row) => row["Id"] ?? "");
    assert.ok(locked.length > 0, "the dump has a lock");
    for (const id of locked) assert.match(pageText(id), /Locked by a moderator on 20\d\d-/);
    assert.equal(report.notices.locked, locked.length);

    const wiki = posts.filter((row) => row["CommunityOwnedDate"] !== undefined);
    assert.ok(wiki.length > 0, "the dump has community wiki posts");
    const questionOf = (row: Row) => (row["PostTypeId"] === "1" ? row["Id"] : row["ParentId"]);
    let shown = 0;
    for (const id of new Set(wiki.map(questionOf))) {
      const page = readFileSync(join(site, "questions", id ?? "", "index.html"), "utf8");
      shown += page.split('<span class="community-wiki">Community wiki</span>').length - 1;
    }
    assert.equal(shown, wiki.length, "each community wiki post is marked");
    assert.equal(report.notices.communityWiki, wiki.length);
  });

  // The tabs. Scores and dates compared as numbers and as fixed-width text.
  const score = (row: Row) => String(Number(row["Score"]) + 1e9).padStart(12, "0");
  const activity = (row: Row) => row["LastActivityDate"] ?? "";

  it("Votes lists every question by Posts.xml's score, Active by its last activity", () => {
    const newest = tabIds(site, "");
    assert.equal(newest.length, questions.length);
    assert.deepEqual(tabIds(site, "votes/"), highestFirst(newest, questions, score));
    assert.deepEqual(tabIds(site, "active/"), highestFirst(newest, questions, activity));
  });

  it("Unanswered holds exactly the questions with no accepted or upvoted answer", () => {
    const newest = tabIds(site, "");
    const expected = unansweredIds(questions, answers);
    assert.ok(expected.size > 0 && expected.size < questions.length);
    assert.deepEqual(
      tabIds(site, "unanswered/"),
      newest.filter((id) => expected.has(id)),
    );
  });

  it("each tag's Votes tab holds its questions by score", () => {
    const tags = readdirSync(join(site, "tags"), { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    assert.ok(tags.length > 50);
    for (const { name } of tags) {
      const newest = tabIds(site, `tags/${name}/`);
      assert.deepEqual(
        tabIds(site, `tags/${name}/votes/`),
        highestFirst(newest, questions, score),
        name,
      );
    }
  });

  it("every tag's excerpt shows on its page and on tags/, every wiki has its page", () => {
    assertTagWikisShown(fullBeerDump, site, {});
  });

  it("writes a users/ file for each user credited, with exactly their Badges.xml rows", () => {
    const { users } = readWrittenFolder(content);
    const expected = creditedUsers(fullBeerDump);
    assert.deepEqual([...users.keys()].sort(), [...expected.keys()].sort());
    assertUsersValid(users);
    // Badges.xml's rows per user and name, counted here; the dump has no Class or TagBased.
    const rows = rowsOf(join(fullBeerDump, "Badges.xml"));
    assert.ok(rows.every((row) => row["Class"] === undefined && row["TagBased"] === undefined));
    const counted = new Map<string, Map<string, number>>();
    for (const row of rows) {
      const own = counted.get(row["UserId"] ?? "") ?? new Map<string, number>();
      own.set(row["Name"] ?? "", (own.get(row["Name"] ?? "") ?? 0) + 1);
      counted.set(row["UserId"] ?? "", own);
    }
    let awarded = 0;
    for (const [id, { fields }] of users) {
      const badges = (fields["badges"] ?? []) as { name: string; count: number }[];
      const own = counted.get(id) ?? new Map<string, number>();
      assert.deepEqual(
        new Map(badges.map(({ name, count }) => [name, count])),
        own,
        `users/${id}.md: its badges are its rows of Badges.xml`,
      );
      awarded += [...own.values()].reduce((sum, count) => sum + count, 0);
      assert.ok(
        badges.every((badge) => !("tagBased" in badge)),
        `users/${id}.md: tag unknown`,
      );
    }
    assert.deepEqual(
      { ...report.users.badges, unknownClass: report.users.badges?.unknownClass.length },
      {
        rows: 1918,
        layout: "no Class",
        awarded,
        unnamed: 0,
        unknownClass: 0,
      },
      "every badge name of the 2014 dump has its class in the table",
    );
    assert.equal(report.users.written, expected.size);
  });

  it("shows each person's page: their posts, and badge counts equal to Badges.xml's rows", () => {
    const people = assertUserPagesShown(fullBeerDump, site);
    assert.equal(people.users, creditedUsers(fullBeerDump).size);
    const rows = rowsOf(join(fullBeerDump, "Badges.xml"));
    const awards = new Map<string, number>();
    for (const { UserId: user = "" } of rows) awards.set(user, (awards.get(user) ?? 0) + 1);
    for (const user of creditedUsers(fullBeerDump).keys()) {
      const page = readFileSync(join(site, "users", user, "index.html"), "utf8");
      // "3 gold", "12 bronze": each class's count on the page, added up.
      const shown = [...page.matchAll(/<span class="badge-count [^"]*">([\d,]+) /g)]
        .map(([, count = "0"]) => Number(count.replaceAll(",", "")))
        .reduce((sum, count) => sum + count, 0);
      assert.equal(shown, awards.get(user) ?? 0, `users/${user}/: its badges`);
    }
    assert.deepEqual(deadLinks(site), [], "every link of the site lands on a file of it");
  });
});
