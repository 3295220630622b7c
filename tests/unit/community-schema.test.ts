import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { communitySchema } from "../../src/schemas/community.ts";

interface Found {
  code: string;
  path: PropertyKey[];
  message: string;
}

function issuesOf(input: unknown): Found[] {
  const result = communitySchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    code: issue.code,
    path: issue.path,
    message: issue.message,
  }));
}

describe("communitySchema", () => {
  it("defaults excerptLength to 200", () => {
    assert.deepEqual(communitySchema.parse({ name: "Homelab & Self-Hosting" }), {
      name: "Homelab & Self-Hosting",
      excerptLength: 200,
      bodyFormat: "markdown",
      math: "off",
      answerOrder: "accepted-first",
    });
  });

  it("accepts excerptLength 20, the smallest", () => {
    assert.deepEqual(communitySchema.parse({ name: "Homelab", excerptLength: 20 }), {
      name: "Homelab",
      excerptLength: 20,
      bodyFormat: "markdown",
      math: "off",
      answerOrder: "accepted-first",
    });
  });

  it("accepts a large excerptLength", () => {
    assert.deepEqual(communitySchema.parse({ name: "Homelab", excerptLength: 1000 }), {
      name: "Homelab",
      excerptLength: 1000,
      bodyFormat: "markdown",
      math: "off",
      answerOrder: "accepted-first",
    });
  });

  const cases: ReadonlyArray<{ rule: string; input: Record<string, unknown>; expected: Found[] }> =
    [
      {
        rule: "name is required, with an example line",
        input: {},
        expected: [
          {
            code: "invalid_type",
            path: ["name"],
            message: 'is missing; add a line such as name: "Homelab & Self-Hosting"',
          },
        ],
      },
      {
        rule: "name must not be empty",
        input: { name: "" },
        expected: [
          {
            code: "custom",
            path: ["name"],
            message: "is empty; write the text on the same line as the field",
          },
        ],
      },
      {
        rule: "name must be one line",
        input: { name: "Homelab\nand more" },
        expected: [
          {
            code: "custom",
            path: ["name"],
            message: "spans more than one line; put it on one line",
          },
        ],
      },
      {
        rule: "name must not have a control character",
        input: { name: "Home\tlab" },
        expected: [
          {
            code: "custom",
            path: ["name"],
            message: "contains the control character U+0009; remove it",
          },
        ],
      },
      {
        rule: "name must not start or end with spaces",
        input: { name: "Homelab " },
        expected: [
          { code: "custom", path: ["name"], message: "starts or ends with spaces; remove them" },
        ],
      },
      {
        rule: "name must be text; a number is told to quote it",
        input: { name: 2024 },
        expected: [
          {
            code: "invalid_type",
            path: ["name"],
            message:
              "must be one line of text, but YAML read the number 2024; put it in quotes so it stays text exactly as written",
          },
        ],
      },
      {
        rule: "excerptLength below 20 is too small",
        input: { name: "Homelab", excerptLength: 19 },
        expected: [
          {
            code: "too_small",
            path: ["excerptLength"],
            message:
              "must be at least 20, not 19; write a whole number of 20 or more, such as excerptLength: 200",
          },
        ],
      },
      {
        rule: "excerptLength must be whole",
        input: { name: "Homelab", excerptLength: 20.5 },
        expected: [
          {
            code: "custom",
            path: ["excerptLength"],
            message:
              "must be a whole number, not 20.5; write a whole number of 20 or more, such as excerptLength: 200",
          },
        ],
      },
      {
        rule: "pageSize must be whole, and says how to have one page",
        input: { name: "Homelab", pageSize: 2.5 },
        expected: [
          {
            code: "custom",
            path: ["pageSize"],
            message:
              "must be a whole number, not 2.5; write a whole number of 1 or more, such as pageSize: 100, or leave it out for one page",
          },
        ],
      },
      {
        rule: "pageSize 0 is too small",
        input: { name: "Homelab", pageSize: 0 },
        expected: [
          {
            code: "too_small",
            path: ["pageSize"],
            message:
              "must be at least 1, not 0; write a whole number of 1 or more, such as pageSize: 100, or leave it out for one page",
          },
        ],
      },
      {
        rule: "excerptLength must be a number, not quoted text; the example is the default",
        input: { name: "Homelab", excerptLength: "200" },
        expected: [
          {
            code: "invalid_type",
            path: ["excerptLength"],
            message:
              'must be a whole number of at least 20, but YAML read the text "200"; write it without quotes, such as excerptLength: 200',
          },
        ],
      },
      {
        rule: "excerptLength must not be empty",
        input: { name: "Homelab", excerptLength: null },
        expected: [
          {
            code: "invalid_type",
            path: ["excerptLength"],
            message:
              "must be a whole number of at least 20, but YAML read an empty value; write it without quotes, such as excerptLength: 200",
          },
        ],
      },
      {
        rule: "both fields are reported in one pass",
        input: { name: "", excerptLength: 10 },
        expected: [
          {
            code: "custom",
            path: ["name"],
            message: "is empty; write the text on the same line as the field",
          },
          {
            code: "too_small",
            path: ["excerptLength"],
            message:
              "must be at least 20, not 10; write a whole number of 20 or more, such as excerptLength: 200",
          },
        ],
      },
    ];
  for (const { rule, input, expected } of cases) {
    it(rule, () => {
      assert.deepEqual(issuesOf(input), expected);
    });
  }

  it("reads bodyFormat html, and rejects any other format with the two it knows", () => {
    assert.equal(communitySchema.parse({ name: "Beer", bodyFormat: "html" }).bodyFormat, "html");
    assert.deepEqual(issuesOf({ name: "Beer", bodyFormat: "HTML" }), [
      {
        code: "invalid_value",
        path: ["bodyFormat"],
        message: 'must be markdown or html, not the text "HTML"; leave it out for Markdown bodies',
      },
    ]);
  });

  it("takes answerOrder accepted-first or score, and names the fix for anything else", () => {
    assert.equal(communitySchema.parse({ name: "SO", answerOrder: "score" }).answerOrder, "score");
    const read = communitySchema.safeParse({ name: "SO", answerOrder: "votes" });
    assert.deepEqual(
      read.error?.issues.map(({ message }) => message),
      [
        'must be accepted-first or score, not the text "votes"; write answerOrder: score to order answers by score alone, or leave it out',
      ],
    );
  });

  it("keeps an optional attribution as written", () => {
    assert.deepEqual(
      communitySchema.parse({ name: "Homelab", attribution: "CC BY-SA 4.0, from superuser.com" }),
      {
        name: "Homelab",
        excerptLength: 200,
        bodyFormat: "markdown",
        math: "off",
        answerOrder: "accepted-first",
        attribution: "CC BY-SA 4.0, from superuser.com",
      },
    );
  });

  it("leaves attribution out when it is not written", () => {
    assert.equal(Object.hasOwn(communitySchema.parse({ name: "Homelab" }), "attribution"), false);
  });

  it("attribution must be text, and says to quote it", () => {
    assert.deepEqual(issuesOf({ name: "Homelab", attribution: 2024 }), [
      {
        code: "invalid_type",
        path: ["attribution"],
        message: "must be text, but YAML read the number 2024; write it in quotes",
      },
    ]);
  });

  it("keeps a licence of one line, and says how to write one otherwise", () => {
    assert.equal(
      communitySchema.parse({ name: "Beer", license: "CC BY-SA 3.0" }).license,
      "CC BY-SA 3.0",
    );
    assert.deepEqual(issuesOf({ name: "Beer", license: "CC BY-SA\n3.0" }), [
      {
        code: "invalid_format",
        path: ["license"],
        message: 'must be one line of text, such as license: "CC BY-SA 4.0"',
      },
    ]);
    assert.deepEqual(
      issuesOf({ name: "Beer", license: 4 })[0]?.message,
      'must be text, but YAML read the number 4; write it in quotes, such as license: "CC BY-SA 4.0"',
    );
  });

  it("reads origin as the site's scheme and host, a final / and upper case aside", () => {
    for (const origin of ["https://beer.stackexchange.com", "https://Beer.StackExchange.com/"]) {
      assert.equal(
        communitySchema.parse({ name: "Beer", origin }).origin,
        "https://beer.stackexchange.com",
      );
    }
    assert.equal(communitySchema.parse({ name: "Beer" }).origin, undefined, "optional");
  });

  it("rejects an origin with a path, another scheme or no scheme, and says what to write", () => {
    for (const origin of [
      "https://beer.stackexchange.com/questions",
      "ftp://x.org",
      "beer.stackexchange.com",
    ]) {
      assert.deepEqual(issuesOf({ name: "Beer", origin }), [
        {
          code: "custom",
          path: ["origin"],
          message: `${JSON.stringify(origin)} is not a site's address alone; write the scheme and host with nothing after them, such as origin: https://beer.stackexchange.com`,
        },
      ]);
    }
  });

  it("rejects an unknown field as unrecognized_keys at the top level", () => {
    const [issue, ...rest] =
      communitySchema.safeParse({ name: "Homelab", title: "x" }).error?.issues ?? [];
    assert.deepEqual(rest, []);
    assert.ok(issue?.code === "unrecognized_keys");
    assert.deepEqual(issue.keys, ["title"]);
    assert.deepEqual(issue.path, []);
  });

  it("the unknown-field message names the fields of community.yaml, as the question schema's does", () => {
    const [issue] = communitySchema.safeParse({ name: "Homelab", title: "x" }).error?.issues ?? [];
    assert.ok(issue?.code === "unrecognized_keys");
    assert.ok(issue.message.includes("name, excerptLength"), issue.message);
  });
});
