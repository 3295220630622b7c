import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { splitFrontmatter } from "../../src/lib/frontmatter.ts";
import { parseYamlFields } from "../../src/lib/yaml-fields.ts";
import { questionFrontmatterSchema } from "../../src/schemas/question.ts";
import { mapTag, splitDumpTags, tagByRule } from "../../scripts/import/tags.ts";
import { communityFileProblems, renderCommunityFile } from "../../scripts/import/community-file.ts";
import {
  fieldValue,
  frontmatterBlock,
  listItem,
  readWrittenFile,
  withFieldReplaced,
  withListAppended,
} from "../../scripts/import/frontmatter-block.ts";
import { commentFromRow } from "../../scripts/import/comment-row.ts";
import { CommentRuns } from "../../scripts/import/comment-runs.ts";
import { parse } from "yaml";
import { questionFromRow, readScore, utcInstant } from "../../scripts/import/question-row.ts";
import {
  creditFields,
  frontmatterProblems,
  questionFieldsFromFile,
  renderFrontmatter,
  type QuestionFields,
} from "../../scripts/import/question-file.ts";
import {
  answerFromRow,
  answerProblems,
  renderAnswerFrontmatter,
  type AnswerFields,
} from "../../scripts/import/answer-file.ts";
import { AnswerLedger } from "../../scripts/import/answer-ledger.ts";
import {
  cleanName,
  communityAttribution,
  licenceOfEra,
  postCredit,
} from "../../scripts/import/attribution.ts";
import type { UserNames } from "../../scripts/import/users.ts";
import { IdSet } from "../../scripts/import/id-set.ts";
import { CreditedUsers } from "../../scripts/import/user-credits.ts";
import { countRows } from "../../scripts/import/row-count.ts";
import { LinkedRows } from "../../scripts/import/linked-rows.ts";

const rulePolicy = { map: new Map<string, string>(), rule: true };

/** What a credit is given: Users.xml's names and --license, with no users/ files (--no-users). */
function sources(users: UserNames | undefined, licenceOverride: string | undefined) {
  return { users, credited: undefined, licenceOverride };
}

/** Reads a written frontmatter block back exactly as the site's content loader does. */
function readBack(frontmatter: string): Record<string, unknown> {
  const split = splitFrontmatter(`${frontmatter}<p>body</p>\n`);
  assert.ok(split, "the block is a frontmatter block");
  assert.equal(split.body, "<p>body</p>\n");
  const parsed = parseYamlFields(split.yaml, split.yamlFirstLine);
  assert.ok(parsed.ok, parsed.ok ? "" : parsed.reason);
  return parsed.fields;
}

function fields(overrides: Partial<QuestionFields>): QuestionFields {
  return {
    title: "A title",
    tags: ["beer"],
    asked: "2014-01-21T20:26:05.383Z",
    state: "open",
    answers: 2,
    ...overrides,
  };
}

describe("written frontmatter reads back as the same fields", () => {
  it("keeps look-alike titles and tags text: 1.0, yes, null, 2024, ~, quotes, # and :", () => {
    for (const title of ["1.0", "yes", "no", "null", "~", "2024", "0x1F", ".inf", "true"]) {
      const written = fields({ title, tags: ["2024", "1.0", "yes", "null"] });
      const read = readBack(renderFrontmatter(written, "credit"));
      assert.equal(read["title"], title);
      assert.deepEqual(read["tags"], ["2024", "1.0", "yes", "null"]);
    }
    for (const title of [
      'He said "no" # not a comment: really',
      "- starts like a list item",
      "back\\slash and 'single' quotes",
      "{braces} [brackets] & *stars* !bang %percent @at `tick`",
      "Ünïcödé, 中文, emoji 🍺, no-break\u00a0space",
      "---",
      "a".repeat(400),
    ]) {
      assert.equal(readBack(renderFrontmatter(fields({ title }), "credit"))["title"], title);
    }
  });

  it("survives every character of the Basic Multilingual Plane, and astral ones, in a title", () => {
    // The schema checks titles before writing; every character it lets through must read back.
    const allowed: string[] = [];
    for (let code = 0x20; code < 0x10000; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCharCode(code);
      if (frontmatterProblems(fields({ title: `x${char}x` })).length === 0) allowed.push(char);
    }
    allowed.push("🍺", "𝔘", "\u{10FFFD}");
    assert.ok(allowed.length > 60000, "nearly every character is a valid title character");
    for (let start = 0; start < allowed.length; start += 500) {
      const title = `x${allowed.slice(start, start + 500).join("")}x`;
      assert.deepEqual(readBack(renderFrontmatter(fields({ title }), "credit"))["title"], title);
    }
  });

  it("writes the fields the schema accepts, and state and duplicateOf only when needed", () => {
    const open = readBack(renderFrontmatter(fields({}), "credit"));
    assert.deepEqual(open, {
      title: "A title",
      tags: ["beer"],
      asked: "2014-01-21T20:26:05.383Z",
      answers: 2,
    });
    const duplicate = readBack(
      renderFrontmatter(fields({ state: "duplicate", duplicateOf: "25" }), "credit"),
    );
    assert.equal(duplicate["duplicateOf"], "25");
    assert.equal(questionFrontmatterSchema.safeParse(duplicate).success, true);
  });

  it("writes linked after duplicateOf, on one line, each id as text", () => {
    const block = renderFrontmatter(
      fields({ state: "duplicate", duplicateOf: "25", linked: ["7", "120"] }),
      "credit",
    );
    assert.match(block, /^duplicateOf: "25"\nlinked: \["7", "120"\]\nanswers: 2$/m);
    const read = readBack(block);
    assert.deepEqual(read["linked"], ["7", "120"]);
    assert.equal(questionFrontmatterSchema.safeParse(read).success, true);
  });

  it("reads back as its comment, fields and body, so a file can be rewritten from itself", () => {
    const block = renderFrontmatter(fields({ state: "closed", title: 'a "b" # c' }), "From x");
    const file = readWrittenFile(`${block}<p>body</p>\n\n---\nmore\n`);
    assert.equal(file.comment, "From x");
    assert.equal(file.body, "<p>body</p>\n\n---\nmore\n");
    assert.deepEqual(
      questionFieldsFromFile(file.fields),
      fields({ state: "closed", title: 'a "b" # c' }),
    );
    const open = questionFieldsFromFile(readWrittenFile(renderFrontmatter(fields({}), "c")).fields);
    assert.equal(open.state, "open", "the open state it leaves out comes back");
  });

  it("keeps the credit comment on one line, whatever the display name holds", () => {
    const block = renderFrontmatter(fields({}), 'asked by "x\ny"\u2028z # and more');
    assert.equal(block.split("\n")[1], '# asked by "x y" z # and more');
    assert.equal(readBack(block)["title"], "A title");
  });
});

describe("dump tags", () => {
  it("reads both forms of the Tags attribute", () => {
    assert.deepEqual(splitDumpTags("<beer><c#><c++>"), { ok: true, tags: ["beer", "c#", "c++"] });
    assert.deepEqual(splitDumpTags("|feature-request|status-completed|"), {
      ok: true,
      tags: ["feature-request", "status-completed"],
    });
    assert.deepEqual(splitDumpTags(undefined), { ok: true, tags: [] });
    assert.equal(splitDumpTags("beer,wine").ok, false);
    assert.equal(splitDumpTags("<beer").ok, false);
  });

  it("maps tags outside our format by the documented rule", () => {
    assert.equal(tagByRule("c#"), "csharp");
    assert.equal(tagByRule("q#"), "qsharp");
    assert.equal(tagByRule("c++"), "cpp");
    assert.equal(tagByRule("c++11"), "cpp11");
    assert.equal(tagByRule("F#"), "fsharp");
    assert.equal(tagByRule("café"), "cafe");
    assert.equal(tagByRule("Big Data_2"), "big-data-2");
    assert.equal(tagByRule("ошибка"), "");
  });

  it("prefers the tag map, keeps valid tags, and fails when strict or when nothing is left", () => {
    const policy = { map: new Map([["c#", "c-sharp"]]), rule: false };
    assert.deepEqual(mapTag("c#", policy), { ok: true, tag: "c-sharp", by: "tag map" });
    assert.deepEqual(mapTag("hops", policy), { ok: true, tag: "hops", by: "kept" });
    assert.equal(mapTag("c++", policy).ok, false);
    assert.deepEqual(mapTag("c++", rulePolicy), { ok: true, tag: "cpp", by: "rule" });
    const cyrillic = mapTag("ошибка", rulePolicy);
    assert.equal(cyrillic.ok, false);
    assert.match(cyrillic.ok ? "" : cyrillic.reason, /--tag-map/);
  });
});

describe("a question row", () => {
  it("maps every field, marks the date UTC and keeps the body as decoded", () => {
    const question = questionFromRow(
      {
        Id: "7",
        PostTypeId: "1",
        Title: "Is IPA <strong>hoppy</strong>?",
        Tags: "<ipa><c#><csharp>",
        CreationDate: "2014-01-21T20:26:05.383",
        ClosedDate: "2014-02-01T00:00:00.000",
        AnswerCount: "4",
        Body: "<p>a</p>\n\n    <p>b</p>\n",
      },
      { tags: rulePolicy, trimTitles: true },
    );
    assert.deepEqual(question.fields, {
      title: "Is IPA <strong>hoppy</strong>?",
      tags: ["ipa", "csharp"],
      asked: "2014-01-21T20:26:05.383Z",
      state: "closed",
      closed: "2014-02-01T00:00:00.000Z",
      answers: 4,
    });
    assert.equal(question.body, "<p>a</p>\n\n    <p>b</p>\n");
    assert.deepEqual(question.tagChanges, [{ from: "c#", to: "csharp", by: "rule" }]);
    assert.deepEqual(question.tagRepeats, [{ tag: "csharp", from: ["c#", "csharp"] }]);
    assert.deepEqual(question.problems, []);
  });

  it("trims a title's spaces only when allowed, and says so", () => {
    const row = { Title: "Cleanup ", Tags: "<a>", CreationDate: "2012-02-16T00:37:28.217" };
    const trimmed = questionFromRow(row, { tags: rulePolicy, trimTitles: true });
    assert.equal(trimmed.fields.title, "Cleanup");
    assert.equal(trimmed.titleTrimmed, true);
    const strict = questionFromRow(row, { tags: rulePolicy, trimTitles: false });
    assert.equal(strict.fields.title, "Cleanup ");
    assert.match(frontmatterProblems(strict.fields)[0]?.reason ?? "", /spaces/);
  });

  it("leaves missing attributes to the schema, which names the field", () => {
    const question = questionFromRow({ Id: "9" }, { tags: rulePolicy, trimTitles: true });
    assert.equal(question.answerCountMissing, true);
    assert.deepEqual(
      frontmatterProblems(question.fields).map((problem) => problem.field),
      ["title", "tags", "asked"],
    );
  });

  it("marks dump dates as UTC and leaves zoned or date-only values alone", () => {
    assert.equal(utcInstant("2014-01-21T20:26:05.383"), "2014-01-21T20:26:05.383Z");
    assert.equal(utcInstant("2014-01-21T20:26:05Z"), "2014-01-21T20:26:05Z");
    assert.equal(utcInstant("2014-01-21T20:26:05+02:00"), "2014-01-21T20:26:05+02:00");
    assert.equal(utcInstant("2014-01-21"), "2014-01-21");
  });
});

/** Names that YAML or a careless writer would mangle; each must read back exactly. */
const AWKWARD_NAMES = [
  "O'Brien",
  "A & B <ops>",
  "Dr. No: the sequel",
  '"Quoted" at the start',
  "'single' at the start",
  "- like a list item",
  "# like a comment",
  "yes",
  "null",
  "1.0",
  "Ünïcödé 中文 🍺",
  "back\\slash",
];

describe("the score and credit of a question", () => {
  it("are written after its own fields and read back exactly, whatever the author's name", () => {
    for (const author of AWKWARD_NAMES) {
      const written = fields({
        score: -3,
        author,
        authorUrl: "https://beer.stackexchange.com/users/8",
        source: "https://beer.stackexchange.com/q/7",
        license: "CC BY-SA 4.0",
      });
      const block = renderFrontmatter(written, "credit");
      assert.deepEqual(Object.keys(readBack(block)), [
        "title",
        "tags",
        "asked",
        "answers",
        "score",
        "author",
        "authorUrl",
        "source",
        "license",
      ]);
      assert.equal(readBack(block)["author"], author);
      assert.equal(readBack(block)["score"], -3);
      assert.deepEqual(frontmatterProblems(written), [], author);
    }
  });

  it("are checked before writing: a score must be whole, a link http(s), authorUrl needs author", () => {
    assert.deepEqual(
      frontmatterProblems(
        fields({
          score: 1.5,
          author: "Ann",
          authorUrl: "ftp://example.org/u/1",
          source: "not a url",
        }),
      ).map((problem) => problem.field),
      // In the order of the build's schema (src/schemas/credit.ts).
      ["authorUrl", "score", "source"],
    );
    assert.deepEqual(
      frontmatterProblems(fields({ authorUrl: "https://example.org/users/1" })).map((problem) => [
        problem.field,
        problem.reason,
      ]),
      [
        [
          "authorUrl",
          'is only allowed with author; add the author\'s name, such as author: "Ada Lovelace", or remove authorUrl',
        ],
      ],
    );
    // The schema's rule for one line of text: the importer cleans names before it gets here.
    assert.match(frontmatterProblems(fields({ author: "two\nlines" }))[0]?.reason ?? "", /line/);
  });

  it("takes Score as a whole number, negative allowed, and leaves it out when missing", () => {
    assert.deepEqual(readScore("-2"), { ok: true, score: -2 });
    assert.deepEqual(readScore("-0"), { ok: true, score: 0 });
    assert.deepEqual(readScore(undefined), { ok: true, score: undefined });
    assert.equal(readScore("1.5").ok, false);
    const row = { Title: "T", Tags: "<a>", CreationDate: "2014-01-21T20:26:05.383" };
    const options = { tags: rulePolicy, trimTitles: true };
    assert.equal(questionFromRow({ ...row, Score: "-4" }, options).fields.score, -4);
    assert.equal("score" in questionFromRow(row, options).fields, false);
    assert.deepEqual(
      questionFromRow({ ...row, Score: "many" }, options).problems.map((p) => p.field),
      ["score"],
    );
  });
});

describe("an answer row", () => {
  it("maps ParentId, CreationDate and Score, and keeps the body as decoded", () => {
    const answer = answerFromRow({
      Id: "31",
      PostTypeId: "2",
      ParentId: "30",
      CreationDate: "2014-01-22T08:00:00.5",
      Score: "-1",
      Body: "<p>An &amp; answer</p>\n",
    });
    assert.deepEqual(answer.fields, {
      question: "30",
      answered: "2014-01-22T08:00:00.5Z",
      score: -1,
    });
    assert.equal(answer.body, "<p>An &amp; answer</p>\n");
    assert.deepEqual(answer.problems, []);
    assert.deepEqual(answerProblems(answer.fields), []);
  });

  it("leaves missing or damaged attributes to be reported by field", () => {
    const answer = answerFromRow({ Id: "31", ParentId: "x", Score: "?" });
    assert.deepEqual(
      answer.problems.map((problem) => problem.field),
      ["question", "score"],
    );
    assert.deepEqual(
      answerProblems({ question: undefined, answered: undefined }).map((problem) => problem.field),
      ["question", "answered"],
    );
    assert.deepEqual(
      answerProblems({ question: "1", answered: "2014-02-30" }).map((problem) => problem.field),
      ["answered"],
    );
  });

  it("writes its fields in the format's order, accepted only when true, and reads back exactly", () => {
    for (const author of AWKWARD_NAMES) {
      const written: AnswerFields = {
        question: "30",
        answered: "2014-01-22T08:00:00.500Z",
        score: 0,
        accepted: true,
        author,
        authorUrl: "https://beer.stackexchange.com/users/8",
        source: "https://beer.stackexchange.com/a/31",
        license: "CC BY-SA 3.0",
      };
      const read = readBack(renderAnswerFrontmatter(written, "credit"));
      assert.deepEqual(read, written);
      assert.deepEqual(Object.keys(read), Object.keys(written));
      assert.deepEqual(answerProblems(written), [], author);
    }
    const plain = readBack(
      renderAnswerFrontmatter({ question: "30", answered: "2014-01-22" }, "credit"),
    );
    assert.deepEqual(plain, { question: "30", answered: "2014-01-22" });
  });
});

describe("which answer is accepted", () => {
  const someCredit = postCredit(
    "beer.stackexchange.com",
    "answer",
    "31",
    {},
    sources(undefined, undefined),
  );

  it("is the one its question's AcceptedAnswerId names, read before or after the question", () => {
    const ledger = new AnswerLedger();
    ledger.questionWritten("30", 3, 2, false, "32");
    assert.equal(ledger.accepts("31", "30"), false, "an answer the question does not name");
    ledger.answerWritten("31", "30", false, someCredit);
    assert.equal(ledger.accepts("32", "30"), true, "the accepted answer");
    ledger.answerWritten("32", "30", true, someCredit);
    assert.equal(ledger.accepts("32", "30"), false, "only once");
    assert.equal(ledger.accepted, 1);
    assert.equal(ledger.written, 2);
  });

  it("is not marked when the id names an answer to another question", () => {
    const ledger = new AnswerLedger();
    ledger.questionWritten("30", 3, 1, false, "41");
    assert.equal(ledger.accepts("41", "40"), false);
    assert.equal(ledger.accepted, 0);
  });
});

/** A Users.xml of three users, one whose name had a space at its end. */
const users: UserNames = {
  rows: 3,
  names: new Map([
    ["-1", "Community"],
    ["8", "O'Brien"],
    ["9", "Brian"],
  ]),
  cleaned: new Map([["9", "Brian "]]),
};
const SITE = "beer.stackexchange.com";

describe("the credit of a post", () => {
  const row = { CreationDate: "2014-01-21T20:26:05.383" };

  it("names the user Users.xml has for OwnerUserId, linked to their page", () => {
    const credit = postCredit(
      SITE,
      "answer",
      "31",
      { ...row, OwnerUserId: "8" },
      sources(users, undefined),
    );
    assert.deepEqual(creditFields(credit), {
      author: "O'Brien",
      authorUrl: "https://beer.stackexchange.com/users/8",
      source: "https://beer.stackexchange.com/a/31",
      license: "CC BY-SA 3.0",
    });
    assert.equal(credit.authorFrom, "Users.xml");
    assert.equal(
      credit.comment,
      'From https://beer.stackexchange.com/a/31, answered by "O\'Brien" (https://beer.stackexchange.com/users/8), licensed under CC BY-SA 3.0.',
    );
    const community = postCredit(
      SITE,
      "question",
      "7",
      { ...row, OwnerUserId: "-1" },
      sources(users, undefined),
    );
    assert.equal(community.authorUrl, "https://beer.stackexchange.com/users/-1");
    const cleaned = postCredit(
      SITE,
      "question",
      "7",
      { ...row, OwnerUserId: "9" },
      sources(users, undefined),
    );
    assert.deepEqual(
      [cleaned.author, cleaned.nameCleaned],
      ["Brian", { from: "Brian ", userId: "9" }],
    );
  });

  it("names a deleted user by OwnerDisplayName, unlinked, also when Users.xml lacks the id", () => {
    for (const attributes of [
      { ...row, OwnerDisplayName: "A & B <ops>" } as Record<string, string>,
      { ...row, OwnerUserId: "404", OwnerDisplayName: "A & B <ops>" },
    ]) {
      const credit = postCredit(SITE, "question", "7", attributes, sources(users, undefined));
      assert.deepEqual(creditFields(credit), {
        author: "A & B <ops>",
        source: "https://beer.stackexchange.com/q/7",
        license: "CC BY-SA 3.0",
      });
      assert.equal(credit.authorFrom, "OwnerDisplayName");
      assert.equal(credit.unknownUser, attributes["OwnerUserId"] !== undefined);
    }
    const messy = postCredit(
      SITE,
      "question",
      "7",
      { ...row, OwnerDisplayName: " ann\nb " },
      sources(users, undefined),
    );
    assert.deepEqual([messy.author, messy.nameCleaned], ["ann b", { from: " ann\nb " }]);
  });

  it("names nobody when the row names nobody, or without Users.xml only OwnerDisplayName", () => {
    const nobody = postCredit(
      SITE,
      "question",
      "7",
      { ...row, OwnerUserId: "404" },
      sources(users, undefined),
    );
    assert.deepEqual(creditFields(nobody), {
      source: "https://beer.stackexchange.com/q/7",
      license: "CC BY-SA 3.0",
    });
    assert.equal(nobody.authorFrom, "none");
    const noUsersXml = postCredit(
      SITE,
      "question",
      "7",
      { ...row, OwnerUserId: "8" },
      sources(undefined, undefined),
    );
    assert.equal(noUsersXml.author, undefined);
    assert.equal(noUsersXml.unknownUser, false, "without Users.xml no user is unknown");
    assert.match(noUsersXml.comment, /asked by https:\/\/beer\.stackexchange\.com\/users\/8,/);
    assert.match(
      postCredit(SITE, "question", "7", row, sources(undefined, undefined)).comment,
      /asked by an unknown user,/,
    );
  });

  it("takes ContentLicense when the row has it, else --license, else the licence of the post's date", () => {
    const licence = (attributes: Record<string, string>, override?: string) => {
      const credit = postCredit(SITE, "question", "7", attributes, sources(undefined, override));
      return [credit.license, credit.licenceFrom];
    };
    assert.deepEqual(licence({ ...row, ContentLicense: "CC BY-SA 4.0" }), [
      "CC BY-SA 4.0",
      "ContentLicense",
    ]);
    assert.deepEqual(licence({ ...row, ContentLicense: "CC BY-SA 4.0" }, "X"), [
      "CC BY-SA 4.0",
      "ContentLicense",
    ]);
    assert.deepEqual(licence(row, "CC BY-SA 4.0"), ["CC BY-SA 4.0", "--license"]);
    assert.deepEqual(licence(row), ["CC BY-SA 3.0", "date"]);
    assert.deepEqual(licence({ CreationDate: "2010-08-25T18:00:00.000" }), [
      "CC BY-SA 2.5",
      "date",
    ]);
  });

  it("follows Stack Exchange's licence eras, changing on 2011-04-08 and 2018-05-02 (UTC)", () => {
    assert.equal(licenceOfEra("2011-04-07T23:59:59.999"), "CC BY-SA 2.5");
    assert.equal(licenceOfEra("2011-04-08T00:00:00.000"), "CC BY-SA 3.0");
    assert.equal(licenceOfEra("2018-05-01T23:59:59.999"), "CC BY-SA 3.0");
    assert.equal(licenceOfEra("2018-05-02T00:00:00.000"), "CC BY-SA 4.0");
    assert.equal(licenceOfEra("2024-01-01"), "CC BY-SA 4.0");
    assert.equal(licenceOfEra(undefined), undefined);
    assert.equal(licenceOfEra("soon"), undefined);
  });

  it("credits the site, the authors and the licences to a reader, naming no files", () => {
    assert.equal(
      communityAttribution(SITE, new Map([["CC BY-SA 3.0", 2]])),
      `Questions and answers from ${SITE}, by their authors, under CC BY-SA 3.0; each post links to its original.`,
    );
    assert.equal(
      communityAttribution(
        SITE,
        new Map([
          ["CC BY-SA 4.0", 1],
          ["CC BY-SA 3.0", 2],
        ]),
      ),
      `Questions and answers from ${SITE}, by their authors, under CC BY-SA 3.0 or CC BY-SA 4.0 (each post names its own); each post links to its original.`,
    );
  });

  it("cleans display names to one line, or to nothing", () => {
    assert.equal(cleanName("Brian "), "Brian");
    assert.equal(cleanName("a\r\nb\u2028c\td"), "a b c d");
    assert.equal(cleanName('O\'Brien: "Ed"'), 'O\'Brien: "Ed"');
    assert.equal(cleanName(" \t "), undefined);
    assert.equal(cleanName(undefined), undefined);
  });
});

describe("the credit of a user who has a file in users/", () => {
  const row = { CreationDate: "2014-01-21T20:26:05.383" };
  const edited = { LastEditDate: "2014-02-01T00:00:00.000" };

  it("names the author by id, and an editor by id only once they are credited", () => {
    const credited = new CreditedUsers();
    const given = { users, credited, licenceOverride: undefined };
    const first = postCredit(
      SITE,
      "question",
      "7",
      { ...row, ...edited, OwnerUserId: "8", LastEditorUserId: "-1" },
      given,
    );
    assert.deepEqual(
      [first.author, first.user, first.authorUrl, first.editorUrl, first.editorPending],
      ["O'Brien", "8", undefined, "https://beer.stackexchange.com/users/-1", true],
      "Community is not credited yet: linked to its profile, to be settled",
    );
    assert.match(
      first.comment,
      /asked by "O'Brien" \(https:\/\/beer\.stackexchange\.com\/users\/8\)/,
    );
    credited.credit("-1");
    const later = postCredit(
      SITE,
      "answer",
      "9",
      { ...row, ...edited, LastEditorUserId: "-1" },
      given,
    );
    assert.deepEqual(
      [later.editor, later.editorUser, later.editorUrl, later.editorPending],
      ["Community", "-1", undefined, undefined],
    );
    const byName = postCredit(SITE, "answer", "9", { ...row, OwnerDisplayName: "Gone" }, given);
    assert.deepEqual(
      [byName.author, byName.user, byName.authorUrl],
      ["Gone", undefined, undefined],
    );
  });

  it("writes user and editorUser where the links they replace would be", () => {
    const unsettled: AnswerFields = {
      question: "30",
      answered: "2014-01-22T08:00:00.500Z",
      author: "O'Brien",
      user: "8",
      source: "https://beer.stackexchange.com/a/31",
      license: "CC BY-SA 3.0",
      edited: "2014-02-01T00:00:00.000Z",
      editor: "Community",
    };
    const written: AnswerFields = { ...unsettled, editorUser: "-1" };
    const text = renderAnswerFrontmatter(written, "credit");
    assert.deepEqual(readBack(text), written);
    assert.deepEqual(answerProblems(written), []);
    const linked = renderAnswerFrontmatter(
      { ...unsettled, editorUrl: "https://beer.stackexchange.com/users/-1" },
      "credit",
    );
    assert.equal(fieldValue(linked, "editorUrl"), "https://beer.stackexchange.com/users/-1");
    assert.equal(withFieldReplaced(linked, "editorUrl", "editorUser", "-1"), text);
    assert.equal(fieldValue(linked, "editorUser"), undefined);
  });

  it("names a comment's author by id", () => {
    const given = { users, credited: new CreditedUsers(), licenceOverride: undefined };
    const read = commentFromRow(
      SITE,
      { Id: "5", PostId: "7", Text: "Hi", ...row, UserId: "8" },
      given,
    );
    assert.ok(read.ok);
    assert.deepEqual(
      [read.fields.author, read.fields.user, read.fields.authorUrl],
      ["O'Brien", "8", undefined],
    );
  });
});

describe("the import's bookkeeping", () => {
  it("remembers post ids in a bitset that grows, and huge ids beside it", () => {
    const ids = new IdSet();
    for (const id of ["1", "7", "8", "40000", "79999999", "99999999999999"]) ids.add(id);
    for (const id of ["1", "7", "8", "40000", "79999999", "99999999999999"]) {
      assert.equal(ids.has(id), true, id);
    }
    for (const id of ["2", "9", "39999", "80000000", "99999999999998"]) {
      assert.equal(ids.has(id), false, id);
    }
    assert.deepEqual(
      [...ids.values()],
      ["1", "7", "8", "40000", "79999999", "99999999999999"],
      "each id once, in order",
    );
  });

  it("groups linked rows by PostId, in file order within each, in 8 bytes a row", () => {
    const rows = new LinkedRows();
    const added: [string, string][] = [
      ["30", "7"],
      ["4", "30"],
      ["30", "2"],
      ["4", "30"],
      ["100000", "4294967295"],
      ["30", "11"],
    ];
    for (const [source, target] of added) assert.equal(rows.add(source, target), true);
    assert.equal(rows.add("4294967296", "1"), false, "beyond 4 bytes");
    // Enough rows from other posts to make the arrays grow.
    for (let id = 1000; id < 2000; id++) rows.add(String(id), "1");
    rows.sort();
    assert.deepEqual(rows.targetsOf("30"), ["7", "2", "11"]);
    assert.deepEqual(rows.targetsOf("4"), ["30"], "each once");
    assert.deepEqual(rows.targetsOf("100000"), ["4294967295"]);
    assert.deepEqual(rows.targetsOf("5"), []);
    assert.deepEqual(rows.targetsOf("1999"), ["1"]);
    const groups = [...rows.groups()];
    assert.equal(groups.length, 1003);
    assert.deepEqual(groups.slice(0, 2), [
      { source: "4", targets: ["30", "30"] },
      { source: "30", targets: ["7", "2", "11"] },
    ]);
    assert.deepEqual(groups.at(-1), { source: "100000", targets: ["4294967295"] });
  });

  it("counts the rows of a file it does not read, also across its 1 MB reads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "row-count-"));
    try {
      const file = join(dir, "Comments.xml");
      // Rows of 97 bytes after a 99-byte start: row 10,809's `<row` spans bytes 1,048,574 to
      // 1,048,577, across the end of the first 1 MB (1,048,576 bytes) read.
      const line = `  <row Id="1" Text="${"x".repeat(71)}" />\r\n`;
      const rows = 30_000;
      const text = `<comments>\r\n<!--${"p".repeat(78)}-->\r\n${line.repeat(rows)}</comments>\r\n<rows />`;
      assert.equal(text.indexOf("<row", 1_048_570), 1_048_574);
      writeFileSync(file, text);
      assert.equal(await countRows(file), rows, "<rows /> is not a row");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a comment row", () => {
  const row = {
    Id: "4",
    PostId: "16",
    Score: "2",
    Text: "Off-topic: it is about biology.",
    CreationDate: "2014-01-21T20:52:14.490",
  };

  it("maps text, date (UTC), score and its author from Users.xml, linked", () => {
    assert.deepEqual(commentFromRow(SITE, { ...row, UserId: "8" }, sources(users, undefined)), {
      ok: true,
      post: "16",
      fields: {
        id: "4",
        text: "Off-topic: it is about biology.",
        commented: "2014-01-21T20:52:14.490Z",
        score: 2,
        author: "O'Brien",
        authorUrl: "https://beer.stackexchange.com/users/8",
        license: "CC BY-SA 3.0",
      },
    });
  });

  it("credits a deleted user by UserDisplayName unlinked, nobody without either, and leaves score 0 out", () => {
    const deleted = commentFromRow(
      SITE,
      { ...row, Score: "0", UserId: "404", UserDisplayName: " Gone\nUser " },
      sources(users, undefined),
    );
    assert.ok(deleted.ok);
    assert.deepEqual(
      [deleted.fields.author, deleted.fields.authorUrl, "score" in deleted.fields],
      ["Gone User", undefined, false],
    );
    const nobody = commentFromRow(SITE, row, sources(users, undefined));
    assert.ok(nobody.ok);
    assert.deepEqual([nobody.fields.author, nobody.fields.authorUrl], [undefined, undefined]);
  });

  it("keeps ContentLicense, else --license, else the licence of the comment's date", () => {
    const licence = (attributes: Record<string, string>, override?: string) => {
      const read = commentFromRow(SITE, { ...row, ...attributes }, sources(undefined, override));
      return read.ok ? read.fields.license : read.problems;
    };
    assert.equal(licence({ ContentLicense: "CC BY-SA 4.0" }, "CC0"), "CC BY-SA 4.0");
    assert.equal(licence({}, "CC0"), "CC0");
    assert.equal(licence({ CreationDate: "2011-04-07T23:59:59.999" }), "CC BY-SA 2.5");
    assert.equal(licence({ CreationDate: "2018-05-02T00:00:00.000" }), "CC BY-SA 4.0");
  });

  it("cannot be read without a text, a date, a whole score >= 0 or ids, each said by field", () => {
    const problems = (attributes: Record<string, string | undefined>) => {
      const read = commentFromRow(SITE, { ...row, ...attributes }, sources(users, undefined));
      return read.ok ? [] : read.problems.map((problem) => problem.field);
    };
    assert.deepEqual(problems({ Text: undefined }), ["text"]);
    assert.deepEqual(problems({ Text: "  " }), ["text"]);
    assert.deepEqual(problems({ CreationDate: "yesterday" }), ["commented"]);
    assert.deepEqual(problems({ Score: "-1" }), ["score"]);
    assert.deepEqual(problems({ Score: "two" }), ["score"]);
    assert.deepEqual(problems({ Id: undefined, PostId: "x" }), ["id", "post"]);
  });
});

describe("a post's comments, written into its file", () => {
  const awkward = [
    'She said "no" \\ then left',
    "line one\nline two\r\n\ttabbed",
    "# not a comment",
    "- not a list item",
    "key: value, and more: here",
    "yes",
    "1.0",
    "~",
    "'single' {flow} [seq] &anchor *alias !tag %directive @at `tick` |pipe >fold",
    "emoji 🍺 and astral 𝔸, NEL\u0085 LS\u2028 PS\u2029 BOM\uFEFF DEL\u007F",
    "---\n...\n---",
    // Long enough that YAML would fold it over lines, paragraphs and all.
    `${"A paragraph that goes on. ".repeat(4)}\n\n\n  indented\n---\n${"x ".repeat(60)}\n`,
  ];
  const comments = awkward.map((text, index) => ({
    id: String(index + 1),
    text,
    commented: "2014-01-21T20:52:14.490Z",
    ...(index % 2 === 0 ? { score: index } : {}),
    author: `- Ada: "O'Brien" #${index} \\`,
    license: "CC BY-SA 3.0",
  }));
  const question = renderFrontmatter(fields({}), "From somewhere.") + "<p>Body</p>\n";

  it("read back with the yaml package as exactly the fields written, body untouched", () => {
    const written = withListAppended(question, "comments", comments.map(listItem));
    const match = /^---\n# [^\n]*\n([\s\S]*?)---\n([\s\S]*)$/.exec(written);
    assert.ok(match, written);
    const read = parse(match[1] ?? "") as Record<string, unknown>;
    assert.deepEqual(read["comments"], comments);
    assert.equal(read["title"], "A title");
    assert.equal(match[2], "<p>Body</p>\n");
    assert.deepEqual(readBack(written.replace(/<p>Body<\/p>\n$/, ""))["comments"], comments);
  });

  it("as frontmatterBlock would write them, and the schema accepts them", () => {
    const written = withListAppended(question, "comments", comments.map(listItem));
    const question2 = renderFrontmatter(fields({}), "From somewhere.");
    assert.ok(question2.endsWith("---\n"));
    assert.equal(
      written,
      frontmatterBlock({ ...readWrittenFile(question).fields, comments }, "From somewhere.", [
        "tags",
      ]) + "<p>Body</p>\n",
    );
    assert.equal(
      questionFrontmatterSchema.safeParse(readWrittenFile(written).fields).success,
      true,
    );
  });
});

describe("comments held until the whole file is read", () => {
  const pending = (post: number, id: number, commented: string) => ({
    post,
    commented,
    id,
    // Some by a user with a file, some by nobody's: both survive a run on disk.
    user: id % 3 === 0 ? "" : String(id - 250),
    licence: "CC BY-SA 4.0",
    item: `- id: "${id}"\n  text: "tab\\there \\"quoted\\" ✓"\n`,
  });
  // Comment order (by Id) scatters each post's comments; two of post 7's share an instant.
  const rows = Array.from({ length: 500 }, (_, index) =>
    pending(
      (index * 7919) % 37,
      500 - index,
      `2020-01-01T00:00:${String(index % 60).padStart(2, "0")}.000Z`,
    ),
  );
  const expected = rows
    .slice()
    .sort((a, b) => a.post - b.post || a.commented.localeCompare(b.commented) || a.id - b.id);

  for (const [name, runBytes, mergeWidth] of [
    ["in memory", undefined, undefined],
    ["in runs spilled to disk", 4096, undefined],
    ["in more runs than are merged at once", 4096, 3],
  ] as const) {
    it(`come back grouped by post, oldest first, ${name}`, () => {
      const dir = mkdtempSync(join(tmpdir(), "comment-runs-"));
      const runs = new CommentRuns(join(dir, "runs"), runBytes, mergeWidth);
      try {
        for (const row of rows) runs.add({ ...row });
        assert.equal(runs.spilled > 10, runBytes !== undefined, `${runs.spilled} runs spilled`);
        const groups = [...runs.groups()];
        assert.deepEqual(
          groups.map((group) => group.post),
          [...new Set(expected.map((row) => row.post))],
        );
        assert.deepEqual(
          groups.flatMap((group) => group.comments),
          expected,
        );
      } finally {
        runs.remove();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe("community.yaml as the importer writes it", () => {
  const written = (origin: string) =>
    renderCommunityFile({ name: "Q", attribution: "credit", source: "from", origin });

  it("orders answers by score alone for Stack Overflow, as it has since 2021, and not elsewhere", () => {
    assert.match(written("https://stackoverflow.com"), /^answerOrder: "score"$/m);
    assert.doesNotMatch(written("https://beer.stackexchange.com"), /answerOrder/);
    assert.deepEqual(communityFileProblems(written("https://stackoverflow.com")), []);
  });
});
