import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  QUESTION_ID_PATTERN,
  TAG_PATTERN,
  questionFrontmatterSchema,
} from "../../src/schemas/question.ts";
import { QUESTION_STATES } from "../../src/schemas/question.ts";

const HINT = 'write it as "2024-03-05", "2024-03-05T14:22:10Z" or "2024-03-05T16:22:10+02:00"';
const FIELDS =
  "title, tags, asked, state, duplicateOf, linked, answers, comments, modified, views, closed, closeReason, locked, author, authorUrl, user, score, source, license, edited, editor, editorUrl, editorUser, communityWiki";

const valid: Record<string, unknown> = {
  title: "How do I read a file?",
  tags: ["bash"],
  asked: "2024-03-05",
};

interface Found {
  code: string;
  path: PropertyKey[];
  message: string;
}

/** The issues for `valid` with `changes` applied (a value of undefined removes the field). */
function issues(changes: Record<string, unknown>): Found[] {
  const merged = Object.entries({ ...valid, ...changes }).filter(
    ([, value]) => value !== undefined,
  );
  return issuesOf(Object.fromEntries(merged));
}

function issuesOf(input: unknown): Found[] {
  const result = questionFrontmatterSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    code: issue.code,
    path: issue.path,
    message: issue.message,
  }));
}

function only(changes: Record<string, unknown>): Found {
  const found = issues(changes);
  assert.equal(found.length, 1, JSON.stringify(found));
  const [first] = found;
  assert.ok(first);
  return first;
}

describe("questionFrontmatterSchema", () => {
  describe("valid frontmatter", () => {
    it("fills in state open and score 0, leaves answers to be counted, and turns asked into its UTC key", () => {
      assert.deepEqual(questionFrontmatterSchema.parse(valid), {
        title: "How do I read a file?",
        tags: ["bash"],
        asked: "2024-03-05T00:00:00.000000000Z",
        state: "open",
        score: 0,
      });
    });

    it("keeps every field written, with asked applied to UTC", () => {
      assert.deepEqual(
        questionFrontmatterSchema.parse({
          title: "Reading lines in a loop",
          tags: ["bash", "shell"],
          asked: "2024-03-05T16:22:10+02:00",
          state: "duplicate",
          duplicateOf: "alpha_2-b",
          linked: ["42", "alpha"],
          answers: 3,
          author: "Ada O'Brien",
          authorUrl: "https://example.org/users/7",
          score: -2,
          source: "https://example.org/q/42",
          license: "CC BY-SA 4.0",
        }),
        {
          title: "Reading lines in a loop",
          tags: ["bash", "shell"],
          asked: "2024-03-05T14:22:10.000000000Z",
          state: "duplicate",
          duplicateOf: "alpha_2-b",
          linked: ["42", "alpha"],
          answers: 3,
          author: "Ada O'Brien",
          authorUrl: "https://example.org/users/7",
          score: -2,
          source: "https://example.org/q/42",
          license: "CC BY-SA 4.0",
        },
      );
    });

    it("keeps the tags in the author's order, not sorted", () => {
      assert.deepEqual(
        questionFrontmatterSchema.parse({ ...valid, tags: ["b", "a", "c.d", "e-f", "0"] }).tags,
        ["b", "a", "c.d", "e-f", "0"],
      );
    });

    it("accepts state closed", () => {
      assert.equal(questionFrontmatterSchema.parse({ ...valid, state: "closed" }).state, "closed");
    });

    it("accepts a title with brackets that are not a marker at the end", () => {
      assert.equal(
        questionFrontmatterSchema.parse({ ...valid, title: "Foo[closed]" }).title,
        "Foo[closed]",
      );
    });

    it("exports the patterns and states the rules are built from", () => {
      assert.deepEqual(QUESTION_STATES, ["open", "duplicate", "closed"]);
      assert.equal(TAG_PATTERN.source, "^[a-z0-9.-]+$");
      assert.equal(QUESTION_ID_PATTERN.source, "^[a-z0-9_-]+$");
    });
  });

  describe("title", () => {
    const cases: ReadonlyArray<{ rule: string; title: unknown; code: string; message: string }> = [
      {
        rule: "is required, with an example line to add",
        title: undefined,
        code: "invalid_type",
        message: 'is missing; add a line such as title: "How do I ...?"',
      },
      {
        rule: "must not be empty",
        title: "",
        code: "custom",
        message: "is empty; write the text on the same line as the field",
      },
      {
        rule: "must not be only spaces",
        title: "   ",
        code: "custom",
        message: "is empty; write the text on the same line as the field",
      },
      {
        rule: "must be one line",
        title: "How do I\nread a file?",
        code: "custom",
        message: "spans more than one line; put it on one line",
      },
      {
        rule: "must not contain control characters",
        title: "How\u0007 do I?",
        code: "custom",
        message: "contains the control character U+0007; remove it",
      },
      {
        rule: "must not start with a space",
        title: " How do I?",
        code: "custom",
        message: "starts or ends with spaces; remove them",
      },
      {
        rule: "must not end with a space",
        title: "How do I? ",
        code: "custom",
        message: "starts or ends with spaces; remove them",
      },
      {
        rule: "must not end with [duplicate]; the fix names state: duplicate",
        title: "Foo [duplicate]",
        code: "custom",
        message: 'ends with " [duplicate]"; remove it and set state: duplicate instead',
      },
      {
        rule: "must not end with [closed]; the fix names state: closed",
        title: "Foo [closed]",
        code: "custom",
        message: 'ends with " [closed]"; remove it and set state: closed instead',
      },
      {
        rule: "must be text: a number is told to quote it",
        title: 42,
        code: "invalid_type",
        message:
          "must be one line of text, but YAML read the number 42; put it in quotes so it stays text exactly as written",
      },
      {
        rule: "must be text: a boolean is told to quote it",
        title: true,
        code: "invalid_type",
        message:
          "must be one line of text, but YAML read the boolean true; put it in quotes so it stays text exactly as written",
      },
      {
        rule: "must be text: a nested mapping is told to write the title as text",
        title: { text: "How?" },
        code: "invalid_type",
        message:
          "must be one line of text, but YAML read a nested mapping; write the title as text",
      },
      {
        rule: "must be text: a list is told to write the title as text",
        title: ["How?"],
        code: "invalid_type",
        message: "must be one line of text, but YAML read a list; write the title as text",
      },
    ];
    for (const { rule, title, code, message } of cases) {
      it(rule, () => {
        assert.deepEqual(only({ title }), { code, path: ["title"], message });
      });
    }

    it("an empty title: (YAML null) is told to write the title, not to quote a value that is not there", () => {
      const { path, message } = only({ title: null });
      assert.deepEqual(path, ["title"]);
      assert.ok(message.includes("YAML read an empty value"), message);
      assert.ok(!message.includes("quotes"), message);
    });
  });

  describe("tags", () => {
    const cases: ReadonlyArray<{
      rule: string;
      tags: unknown;
      code: string;
      path: PropertyKey[];
      message: string;
    }> = [
      {
        rule: "are required",
        tags: undefined,
        code: "invalid_type",
        path: ["tags"],
        message: "is missing; add a list of at least one tag, such as tags: [networking]",
      },
      {
        rule: "need at least one tag",
        tags: [],
        code: "too_small",
        path: ["tags"],
        message: "is empty; add at least one tag, such as tags: [networking]",
      },
      {
        rule: "must be a list, not one text",
        tags: "networking",
        code: "invalid_type",
        path: ["tags"],
        message:
          'must be a list of tags, but YAML read the text "networking"; write it as a list, such as tags: [networking, dns]',
      },
      {
        rule: "must be a list, not empty",
        tags: null,
        code: "invalid_type",
        path: ["tags"],
        message:
          "must be a list of tags, but YAML read an empty value; write it as a list, such as tags: [networking, dns]",
      },
      {
        rule: "each tag must be text; a number is told to quote it",
        tags: ["dns", 42],
        code: "invalid_type",
        path: ["tags", 1],
        message:
          "must be text, but YAML read the number 42; put it in quotes so it stays text exactly as written",
      },
      {
        rule: "upper case and spaces are not allowed; the example is lower-cased and hyphenated",
        tags: ["DNS Setup"],
        code: "invalid_format",
        path: ["tags", 0],
        message:
          '"DNS Setup" is not a valid tag; use only lower-case letters, digits, "." and "-", such as "dns-setup"',
      },
      {
        rule: "an underscore is not allowed in a tag",
        tags: ["a_b"],
        code: "invalid_format",
        path: ["tags", 0],
        message:
          '"a_b" is not a valid tag; use only lower-case letters, digits, "." and "-", such as "a-b"',
      },
      {
        rule: "an empty tag is not allowed; the example falls back to networking",
        tags: [""],
        code: "invalid_format",
        path: ["tags", 0],
        message:
          '"" is not a valid tag; use only lower-case letters, digits, "." and "-", such as "networking"',
      },
      {
        rule: "a tag of dots alone is not allowed: it would be tags/_/ or tags/__/",
        tags: [".."],
        code: "custom",
        path: ["tags", 0],
        message:
          '".." is not a valid tag: it has no letter or digit, and Stack Exchange\'s tags all have one; name what the question is about, such as "networking"',
      },
      {
        rule: "a repeated tag is reported at the repeat",
        tags: ["dns", "ssl", "dns"],
        code: "custom",
        path: ["tags", 2],
        message: '"dns" appears more than once; remove the repeat',
      },
    ];
    for (const { rule, tags, code, path, message } of cases) {
      it(rule, () => {
        assert.deepEqual(only({ tags }), { code, path, message });
      });
    }

    it("reports each repeat and each invalid tag in one pass", () => {
      assert.deepEqual(issues({ tags: ["dns", "Bad", "dns", "dns"] }), [
        {
          code: "invalid_format",
          path: ["tags", 1],
          message:
            '"Bad" is not a valid tag; use only lower-case letters, digits, "." and "-", such as "bad"',
        },
        {
          code: "custom",
          path: ["tags", 2],
          message: '"dns" appears more than once; remove the repeat',
        },
        {
          code: "custom",
          path: ["tags", 3],
          message: '"dns" appears more than once; remove the repeat',
        },
      ]);
    });

    it("an empty list item is told to remove it or write the tag, not to quote a value that is not there", () => {
      const { path, message } = only({ tags: ["dns", null] });
      assert.deepEqual(path, ["tags", 1]);
      assert.ok(message.includes("YAML read an empty value"), message);
      assert.ok(!message.includes("quotes"), message);
    });
  });

  describe("asked", () => {
    const cases: ReadonlyArray<{ rule: string; asked: unknown; code: string; message: string }> = [
      {
        rule: "is required, with an example",
        asked: undefined,
        code: "invalid_type",
        message:
          'is missing; add the date the question was asked, such as asked: "2024-03-05T14:22:10Z"',
      },
      {
        rule: "must be text: a number is explained with the accepted forms",
        asked: 2024,
        code: "invalid_type",
        message: `must be an ISO 8601 date or date-time, but YAML read the number 2024; ${HINT}`,
      },
      {
        rule: "must not be empty",
        asked: null,
        code: "invalid_type",
        message: `must be an ISO 8601 date or date-time, but YAML read an empty value; ${HINT}`,
      },
      {
        rule: "garbage is not ISO 8601",
        asked: "last Tuesday",
        code: "custom",
        message: `"last Tuesday" is not an ISO 8601 date or date-time; ${HINT}`,
      },
      {
        rule: "30 February is not a real date",
        asked: "2024-02-30",
        code: "custom",
        message: `"2024-02-30" is not a real date-time: 2024-02 has no day 30; ${HINT}`,
      },
      {
        rule: "29 February 2023 is not a real date",
        asked: "2023-02-29",
        code: "custom",
        message: `"2023-02-29" is not a real date-time: 2023-02 has no day 29; ${HINT}`,
      },
      {
        rule: "month 13 is not a real date",
        asked: "2024-13-01",
        code: "custom",
        message: `"2024-13-01" is not a real date-time: there is no month 13; ${HINT}`,
      },
      {
        rule: "hour 24 is not a real time",
        asked: "2024-03-05T24:00:00Z",
        code: "custom",
        message: `"2024-03-05T24:00:00Z" is not a real date-time: there is no hour 24; ${HINT}`,
      },
      {
        rule: "minute 60 is not a real time",
        asked: "2024-03-05T12:60:00Z",
        code: "custom",
        message: `"2024-03-05T12:60:00Z" is not a real date-time: there is no minute 60; ${HINT}`,
      },
    ];
    for (const { rule, asked, code, message } of cases) {
      it(rule, () => {
        assert.deepEqual(only({ asked }), { code, path: ["asked"], message });
      });
    }

    it("accepts 29 February of a leap year", () => {
      assert.equal(
        questionFrontmatterSchema.parse({ ...valid, asked: "2024-02-29" }).asked,
        "2024-02-29T00:00:00.000000000Z",
      );
    });

    it("keeps fractions beyond milliseconds", () => {
      assert.equal(
        questionFrontmatterSchema.parse({ ...valid, asked: "2024-03-05T14:22:10.123456Z" }).asked,
        "2024-03-05T14:22:10.123456000Z",
      );
    });
  });

  describe("state and duplicateOf", () => {
    it("state must be one of the three words, and says to leave it out for open", () => {
      assert.deepEqual(only({ state: "Closed" }), {
        code: "invalid_value",
        path: ["state"],
        message:
          'must be open, duplicate or closed, not the text "Closed"; leave it out for an open question',
      });
    });

    it("an empty state is not open", () => {
      assert.deepEqual(only({ state: null }), {
        code: "invalid_value",
        path: ["state"],
        message:
          "must be open, duplicate or closed, not an empty value; leave it out for an open question",
      });
    });

    const notDuplicate: ReadonlyArray<{ rule: string; state: string | undefined; shown: string }> =
      [
        {
          rule: "duplicateOf without a state (open by default) is rejected",
          state: undefined,
          shown: "open",
        },
        { rule: "duplicateOf with state: open is rejected", state: "open", shown: "open" },
        { rule: "duplicateOf with state: closed is rejected", state: "closed", shown: "closed" },
      ];
    for (const { rule, state, shown } of notDuplicate) {
      it(rule, () => {
        assert.deepEqual(only({ state, duplicateOf: "alpha" }), {
          code: "custom",
          path: ["duplicateOf"],
          message: `is only allowed with state: duplicate, but state is ${shown}; set state: duplicate or remove duplicateOf`,
        });
      });
    }

    it("a duplicate may leave out duplicateOf", () => {
      const parsed = questionFrontmatterSchema.parse({ ...valid, state: "duplicate" });
      assert.equal(parsed.state, "duplicate");
      assert.equal(parsed.duplicateOf, undefined);
    });

    const badIds: ReadonlyArray<{ rule: string; id: string }> = [
      { rule: "duplicateOf with spaces and capitals is not an id", id: "Foo Bar" },
      { rule: "duplicateOf with .md is not an id", id: "alpha.md" },
      { rule: "duplicateOf with a path is not an id", id: "questions/alpha" },
    ];
    for (const { rule, id } of badIds) {
      it(rule, () => {
        assert.deepEqual(only({ state: "duplicate", duplicateOf: id }), {
          code: "invalid_format",
          path: ["duplicateOf"],
          message: `${JSON.stringify(id)} cannot be a question id; ids are file names without .md, made of lower-case letters, digits, "-" and "_"`,
        });
      });
    }

    it("duplicateOf that YAML read as a list says what it read", () => {
      assert.deepEqual(only({ state: "duplicate", duplicateOf: ["alpha"] }), {
        code: "invalid_type",
        path: ["duplicateOf"],
        message:
          "must be the id of another question, but YAML read a list; write the file name without .md",
      });
    });

    it("duplicateOf: 42 (the id of 42.md, read as a number) is told to quote it", () => {
      const { path, message } = only({ state: "duplicate", duplicateOf: 42 });
      assert.deepEqual(path, ["duplicateOf"]);
      assert.ok(
        message.startsWith("must be the id of another question, but YAML read the number 42; "),
        message,
      );
      assert.ok(message.includes('duplicateOf: "42"'), message);
    });
  });

  describe("linked", () => {
    it("keeps the ids in the order written, with any state", () => {
      const parsed = questionFrontmatterSchema.parse({ ...valid, linked: ["9", "10", "alpha"] });
      assert.deepEqual(parsed.linked, ["9", "10", "alpha"]);
      assert.deepEqual(
        questionFrontmatterSchema.parse({ ...valid, state: "closed", linked: ["9"] }).linked,
        ["9"],
      );
    });

    it("is left undefined when it is not written", () => {
      assert.equal(questionFrontmatterSchema.parse(valid).linked, undefined);
    });

    it("names the repeat by its index", () => {
      assert.deepEqual(only({ linked: ["9", "alpha", "9"] }), {
        code: "custom",
        path: ["linked", 2],
        message: '"9" appears more than once; remove the repeat',
      });
    });

    it("names an item that is not an id by its index", () => {
      assert.deepEqual(only({ linked: ["alpha", "Foo Bar"] }), {
        code: "invalid_format",
        path: ["linked", 1],
        message:
          '"Foo Bar" cannot be a question id; ids are file names without .md, made of lower-case letters, digits, "-" and "_"',
      });
    });

    it("tells an id YAML read as a number to quote it", () => {
      assert.deepEqual(only({ linked: ["alpha", 42] }), {
        code: "invalid_type",
        path: ["linked", 1],
        message:
          'must be the id of another question, but YAML read the number 42; put it in quotes: "42"',
      });
    });

    it("tells an empty item to be written or removed", () => {
      assert.deepEqual(only({ linked: [null] }), {
        code: "invalid_type",
        path: ["linked", 0],
        message:
          "must be the id of another question, but YAML read an empty value; write the id or remove the empty item",
      });
    });

    it("must be a list, even of one id", () => {
      assert.deepEqual(only({ linked: "alpha" }), {
        code: "invalid_type",
        path: ["linked"],
        message:
          'must be a list of question ids, but YAML read the text "alpha"; write it as a list, such as linked: ["alpha"]',
      });
      assert.deepEqual(
        only({ linked: 42 }).message,
        'must be a list of question ids, but YAML read the number 42; write it as a list, such as linked: ["42"]',
      );
    });
  });

  describe("answers", () => {
    it("accepts 0 and a positive whole number", () => {
      assert.equal(questionFrontmatterSchema.parse({ ...valid, answers: 0 }).answers, 0);
      assert.equal(questionFrontmatterSchema.parse({ ...valid, answers: 12 }).answers, 12);
    });

    const cases: ReadonlyArray<{ rule: string; answers: unknown; code: string; message: string }> =
      [
        {
          rule: "must not be negative",
          answers: -1,
          code: "too_small",
          message:
            "must be at least 0, not -1; write a whole number of 0 or more, such as answers: 0",
        },
        {
          rule: "must be whole",
          answers: 1.5,
          code: "custom",
          message:
            "must be a whole number, not 1.5; write a whole number of 0 or more, such as answers: 0",
        },
        {
          rule: "must be a number, not quoted text",
          answers: "3",
          code: "invalid_type",
          message:
            'must be a whole number of at least 0, but YAML read the text "3"; write it without quotes, such as answers: 0',
        },
        {
          rule: "must not be empty",
          answers: null,
          code: "invalid_type",
          message:
            "must be a whole number of at least 0, but YAML read an empty value; write it without quotes, such as answers: 0",
        },
      ];
    for (const { rule, answers, code, message } of cases) {
      it(rule, () => {
        assert.deepEqual(only({ answers }), { code, path: ["answers"], message });
      });
    }
  });

  describe("unknown fields", () => {
    it("rejects one unknown field, naming it and the fields there are", () => {
      const result = questionFrontmatterSchema.safeParse({ ...valid, titel: "x" });
      assert.equal(result.success, false);
      const [issue, ...rest] = result.error?.issues ?? [];
      assert.deepEqual(rest, []);
      assert.ok(issue?.code === "unrecognized_keys");
      assert.deepEqual(issue.keys, ["titel"]);
      assert.deepEqual(issue.path, []);
      assert.equal(
        issue.message,
        `titel: is not a field of a question; the fields are ${FIELDS}. Check the spelling, or remove it`,
      );
    });

    it("rejects several unknown fields in one issue, naming each", () => {
      const result = questionFrontmatterSchema.safeParse({ ...valid, titel: "x", Tags: ["a"] });
      const [issue] = result.error?.issues ?? [];
      assert.ok(issue?.code === "unrecognized_keys");
      assert.deepEqual(issue.keys, ["titel", "Tags"]);
      assert.equal(
        issue.message,
        `titel: is not a field of a question; the fields are ${FIELDS}. Check the spelling, or remove it; ` +
          `Tags: is not a field of a question; the fields are ${FIELDS}. Check the spelling, or remove it`,
      );
    });
  });

  describe("every problem in one pass", () => {
    it("reports a problem in every field at once", () => {
      assert.deepEqual(
        issues({ title: 1, tags: [], asked: "x", state: "no", answers: -2 }).map((i) => i.path),
        [["title"], ["tags"], ["asked"], ["state"], ["answers"]],
      );
    });

    it("reports an unknown field together with a field problem", () => {
      assert.deepEqual(
        issues({ title: "", extra: 1 }).map((i) => [i.code, i.path]),
        [
          ["custom", ["title"]],
          ["unrecognized_keys", []],
        ],
      );
    });

    it("reports duplicateOf without state: duplicate even when another field is wrong", () => {
      assert.deepEqual(issues({ title: "", duplicateOf: "alpha" }), [
        {
          code: "custom",
          path: ["title"],
          message: "is empty; write the text on the same line as the field",
        },
        {
          code: "custom",
          path: ["duplicateOf"],
          message:
            "is only allowed with state: duplicate, but state is open; set state: duplicate or remove duplicateOf",
        },
      ]);
    });

    it("names the written state in the duplicateOf problem even when other fields are wrong", () => {
      assert.deepEqual(
        issues({ tags: "x", asked: 5, state: "closed", duplicateOf: "alpha" }).map((i) => [
          i.path,
          i.message.slice(0, 60),
        ]),
        [
          [["tags"], 'must be a list of tags, but YAML read the text "x"; write it'],
          [["asked"], "must be an ISO 8601 date or date-time, but YAML read the num"],
          [["duplicateOf"], "is only allowed with state: duplicate, but state is closed; "],
        ],
      );
    });

    it("does not judge duplicateOf against a state that is itself wrong", () => {
      assert.deepEqual(
        issues({ state: "Closed", duplicateOf: "alpha" }).map((i) => i.path),
        [["state"]],
      );
    });

    it("reports a fraction in answers together with a title problem", () => {
      assert.deepEqual(issues({ title: "", answers: 1.5 }), [
        {
          code: "custom",
          path: ["title"],
          message: "is empty; write the text on the same line as the field",
        },
        {
          code: "custom",
          path: ["answers"],
          message:
            "must be a whole number, not 1.5; write a whole number of 0 or more, such as answers: 0",
        },
      ]);
    });
  });

  it("rejects frontmatter that is not a set of fields", () => {
    assert.deepEqual(issuesOf("just text"), [
      { code: "invalid_type", path: [], message: "must be a set of fields (key: value lines)" },
    ]);
    assert.deepEqual(issuesOf(["a"]), [
      { code: "invalid_type", path: [], message: "must be a set of fields (key: value lines)" },
    ]);
  });
});

describe("the credit fields (author, authorUrl, score, source, license)", () => {
  const cases: ReadonlyArray<{ rule: string; changes: Record<string, unknown>; found: Found }> = [
    {
      rule: "author is one line of plain text",
      changes: { author: "Ada\nLovelace" },
      found: {
        code: "custom",
        path: ["author"],
        message: "spans more than one line; put it on one line",
      },
    },
    {
      rule: "authorUrl is an http or https address, never javascript:",
      changes: { author: "Ada", authorUrl: "javascript:alert(1)" },
      found: {
        code: "custom",
        path: ["authorUrl"],
        message:
          '"javascript:alert(1)" is not an http or https address; write the whole address, such as authorUrl: https://example.org/users/1',
      },
    },
    {
      rule: "authorUrl needs author",
      changes: { authorUrl: "https://example.org/users/1" },
      found: {
        code: "custom",
        path: ["authorUrl"],
        message:
          'is only allowed with author; add the author\'s name, such as author: "Ada Lovelace", or remove authorUrl',
      },
    },
    {
      rule: "score is a whole number",
      changes: { score: 1.5 },
      found: {
        code: "custom",
        path: ["score"],
        message:
          "must be a whole number, not 1.5; write it without a fraction, such as score: 3 or score: -1",
      },
    },
    {
      rule: "score is a number, not quoted text",
      changes: { score: "3" },
      found: {
        code: "invalid_type",
        path: ["score"],
        message:
          'must be a whole number, but YAML read the text "3"; write it without quotes, such as score: 3 or score: -1',
      },
    },
    {
      rule: "source is an http or https address",
      changes: { source: "data:text/html,<script>alert(1)</script>" },
      found: {
        code: "custom",
        path: ["source"],
        message:
          '"data:text/html,<script>alert(1)</script>" is not an http or https address; write the whole address, such as source: https://example.org/q/1',
      },
    },
    {
      rule: "license is one line of text",
      changes: { license: 4 },
      found: {
        code: "invalid_type",
        path: ["license"],
        message:
          "must be one line of text, but YAML read the number 4; put it in quotes so it stays text exactly as written",
      },
    },
  ];
  for (const { rule, changes, found } of cases) {
    it(rule, () => assert.deepEqual(only(changes), found));
  }

  it("accepts a negative score", () => {
    assert.equal(questionFrontmatterSchema.parse({ ...valid, score: -3 }).score, -3);
  });

  it("reports every bad credit field at once", () => {
    assert.deepEqual(
      issues({ author: "", authorUrl: "ftp://x", score: "high", source: "x", license: "" }).map(
        (issue) => issue.path.join("."),
      ),
      ["author", "authorUrl", "score", "source", "license"],
    );
  });
});

describe("what a reader judges a post by (modified, views, edited, editor, editorUrl)", () => {
  const messages = (changes: Record<string, unknown>) =>
    issues(changes).map(({ path, message }) => `${path.join(".")}: ${message}`);

  it("takes the last activity, the views and the last edit with its editor", () => {
    const parsed = questionFrontmatterSchema.parse({
      ...valid,
      modified: "2024-03-09T08:00:00Z",
      views: 1234,
      edited: "2024-03-06",
      editor: "Grace Hopper",
      editorUrl: "https://example.org/users/2",
    });
    assert.equal(parsed.views, 1234);
    assert.equal(parsed.editor, "Grace Hopper");
    assert.ok(parsed.modified !== undefined && parsed.edited !== undefined);
    assert.deepEqual(messages({}), []);
  });

  it("reports each wrong one at once, with its fix", () => {
    assert.deepEqual(
      messages({ views: -1, modified: "yesterday", editorUrl: "https://e.org/u/2" }),
      [
        "modified: " + (messages({ modified: "yesterday" })[0] ?? "").slice("modified: ".length),
        "views: must be at least 0, not -1; write a whole number of 0 or more, such as views: 120",
        'editorUrl: is only allowed with editor; add the editor\'s name, such as editor: "Grace Hopper", or remove editorUrl',
      ],
    );
    assert.deepEqual(messages({ editor: "Grace Hopper" }), [
      'editor: is only allowed with edited; add the date of the edit, such as edited: "2024-03-06", or remove editor',
    ]);
  });
});

describe("a question's notices (closed, closeReason, locked, communityWiki)", () => {
  const messages = (changes: Record<string, unknown>) =>
    issues(changes).map(({ path, message }) => `${path.join(".")}: ${message}`);

  it("takes a close with its reason, a lock and community wiki", () => {
    const parsed = questionFrontmatterSchema.parse({
      ...valid,
      state: "closed",
      closed: "2014-01-22T00:32:16Z",
      closeReason: "off-topic",
      locked: "2014-01-23",
      communityWiki: true,
    });
    assert.equal(parsed.closeReason, "off-topic");
    assert.equal(parsed.communityWiki, true);
    assert.ok(parsed.closed !== undefined && parsed.locked !== undefined);
    assert.equal(questionFrontmatterSchema.parse(valid).communityWiki, undefined);
  });

  it("a duplicate may say when it was closed", () => {
    assert.deepEqual(
      messages({
        state: "duplicate",
        duplicateOf: "7",
        closed: "2014-01-22",
        closeReason: "duplicate",
      }),
      [],
    );
  });

  it("reports a close on an open question, a reason without its date, and a wiki that is not a flag", () => {
    assert.deepEqual(messages({ closed: "2014-01-22", communityWiki: "yes" }), [
      'communityWiki: must be true or false, but YAML read the text "yes"; write communityWiki: true, or leave it out for false',
      "closed: is only allowed with state: closed or duplicate; set state: closed, or remove closed",
    ]);
    assert.deepEqual(messages({ state: "closed", closeReason: "off-topic" }), [
      'closeReason: is only allowed with closed; add the date it was closed, such as closed: "2024-03-06", or remove closeReason',
    ]);
  });
});
