/**
 * A fast reader for the flat frontmatter nearly every question and answer has: `key: value`
 * lines whose values are quoted strings, plain words, small whole numbers (a score may be
 * negative), `true` or `false`, or one-line lists of strings; and a block list of such maps,
 * as a post's comments are written, or of one-line flow maps, as a user's badges are.
 *
 * A line that starts with `#` is a comment, skipped: the importer opens every file with one
 * naming the post and its author (scripts/import/attribution.ts). No line this reader takes
 * runs on into the next one (a block list ends at the margin), so such a line is nothing else.
 *
 * It returns exactly what the YAML 1.2 core schema reads for that subset, and undefined for
 * anything it is not certain about (other comments, other block lists, other numbers, `True`,
 * escapes beyond JSON's, repeated keys...), so the caller falls back to the full YAML parser.
 * At 100,000 questions the full parser is a quarter of the whole content load; the answers'
 * `accepted: true` and negative scores sent a quarter of the files of a generated corpus to it,
 * and the comment at the top sent every imported file (scripts/bench.md, "Imported frontmatter");
 * badges as flow maps sent 57% of the bench's users (scripts/bench.md, "Users").
 */
export function readFlatYaml(text: string): Record<string, unknown> | undefined {
  const fields: Record<string, unknown> = {};
  const lines = text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (line.startsWith("#")) continue;
    const listKey = LIST_KEY_LINE.exec(line)?.[1];
    if (listKey !== undefined) {
      // A block list of flat maps (a post's comments) runs on to the next line at the margin.
      let end = index + 1;
      while (end < lines.length && /^[ -]/.test(lines[end] as string)) end++;
      const items = readListOfMaps(lines.slice(index + 1, end));
      if (items === undefined || Object.hasOwn(fields, listKey)) return undefined;
      fields[listKey] = items;
      index = end - 1;
      continue;
    }
    const match = FIELD_LINE.exec(line);
    if (!match) return undefined;
    const [, key = "", raw = ""] = match;
    if (Object.hasOwn(fields, key)) return undefined;
    const value = raw.startsWith("[") ? readFlowList(raw) : readScalar(raw);
    if (value === undefined) return undefined;
    fields[key] = value;
  }
  return fields;
}

// A key with nothing after it, which a block list may follow.
const LIST_KEY_LINE = /^([A-Za-z][A-Za-z0-9_]*): *$/;
// A list item's line, `- key: value`, and a line of the same item, `  key: value`, each with the
// list's own indentation before it.
const ITEM_LINE = /^( *)- ([A-Za-z][A-Za-z0-9_]*): +(\S(?:.*\S)?) *$/;
const ITEM_FIELD_LINE = /^( *)([A-Za-z][A-Za-z0-9_]*): +(\S(?:.*\S)?) *$/;
// A list item written as one flow map on its line, `- { name: Teacher, class: bronze }`.
const FLOW_ITEM_LINE = /^( *)- \{ *(\S.*?) *\} *$/;

/**
 * The items of a block list whose every item is a map of `key: value` lines read as fields
 * are, its `- ` at one indentation and the item's other lines two further in (what the importer
 * and the bench write for comments), or a flow map on the item's one line (`readFlowMap`).
 * Anything else (nested lists, a blank line, an item of another shape) is left to the full
 * parser.
 */
function readListOfMaps(lines: readonly string[]): Record<string, unknown>[] | undefined {
  const items: Record<string, unknown>[] = [];
  const first = ITEM_LINE.exec(lines[0] ?? "") ?? FLOW_ITEM_LINE.exec(lines[0] ?? "");
  if (first === null) return undefined;
  const indent = first[1] ?? "";
  let lastIsFlow = false;
  for (const line of lines) {
    const flow = FLOW_ITEM_LINE.exec(line);
    if (flow !== null) {
      const map = flow[1] === indent ? readFlowMap(flow[2] ?? "") : undefined;
      if (map === undefined) return undefined;
      items.push(map);
      lastIsFlow = true;
      continue;
    }
    const item = ITEM_LINE.exec(line);
    const field = item === null && !lastIsFlow ? ITEM_FIELD_LINE.exec(line) : null;
    const [, margin = "", key = "", raw = ""] = item ?? field ?? [];
    if (item !== null ? margin !== indent : field === null || margin !== `${indent}  `) {
      return undefined;
    }
    if (item !== null) items.push({});
    lastIsFlow = false;
    const map = items[items.length - 1] as Record<string, unknown>;
    const value = raw.startsWith("[") ? undefined : readScalar(raw);
    if (value === undefined || Object.hasOwn(map, key)) return undefined;
    map[key] = value;
  }
  return items;
}

// One `key: value` of a flow map and the comma after it, if any: the value quoted, or plain
// words with none of the characters that mean something inside { } (nor a colon or a `#`).
const FLOW_ENTRY =
  /([A-Za-z][A-Za-z0-9_]*): +("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|-[0-9]+|[^\s\-?:,[\]{}#&*!|>'"%@`][^:#,[\]{}\t]*?) *(,|$) */y;
// A plain value of a flow map: as FLOW_PLAIN, with spaces inside (`Popular Question`).
const FLOW_MAP_PLAIN = /^[^\s\-?:,[\]{}#&*!|>'"%@`][^:#,[\]{}\t]*$/;

/**
 * The entries of a flow map written between `{ ` and ` }`, each value as a field's is; no
 * trailing comma, no repeated key, nothing nested, or the full parser reads it.
 */
function readFlowMap(inner: string): Record<string, unknown> | undefined {
  const map: Record<string, unknown> = {};
  // Only the last entry reaches the end of `inner`: a comma after it is a trailing comma.
  let comma = "";
  for (FLOW_ENTRY.lastIndex = 0; FLOW_ENTRY.lastIndex < inner.length;) {
    const entry = FLOW_ENTRY.exec(inner);
    if (entry === null) return undefined;
    const [, key = "", raw = "", after = ""] = entry;
    comma = after;
    const value = readScalar(raw, FLOW_MAP_PLAIN);
    if (value === undefined || Object.hasOwn(map, key)) return undefined;
    map[key] = value;
  }
  return comma === "" ? map : undefined;
}

// A plain key, a colon, at least one space, a value with no trailing spaces.
const FIELD_LINE = /^([A-Za-z][A-Za-z0-9_]*): +(\S(?:.*\S)?) *$/;

// Plain values the core schema reads as null, a boolean or a number (its own patterns, widened:
// a false alarm only costs a fallback). Every other plain value is a string.
const NOT_A_STRING =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

// A plain value: it does not start with an indicator character, no colon in it is followed by
// a space or the line's end (that would start a mapping), and no `#` follows a space or tab
// (that starts a comment).
const BLOCK_PLAIN = /^[^\s\-?:,[\]{}#&*!|>'"%@`](?:[^:#\t]|:(?![ \t]|$)|(?<![ \t])#)*$/;
// A plain list item: one word with none of the characters that mean something inside [ ].
const FLOW_PLAIN = /^[^\s\-?:,[\]{}#&*!|>'"%@`][^\s:#,[\]{}'"]*$/;
// Whole numbers JavaScript holds exactly, with no leading zero (`007` is a string to no one, but
// the schema tells numbers from octal apart with a `0o`, so leave it to the parser); no `-0`.
const WHOLE_NUMBER = /^(?:0|-?[1-9][0-9]{0,14})$/;
// The lower-case booleans: the spelling every file of ours and of the importer uses.
const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, false: false };
const JSON_SAFE_ESCAPES = /\\(?!["\\/bfnrt]|u[0-9A-Fa-f]{4})/;

/** A value as a field's: quoted, a whole number, a boolean, or plain words of `plain`'s syntax. */
function readScalar(raw: string, plain = BLOCK_PLAIN): unknown {
  if (raw.startsWith('"')) return readDoubleQuoted(raw);
  if (raw.startsWith("'")) return readSingleQuoted(raw);
  if (WHOLE_NUMBER.test(raw)) return Number(raw);
  if (Object.hasOwn(BOOLEANS, raw)) return BOOLEANS[raw];
  return plainString(raw, plain);
}

function plainString(raw: string, syntax: RegExp): string | undefined {
  return syntax.test(raw) && !NOT_A_STRING.test(raw) ? raw : undefined;
}

function readDoubleQuoted(raw: string): string | undefined {
  if (raw.length < 2 || !raw.endsWith('"') || JSON_SAFE_ESCAPES.test(raw)) return undefined;
  // An unescaped quote inside would end the string early in YAML: leave that to the parser.
  const inner = raw.slice(1, -1);
  if (/(?:^|[^\\])(?:\\\\)*"/.test(inner)) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

function readSingleQuoted(raw: string): string | undefined {
  if (raw.length < 2 || !raw.endsWith("'")) return undefined;
  const inner = raw.slice(1, -1);
  // Inside single quotes only '' has a meaning (one quote); a lone ' would end the string.
  if (/'(?!')/.test(inner.replaceAll("''", ""))) return undefined;
  return inner.replaceAll("''", "'");
}

function readFlowList(raw: string): unknown[] | undefined {
  if (!raw.endsWith("]")) return undefined;
  const inner = raw.slice(1, -1).trim();
  if (inner === "") return [];
  const items: unknown[] = [];
  for (const part of inner.split(",")) {
    const item = part.trim();
    const value =
      item.startsWith('"') || item.startsWith("'")
        ? readScalar(item)
        : plainString(item, FLOW_PLAIN);
    if (value === undefined) return undefined;
    items.push(value);
  }
  return items;
}
