import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseYamlFields } from "../../src/lib/yaml-fields.ts";

describe("parseYamlFields", () => {
  it("reads key: value lines into fields", () => {
    assert.deepEqual(
      parseYamlFields(
        'title: How do I x?\ntags: [bash, shell]\nanswers: 3\nasked: "2024-03-05T14:22:10Z"',
      ),
      {
        ok: true,
        fields: {
          title: "How do I x?",
          tags: ["bash", "shell"],
          answers: 3,
          asked: "2024-03-05T14:22:10Z",
        },
      },
    );
  });

  it("keeps an unquoted date as text (YAML 1.2 core schema), so asked is parsed by our rules", () => {
    assert.deepEqual(parseYamlFields("asked: 2024-03-05"), {
      ok: true,
      fields: { asked: "2024-03-05" },
    });
  });

  it("keeps an unquoted date-time as text", () => {
    assert.deepEqual(parseYamlFields("asked: 2024-03-05T14:22:10Z"), {
      ok: true,
      fields: { asked: "2024-03-05T14:22:10Z" },
    });
  });

  it("keeps yes and no as text, reads true as a boolean and ~ as null (YAML 1.2)", () => {
    assert.deepEqual(parseYamlFields("a: yes\nb: no\nc: true\nd: ~"), {
      ok: true,
      fields: { a: "yes", b: "no", c: true, d: null },
    });
  });

  it("reads empty YAML as no fields", () => {
    assert.deepEqual(parseYamlFields(""), { ok: true, fields: {} });
  });

  it("reads YAML of only a comment as no fields", () => {
    assert.deepEqual(parseYamlFields("# nothing yet"), { ok: true, fields: {} });
  });

  const notFields: ReadonlyArray<{ rule: string; yaml: string }> = [
    { rule: "a list is not a set of fields", yaml: "- a\n- b" },
    { rule: "plain text is not a set of fields", yaml: "just text" },
    { rule: "a number is not a set of fields", yaml: "42" },
  ];
  for (const { rule, yaml } of notFields) {
    it(`${rule}: the reason says to write key: value lines`, () => {
      assert.deepEqual(parseYamlFields(yaml), {
        ok: false,
        reason: "must hold key: value fields, one per line, such as title: My question",
      });
    });
  }

  it("reports invalid YAML on the first line with the parser's first sentence, without its final period", () => {
    assert.deepEqual(parseYamlFields("\tb: 1"), {
      ok: false,
      reason:
        "is not valid YAML at line 1: Tabs are not allowed as indentation; fix the syntax there",
    });
  });

  it("counts the first line from firstLine when the error is on the YAML's first line", () => {
    assert.deepEqual(parseYamlFields("\tb: 1", 2), {
      ok: false,
      reason:
        "is not valid YAML at line 2: Tabs are not allowed as indentation; fix the syntax there",
    });
  });

  const lineCases: ReadonlyArray<{
    rule: string;
    yaml: string;
    firstLine: number;
    reason: string;
  }> = [
    {
      rule: "a repeated key is an error (not last-one-wins), reported on the line of the repeat",
      yaml: "title: a\ntitle: b",
      firstLine: 1,
      reason: "is not valid YAML at line 2: Map keys must be unique; fix the syntax there",
    },
    {
      rule: "in frontmatter (firstLine 2), a repeated key on YAML line 2 is file line 3",
      yaml: "title: a\ntitle: b",
      firstLine: 2,
      reason: "is not valid YAML at line 3: Map keys must be unique; fix the syntax there",
    },
    {
      rule: "an unclosed quote on YAML line 4 is reported on file line 5 of a frontmatter file",
      yaml: 'title: x\ntags: [a]\nasked: "2024\nb: 1',
      firstLine: 2,
      reason: 'is not valid YAML at line 5: Missing closing "quote; fix the syntax there',
    },
    {
      rule: "an unclosed flow mapping after a blank line is reported on its own line",
      yaml: "a: 1\n\nb: {",
      firstLine: 1,
      reason:
        "is not valid YAML at line 3: Flow map in block collection must be sufficiently indented and end with a }; fix the syntax there",
    },
  ];
  for (const { rule, yaml, firstLine, reason } of lineCases) {
    it(rule, () => {
      assert.deepEqual(parseYamlFields(yaml, firstLine), { ok: false, reason });
    });
  }

  const QUOTE_IT = "which YAML reads as the start of another field; put the whole value in quotes";
  const colonCases: ReadonlyArray<{
    rule: string;
    yaml: string;
    firstLine: number;
    reason: string;
  }> = [
    {
      rule: "an unquoted colon in a title names the field and shows the value quoted, at its file line",
      yaml: "tags: [net]\ntitle: Error: cannot connect\nasked: 2024-01-01",
      firstLine: 2,
      reason: `is not valid YAML at line 3: the value of title holds a colon followed by a space, ${QUOTE_IT}: title: "Error: cannot connect"`,
    },
    {
      rule: "community.yaml's name gets the same hint, and a colon at the line's end counts",
      yaml: "name: Homelab:",
      firstLine: 1,
      reason: `is not valid YAML at line 1: the value of name holds a colon followed by a space, ${QUOTE_IT}: name: "Homelab:"`,
    },
    {
      rule: "quotes and backslashes in the value are escaped in the quoted form, CRLF lines too",
      yaml: 'author: x\r\ntitle: Why "C:\\tmp": denied  \r\n',
      firstLine: 2,
      reason: `is not valid YAML at line 3: the value of title holds a colon followed by a space, ${QUOTE_IT}: title: "Why \\"C:\\\\tmp\\": denied"`,
    },
    {
      rule: "a colon on a line that continues the value gets the hint without a quoted form",
      yaml: "title: Why does\n  this: fail",
      firstLine: 2,
      reason: `is not valid YAML at line 2: the value of title holds a colon followed by a space, ${QUOTE_IT}, on one line`,
    },
  ];
  for (const { rule, yaml, firstLine, reason } of colonCases) {
    it(rule, () => {
      assert.deepEqual(parseYamlFields(yaml, firstLine), { ok: false, reason });
    });
  }
});
