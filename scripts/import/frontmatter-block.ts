import { readFileSync, writeFileSync } from "node:fs";
import { Document, parse, type YAMLSeq } from "yaml";
import { splitFrontmatter } from "../../src/lib/frontmatter.ts";
import { parseYamlFields } from "../../src/lib/yaml-fields.ts";

/**
 * A frontmatter block, `---` lines included, for fields already in the order they should be
 * written. Every text value is double-quoted, so a title `yes` or `1.0`, a tag `2024` or an
 * author `O'Brien: "Ed"` stay text for any YAML reader; nothing is folded; `flowLists` (tags,
 * linked ids) are written on one line. `comment` (the source and licence) becomes a YAML
 * comment on top.
 */
export function frontmatterBlock(
  fields: Readonly<Record<string, unknown>>,
  comment: string,
  flowLists: readonly string[] = [],
): string {
  const doc = new Document(fields);
  for (const key of flowLists) {
    const list = doc.get(key, true) as YAMLSeq | undefined;
    if (list !== undefined) list.flow = true;
  }
  return `---\n# ${oneLine(comment)}\n${doc.toString(WRITE_OPTIONS)}---\n`;
}

/** How every value is written; see `frontmatterBlock`. */
const WRITE_OPTIONS = {
  defaultStringType: "QUOTE_DOUBLE",
  defaultKeyType: "PLAIN",
  lineWidth: 0,
  // A long text with line breaks would otherwise be spread over lines: each value on one.
  doubleQuotedMinMultiLineLength: Infinity,
  flowCollectionPadding: false,
} as const;

/**
 * One item of a list of mappings, `- key: value` lines, written as `frontmatterBlock` writes
 * its values, before it is indented under its list's key (see `withListAppended`).
 */
export function listItem(fields: Readonly<Record<string, unknown>>): string {
  return new Document([fields]).toString(WRITE_OPTIONS);
}

/**
 * A file this import wrote, with `key:` and its items (from `listItem`) appended to the end of
 * its frontmatter, exactly as `frontmatterBlock` would have written them there. Every value is
 * on one line (double-quoted, nothing folded), so the first `---` line closes the frontmatter,
 * and the file is never parsed again.
 */
export function withListAppended(text: string, key: string, items: readonly string[]): string {
  const end = text.indexOf("\n---\n", 3);
  if (!text.startsWith("---\n# ") || end === -1) {
    throw new Error("not a file this import wrote: it does not start with ---, then # comment");
  }
  // Split on "\n" alone: a value may hold U+2028, which a /^/m regex would take for a line end.
  const lines = items
    .flatMap((item) => item.replace(/\n$/, "").split("\n"))
    .map((line) => `  ${line}\n`)
    .join("");
  return `${text.slice(0, end + 1)}${key}:\n${lines}${text.slice(end + 1)}`;
}

/**
 * The value of the top-level field `key` of a file this import wrote, read from its one line;
 * undefined when the frontmatter has no such field. Each value is on its own line (see
 * `frontmatterBlock`), so the file is not parsed.
 */
export function fieldValue(text: string, key: string): unknown {
  const line = fieldLine(text, key);
  if (line === undefined) return undefined;
  return (parse(text.slice(line.start, line.end)) as Record<string, unknown>)[key];
}

/**
 * A file this import wrote, with the line of its top-level field `key` replaced by `newKey`
 * and `value`, as `frontmatterBlock` would have written them in its place; the text as it is
 * when it has no such field.
 */
export function withFieldReplaced(
  text: string,
  key: string,
  newKey: string,
  value: unknown,
): string {
  const line = fieldLine(text, key);
  if (line === undefined) return text;
  const written = new Document({ [newKey]: value }).toString(WRITE_OPTIONS);
  return text.slice(0, line.start) + written + text.slice(line.end);
}

/** Where the line of the top-level field `key` is in a file this import wrote, its `\n` included. */
function fieldLine(text: string, key: string): { start: number; end: number } | undefined {
  const end = text.indexOf("\n---\n", 3);
  if (!text.startsWith("---\n# ") || end === -1) {
    throw new Error("not a file this import wrote: it does not start with ---, then # comment");
  }
  // Items of a list are indented and values are on one line: only a field starts a line so.
  const at = text.indexOf(`\n${key}: `);
  if (at === -1 || at >= end) return undefined;
  return { start: at + 1, end: text.indexOf("\n", at + 1) + 1 };
}

/** A file this import wrote, read back: its comment line, its fields and its body. */
export interface WrittenFile {
  comment: string;
  fields: Record<string, unknown>;
  body: string;
}

/**
 * Reads back a file `frontmatterBlock` wrote (its first YAML line is the comment), with the
 * build's own YAML reader. The YAML reads back as exactly the fields written
 * (tests/import/mapping.test.ts pins that), so a file can be rewritten from it without the
 * import holding its fields in memory.
 */
export function readWrittenFile(text: string): WrittenFile {
  const split = splitFrontmatter(text);
  const [first = "", ...rest] = split?.yaml.split("\n") ?? [];
  if (split === undefined || !first.startsWith("# ")) {
    throw new Error("not a file this import wrote: it does not start with ---, then # comment");
  }
  const read = parseYamlFields(rest.join("\n"));
  if (!read.ok) throw new Error(`not a file this import wrote: its frontmatter ${read.reason}`);
  return { comment: first.slice(2), fields: read.fields, body: split.body };
}

/**
 * Rewrites the frontmatter of a file this import wrote (settling duplicates, answer counts and
 * accepted answers, which can only be known once the whole dump has been read). `render`
 * writes the new block from the edited fields and the old comment; the body is kept as it is.
 */
export function rewriteFrontmatter(
  path: string,
  render: (fields: Record<string, unknown>, comment: string) => string,
): void {
  const file = readWrittenFile(readFileSync(path, "utf8"));
  writeFileSync(path, render(file.fields, file.comment) + file.body);
}

/** A YAML comment must stay on its line: line breaks and other controls become spaces. */
function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
}
