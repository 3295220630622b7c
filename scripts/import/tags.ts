import { readFileSync } from "node:fs";
import { parseDocument } from "yaml";
import { TAG_PATTERN } from "../../src/schemas/question.ts";
import { UsageError } from "../common/usage-error.ts";

export type SplitTags = { ok: true; tags: string[] } | { ok: false; reason: string };

/**
 * The tags of a Posts.xml `Tags` attribute, in both of its forms: `<a><b>` (the XML parser has
 * already decoded `&lt;a&gt;`) in dumps up to 2023, and `|a|b|` since 2024. Missing or empty
 * means no tags, which the question schema then reports.
 */
export function splitDumpTags(raw: string | undefined): SplitTags {
  if (raw === undefined || raw === "") return { ok: true, tags: [] };
  if (/^(?:<[^<>]+>)+$/.test(raw)) return { ok: true, tags: raw.slice(1, -1).split("><") };
  if (/^\|(?:[^|]+\|)+$/.test(raw)) return { ok: true, tags: raw.slice(1, -1).split("|") };
  return {
    ok: false,
    reason: `${JSON.stringify(raw)} is neither of the dump forms <a><b> and |a|b|; the dump is damaged, so fix this row's Tags`,
  };
}

/** How dump tags become our tags: explicit entries first, then (unless strict) the rule. */
export interface TagPolicy {
  /** From `--tag-map`: dump tag -> tag. */
  map: ReadonlyMap<string, string>;
  /** Apply `tagByRule` to tags outside our format that the map does not name. */
  rule: boolean;
}

export type MappedTag =
  { ok: true; tag: string; by: "kept" | "tag map" | "rule" } | { ok: false; reason: string };

/** One dump tag under the policy. `by` says whether, and how, it was changed. */
export function mapTag(tag: string, policy: TagPolicy): MappedTag {
  const mapped = policy.map.get(tag);
  if (mapped !== undefined) return { ok: true, tag: mapped, by: "tag map" };
  if (TAG_PATTERN.test(tag)) return { ok: true, tag, by: "kept" };
  if (!policy.rule) {
    return {
      ok: false,
      reason: `${JSON.stringify(tag)} is not in our tag format (lower-case letters, digits, "." and "-"), and --strict-tags is on; map it in a --tag-map file, such as ${JSON.stringify({ [tag]: suggestion(tag) })}`,
    };
  }
  const ruled = tagByRule(tag);
  if (ruled === "") {
    return {
      ok: false,
      reason: `${JSON.stringify(tag)} has no letters or digits the tag rule can keep; map it in a --tag-map file, such as {${JSON.stringify(tag)}: "my-tag"}`,
    };
  }
  return { ok: true, tag: ruled, by: "rule" };
}

/**
 * The automatic rule (documented in --help and scripts/import.md): accents removed, lower-cased,
 * `#` -> `sharp`, `+` -> `p`, any other run of characters outside `a-z 0-9 . -` -> `-`, `-`
 * trimmed from the ends. "" when nothing is left.
 */
export function tagByRule(tag: string): string {
  return tag
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replaceAll("#", "sharp")
    .replaceAll("+", "p")
    .replace(/[^a-z0-9.-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function suggestion(tag: string): string {
  return tagByRule(tag) || "my-tag";
}

/**
 * Reads a `--tag-map` file: one YAML (or JSON, which is YAML) mapping from dump tag to tag.
 * Every target must be in our tag format; any mistake is a usage error naming the entry.
 */
export function readTagMapFile(path: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(path, "utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    throw new UsageError(
      `--tag-map ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); check the path`,
    );
  }
  const doc = parseDocument(text, { schema: "core", uniqueKeys: true, prettyErrors: false });
  const [error] = doc.errors;
  if (error) {
    throw new UsageError(
      `--tag-map ${path} is not valid YAML or JSON at line ${error.linePos?.[0].line ?? 1}: ${error.message.split("\n")[0] ?? ""}`,
    );
  }
  const value: unknown = doc.toJS();
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new UsageError(
      `--tag-map ${path} must be a mapping from dump tag to tag, such as {"c#": "csharp", "c++": "cpp"}`,
    );
  }
  const map = new Map<string, string>();
  const wrong: string[] = [];
  for (const [from, to] of Object.entries(value)) {
    if (typeof to === "string" && TAG_PATTERN.test(to)) map.set(from, to);
    else wrong.push(`${JSON.stringify(from)}: ${JSON.stringify(to)}`);
  }
  if (wrong.length > 0) {
    throw new UsageError(
      `--tag-map ${path} maps to values that are not tags (use only lower-case letters, digits, "." and "-"): ${wrong.join(", ")}`,
    );
  }
  return map;
}
