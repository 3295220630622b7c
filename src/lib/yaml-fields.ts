import { parseDocument } from "yaml";
import { readFlatYaml } from "./flat-yaml.ts";

export type YamlFieldsResult =
  { ok: true; fields: Record<string, unknown> } | { ok: false; reason: string };

/**
 * Parses YAML that must be a mapping of fields (frontmatter, community.yaml).
 *
 * YAML 1.2's core schema keeps `2024-03-05` a string (so `asked` is ours to parse strictly),
 * and repeated keys are errors rather than a silent "last one wins". `firstLine` is the file
 * line the YAML starts on, so reported line numbers match the file an author has open.
 */
export function parseYamlFields(text: string, firstLine = 1): YamlFieldsResult {
  const flat = readFlatYaml(text);
  if (flat) return { ok: true, fields: flat };
  const doc = parseDocument(text, { schema: "core", uniqueKeys: true, prettyErrors: true });
  const [error] = doc.errors;
  if (error) {
    const at = error.linePos?.[0] ?? { line: 1, col: 1 };
    const hint = error.code === "BLOCK_AS_IMPLICIT_KEY" ? colonInValueHint(text, at) : undefined;
    return {
      ok: false,
      reason: `is not valid YAML at line ${at.line + firstLine - 1}: ${hint ?? `${firstSentence(error.message)}; fix the syntax there`}`,
    };
  }
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) return { ok: true, fields: {} };
  if (typeof value !== "object" || Array.isArray(value)) {
    return {
      ok: false,
      reason: "must hold key: value fields, one per line, such as title: My question",
    };
  }
  return { ok: true, fields: value as Record<string, unknown> };
}

// With prettyErrors the message continues with a code frame; the first line says what is wrong.
function firstSentence(message: string): string {
  return (message.split("\n")[0] ?? message)
    .replace(/ at line \d+, column \d+:?$/, "")
    .replace(/\.$/, "");
}

/**
 * What to do when a plain value holds `: ` (`title: Error: cannot connect`): YAML reads a field
 * nested in the value ("Nested mappings are not allowed in compact mappings"), where the author
 * meant text. `at` is where YAML says the value starts; undefined when no field precedes it.
 */
function colonInValueHint(text: string, at: { line: number; col: number }): string | undefined {
  const line = (text.split("\n")[at.line - 1] ?? "").replace(/\r$/, "");
  const key = /^[ \t]*(?:-[ \t]+)?(\S.*?)[ \t]*:[ \t]*$/.exec(line.slice(0, at.col - 1))?.[1];
  if (key === undefined) return undefined;
  const value = line.slice(at.col - 1).trim();
  const advice = `the value of ${key} holds a colon followed by a space, which YAML reads as the start of another field; put the whole value in quotes`;
  // A colon on a line that continues the value: quoting this line's part alone would cut it.
  return /:(?:[ \t]|$)/.test(value)
    ? `${advice}: ${key}: ${JSON.stringify(value)}`
    : `${advice}, on one line`;
}
