import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ImportReport } from "../../scripts/import/report.ts";
import { dumpFile, row, type Attributes } from "../helpers/dump-rows.ts";
import { assertSameFiles, filesUnder } from "../helpers/files-under.ts";
import { runImport } from "../helpers/run-import.ts";
import { inTempFolder } from "../helpers/temp-folder.ts";

/*
 * What the 2025 dumps hold that earlier ones did not: fabricated watermark posts, answers by
 * Stack Exchange's answer bot (user -2), and a Posts.xml no longer sorted by Id.
 */

const question = (id: string, overrides: Attributes = {}): Attributes => ({
  Id: id,
  PostTypeId: "1",
  CreationDate: "2025-03-01T10:00:00.000",
  Body: `<p>Body of ${id}.</p>`,
  Title: `Question ${id}`,
  Tags: "|beer|",
  AnswerCount: "1",
  OwnerUserId: "7",
  ContentLicense: "CC BY-SA 4.0",
  ...overrides,
});
const answer = (id: string, parent: string, owner: string): Attributes => ({
  Id: id,
  PostTypeId: "2",
  ParentId: parent,
  CreationDate: "2025-03-02T10:00:00.000",
  Body: `<p>Answer ${id}.</p>`,
  OwnerUserId: owner,
  ContentLicense: "CC BY-SA 4.0",
});

const posts = [
  question("3"),
  answer("8", "3", "-2"),
  question("5"),
  answer("9", "5", "7"),
  question("1000000001", { Title: "Watermark" }),
  answer("1000000010", "1000000001", "7"),
];
const users = [
  { Id: "-2", DisplayName: "Answer Bot" },
  { Id: "7", DisplayName: "Ada" },
].map((user) => ({ ...user, CreationDate: "2010-01-01T00:00:00.000", Reputation: "1" }));

/** A dump folder with these posts in this order, the users and any history; its import's report. */
function imported(
  work: string,
  name: string,
  order: readonly Attributes[],
  history?: readonly Attributes[],
) {
  const dump = join(work, name);
  mkdirSync(dump, { recursive: true });
  writeFileSync(join(dump, "Posts.xml"), dumpFile("posts", order.map(row)));
  writeFileSync(join(dump, "Users.xml"), dumpFile("users", users.map(row)));
  if (history)
    writeFileSync(join(dump, "PostHistory.xml"), dumpFile("posthistory", history.map(row)));
  const out = join(work, `out-${name}`);
  const run = runImport(dump, "--out", out, "--json", "--site", "beer.stackexchange.com");
  assert.equal(run.status, 0, run.stderr);
  return { out, report: JSON.parse(run.stdout) as ImportReport };
}

describe("a dump of 2025", () => {
  it("leaves the watermark rows out and counts them, whatever the rows' order", () => {
    inTempFolder("qa-todays-dump-", (work) => {
      const sorted = imported(work, "sorted", posts);
      assert.equal(sorted.report.watermarkRows, 2);
      assert.equal(sorted.report.questions.written, 2);
      assert.equal(sorted.report.answers.written, 2);
      // Answers before their questions, questions out of order: the same content folder.
      const shuffled = imported(work, "shuffled", [...posts].reverse());
      assert.equal(shuffled.report.watermarkRows, 2);
      const written = filesUnder(sorted.out);
      assertSameFiles(filesUnder(shuffled.out), written);
      assert.ok(!written.has("questions/1000000001.md") && !written.has("answers/1000000010.md"));
    });
  });

  it("imports the answer bot's answers, credited as the dump credits them", () => {
    inTempFolder("qa-todays-dump-", (work) => {
      const { out } = imported(work, "bot", posts);
      const bot = readFileSync(join(out, "answers/8.md"), "utf8");
      assert.match(bot, /^author: "Answer Bot"$/m);
      assert.match(bot, /^user: "-2"$/m);
      const profile = readFileSync(join(out, "users/-2.md"), "utf8");
      assert.match(profile, /^name: "Answer Bot"$/m);
      assert.match(profile, /^source: "https:\/\/beer\.stackexchange\.com\/users\/-2"$/m);
    });
  });
});

describe("PostHistory.xml's closes and locks", () => {
  const event = (id: string, post: string, type: string, date: string, comment = "") => ({
    Id: id,
    PostHistoryTypeId: type,
    PostId: post,
    CreationDate: `2025-03-0${date}T10:00:00.000`,
    UserId: "7",
    ...(comment === "" ? {} : { Comment: comment }),
  });
  // Out of order, as today's dumps are: closed off-topic, reopened, closed as opinion-based;
  // locked, unlocked, locked again; and a close whose reason id has no name.
  const history = [
    event("16", "5", "14", "7"),
    event("12", "3", "10", "5", "105"),
    event("11", "3", "11", "4"),
    event("10", "3", "10", "3", "102"),
    event("15", "5", "15", "6"),
    event("14", "5", "14", "5"),
    event("17", "6", "10", "5", "999"),
  ];
  const closed = { ClosedDate: "2025-03-05T10:00:00.000" };
  const dump = [
    question("3", closed),
    answer("8", "3", "7"),
    question("5"),
    answer("9", "5", "7"),
    question("6", { ...closed, AnswerCount: "0" }),
  ];

  it("takes each question's last close and a lock that still holds, whatever the rows' order", () => {
    inTempFolder("qa-post-history-", (work) => {
      const { out, report } = imported(work, "history", dump, history);
      const file = (id: string) => readFileSync(join(out, `questions/${id}.md`), "utf8");
      assert.match(
        file("3"),
        /^closed: "2025-03-05T10:00:00.000Z"\ncloseReason: "primarily opinion-based"$/m,
      );
      assert.match(file("5"), /^locked: "2025-03-07T10:00:00.000Z"$/m);
      assert.doesNotMatch(file("3"), /^locked:/m);
      // A reason id with no name: closed and dated, no reason claimed, and the report says so.
      assert.match(file("6"), /^closed: /m);
      assert.doesNotMatch(file("6"), /^closeReason:/m);
      assert.deepEqual(report.notices.unknownReasons, [{ reasonId: "999", questions: 1 }]);
      assert.equal(report.notices.closeReasons, 1);
      assert.equal(report.notices.locked, 1);
    });
  });
});
