import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { assembleContent } from "../../src/core/content.ts";
import { answerFiles } from "../../src/core/answer-file.ts";
import { questionFiles } from "../../src/core/question-file.ts";
import { userFiles } from "../../src/core/user-file.ts";
import { compareIds, shownBadges, userPageShares, type UserPost } from "../../src/core/users.ts";
import { communityWith, readFolder } from "../helpers/content-in-memory.ts";

/*
 * The content's users/ as a user writes it, and the rules that tie posts to it: every problem
 * named with its file, field, reason and fix in one run; each person's page holding exactly
 * what they wrote, highest score first.
 */

const community = communityWith({ origin: "https://example.org", bodyFormat: "html" });

const ada =
  "---\nname: Ada\nreputation: 120\nlocation: London\n---\n<p>Hi <script>x()</script></p>\n";
const bob = "---\nname: Bob\nreputation: 900\n---\n";

/** `users`, `questions` and `answers` read and assembled as a build does. */
function assembled(
  users: Record<string, string>,
  questions: Record<string, string>,
  answers: Record<string, string> = {},
) {
  return assembleContent(
    { community, problems: [] },
    readFolder(questionFiles, questions, community),
    readFolder(answerFiles, answers, community),
    readFolder(userFiles, users, community),
  );
}

const question = (fields: string, asked = "2024-01-01") =>
  `---\ntitle: A question\ntags: [hops, yeast]\nasked: ${asked}\n${fields}---\nBody\n`;
const answer = (fields: string, on = "1", answered = "2024-01-02") =>
  `---\nquestion: "${on}"\nanswered: ${answered}\n${fields}---\nAn answer\n`;

/** Each problem as file, field and its reason up to the fix, which follows a semicolon. */
function problemsBeforeTheirFix(read: ReturnType<typeof assembled>) {
  assert.ok("problems" in read);
  return read.problems.map(({ file, field, reason }) => [file, field, reason.split(";")[0]]);
}

describe("users", () => {
  it("reports every user a post, an edit or a comment names that users/ lacks, each with its fix", () => {
    const read = assembled(
      { "7": ada, "8": "---\nnam: Bob\n---\n" },
      {
        "1": question('author: Ada\nuser: "7"\nedited: 2024-01-03\neditor: Zed\neditorUser: "9"\n'),
        "2": question(
          'comments:\n  - { id: "1", text: Hi, commented: 2024-01-02, author: Cy, user: "10" }\n',
        ),
        // A file with problems of its own still names its user, and a user with problems is there.
        "3": question('title2: x\nauthor: Bob\nuser: "11"\n'),
        "4": question('author: Bob\nuser: "8"\n'),
      },
      { a1: answer('author: Dee\nuser: "12"\n') },
    );
    assert.ok("problems" in read);
    assert.deepEqual(
      read.problems.map(({ file, field, reason }) => [file, field, reason]),
      [
        [
          "questions/1.md",
          "editorUser",
          '"9" names no user (there is no users/9.md); add the user\'s file, correct the id, or remove it to show the name without a link',
        ],
        [
          "questions/2.md",
          "comments",
          "a comment's user: \"10\" names no user (there is no users/10.md); add the user's file, correct the id, or remove it to show the name without a link",
        ],
        [
          "questions/3.md",
          "title2",
          "is not a field of a question; the fields are title, tags, asked, state, duplicateOf, linked, answers, comments, modified, views, closed, closeReason, locked, author, authorUrl, user, score, source, license, edited, editor, editorUrl, editorUser, communityWiki. Check the spelling, or remove it",
        ],
        [
          "questions/3.md",
          "user",
          '"11" names no user (there is no users/11.md); add the user\'s file, correct the id, or remove it to show the name without a link',
        ],
        [
          "answers/a1.md",
          "user",
          '"12" names no user (there is no users/12.md); add the user\'s file, correct the id, or remove it to show the name without a link',
        ],
        ["users/8.md", "name", 'is missing; add a line such as name: "Ada Lovelace"'],
        [
          "users/8.md",
          "nam",
          "is not a field of a user; the fields are name, reputation, joined, lastSeen, location, website, views, source, license, badges. Check the spelling, or remove it",
        ],
      ],
    );
  });

  it("links a credit to one place: a user beside a profile elsewhere, or without a name, is a problem", () => {
    const read = assembled(
      { "7": ada },
      {
        "1": question('author: Ada\nauthorUrl: https://example.org/users/7\nuser: "7"\n'),
        "2": question('user: "7"\n'),
        "3": question("author: Ada\nuser: 7\n"),
      },
    );
    assert.deepEqual(problemsBeforeTheirFix(read), [
      [
        "questions/1.md",
        "user",
        "links to the person's page in the archive and authorUrl to a profile elsewhere, but a credit shows one link",
      ],
      ["questions/2.md", "user", "is only allowed with author"],
      ["questions/3.md", "user", "must be the id of a user, but YAML read the number 7"],
    ]);
  });

  it("gives each person their questions and answers, highest score first, and ranks their tags", () => {
    const read = assembled(
      { "7": ada, "8": bob, "9": "---\nname: Cy\n---\n" },
      {
        "1": question('author: Ada\nuser: "7"\nscore: 3\n'),
        "2": question('author: Ada\nuser: "7"\nscore: 5\n', "2023-01-01"),
        "3": `---\ntitle: Lager\ntags: [lager]\nasked: 2024-02-01\n---\nBody\n`,
      },
      {
        a1: answer('author: Bob\nuser: "8"\nscore: 2\n'),
        a2: answer('author: Bob\nuser: "8"\nscore: 4\n', "3"),
        a3: answer('author: Bob\nuser: "8"\nscore: 4\n', "2", "2023-02-01"),
        a4: answer("author: Bob\nscore: 9\n", "2"),
      },
    );
    assert.ok("content" in read);
    // Each user's page, as the plain path keeps it: one share, without `pageSize`.
    const users = read.content.users.map(({ pages: [page], ...user }) => {
      assert.ok(page);
      return { ...user, ...page, ...page.profile };
    });
    // By reputation, highest first: none counts as 0.
    assert.deepEqual(
      users.map(({ id }) => id),
      ["8", "7", "9"],
    );
    const [bobPage, adaPage, cyPage] = users;
    assert.deepEqual(
      adaPage?.questions.map(({ question, score }) => [question, score]),
      [
        ["2", 5],
        ["1", 3],
      ],
    );
    assert.deepEqual(adaPage?.answers, []);
    // Ties by score: the newer first. An answer by name alone is no one's.
    assert.deepEqual(
      bobPage?.answers.map(({ question, answer, score }) => [question, answer, score]),
      [
        ["3", "a2", 4],
        ["2", "a3", 4],
        ["1", "a1", 2],
      ],
    );
    assert.deepEqual(bobPage?.tags, [
      { tag: "hops", answers: 2, score: 6 },
      { tag: "yeast", answers: 2, score: 6 },
      { tag: "lager", answers: 1, score: 4 },
    ]);
    assert.deepEqual(bobPage?.topTags, ["hops", "yeast", "lager"]);
    assert.deepEqual(cyPage?.questions, []);
    // "About me" made safe as a body is.
    assert.equal(adaPage?.aboutHtml, "<p>Hi </p>\n");
    assert.equal(adaPage?.location, "London");
  });

  it("splits a person's page into pages of pageSize posts of each list, the profile on the first", () => {
    const post = (question: string): UserPost => ({
      question,
      score: 1,
      dated: "2024-01-01T00:00:00Z",
      titleLine: `Q${question}`,
    });
    const tags = Array.from({ length: 25 }, (_, index) => ({
      tag: `t${index}`,
      answers: 1,
      score: 1,
    }));
    const page = {
      ...{ id: "7", name: "Ada", topTags: ["t0", "t1", "t2"], tags },
      questions: ["1", "2", "3", "4", "5"].map(post),
      answers: ["6", "7"].map(post),
    };
    const shares = userPageShares(page, 2);
    assert.deepEqual(
      shares.map(({ questions, answers }) => [
        questions.map((p) => p.question),
        answers.map((p) => p.question),
      ]),
      [
        [
          ["1", "2"],
          ["6", "7"],
        ],
        [["3", "4"], []],
        [["5"], []],
      ],
    );
    assert.deepEqual(
      shares.map(({ profile }) => profile?.name),
      ["Ada", undefined, undefined],
      "who they are, on the first page alone",
    );
    assert.equal(shares[0]?.profile?.tags.length, 20, "the first 20 tags shown");
    assert.equal(shares[0]?.profile?.tagCount, 25, "of how many");
    // Someone who only comments still has a page; without pageSize, one page holds everything.
    assert.equal(userPageShares({ ...page, questions: [], answers: [] }, 2).length, 1);
    assert.equal(userPageShares(page, undefined).length, 1);
  });

  it("counts badges by class, awards included, the unknown apart", () => {
    assert.deepEqual(
      shownBadges([
        { name: "Teacher", class: "bronze", count: 1 },
        { name: "Famous Question", class: "gold", count: 2 },
        { name: "Odd one", count: 3 },
        { name: "Autobiographer", class: "bronze", count: 1 },
      ]),
      {
        counts: { gold: 2, silver: 0, bronze: 2, unknown: 3 },
        badges: [
          { name: "Famous Question", class: "gold", count: 2 },
          { name: "Autobiographer", class: "bronze", count: 1 },
          { name: "Teacher", class: "bronze", count: 1 },
          { name: "Odd one", count: 3 },
        ],
      },
    );
  });

  it("reports a badge listed twice in a class, and a class Stack Exchange has not", () => {
    const read = assembled(
      {
        "7": [
          "---\nname: Ada\nbadges:",
          "  - { name: Teacher, class: bronze }",
          "  - { name: Teacher, class: platinum }",
          "  - { name: Teacher, class: bronze, count: 2 }",
          // A tag badge at two classes is two badges, and shares its name with no other.
          "  - { name: discussion, class: bronze, tagBased: true }",
          "  - { name: discussion, class: silver, tagBased: true }",
          "  - { name: discussion, class: bronze }",
          "---\n",
        ].join("\n"),
      },
      { "1": question("") },
    );
    assert.ok("problems" in read);
    assert.deepEqual(
      read.problems.map(({ file, field, reason }) => [file, field, reason]),
      [
        [
          "users/7.md",
          "badges[1].class",
          'must be gold, silver or bronze, not the text "platinum"; leave it out when the class is not known',
        ],
        [
          "users/7.md",
          "badges[2].name",
          '"Teacher" is listed more than once as bronze; list each badge once per class, with count: how many times it was awarded',
        ],
      ],
    );
  });

  it("links only to web addresses a page may have: no user name, password or empty host part", () => {
    const read = assembled(
      {
        "7": "---\nname: Ada\nwebsite: http://ada@mail.example.org\n---\n",
        "8": "---\nname: Bob\nwebsite: http://..example.org\nsource: https://example.org./u/8\n---\n",
      },
      { "1": question("") },
    );
    assert.deepEqual(problemsBeforeTheirFix(read), [
      [
        "users/7.md",
        "website",
        '"http://ada@mail.example.org" holds a user name or password before its host (an email address is not a web address)',
      ],
      ["users/8.md", "website", '"http://..example.org" has an empty part in its host'],
    ]);
  });

  it("orders dump ids as numbers and other ids as text", () => {
    assert.deepEqual(
      ["10", "9", "-1", "ada", "100"].sort(compareIds),
      ["-1", "10", "100", "9", "ada"].sort(compareIds),
    );
    assert.deepEqual(["10", "9", "100"].sort(compareIds), ["9", "10", "100"]);
  });
});
