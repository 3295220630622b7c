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
    const line = (error.linePos?.[0].line ?? 1) + firstLine - 1;
    return {
      ok: false,
      reason: `is not valid YAML at line ${line}: ${firstSentence(error.message)}; fix the syntax there`,
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
