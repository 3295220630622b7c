import type { z } from "zod";
import { opensFrontmatter, splitFrontmatter } from "../lib/frontmatter.ts";
import { parseYamlFields } from "../lib/yaml-fields.ts";
import type { FileProblem } from "./folder.ts";
import { validateFields } from "./validate-fields.ts";

/** What reading a `---` frontmatter file came to, before its reader derives its entry. */
export type FrontmatterFile<Schema extends z.ZodType> =
  /** No frontmatter, or not YAML fields: nothing more can be read of the file. */
  | { unread: FileProblem }
  | {
      /** The fields as YAML read them, for what a file with problems still says. */
      fields: Record<string, unknown>;
      /** The fields as the schema checked them; undefined when any failed. */
      frontmatter: z.output<Schema> | undefined;
      problems: FileProblem[];
      body: string;
    };

/**
 * A content file's frontmatter read and checked against `schema`, and its body. `fieldsOf`
 * names the file's kind in messages ("of a question"), `firstFields` the fields that open one.
 */
export function readFrontmatterFile<Schema extends z.ZodType>(
  text: string,
  schema: Schema,
  fieldsOf: string,
  firstFields: string,
): FrontmatterFile<Schema> {
  const split = splitFrontmatter(text);
  if (!split) {
    return {
      unread: {
        field: "frontmatter",
        reason: opensFrontmatter(text)
          ? `has no closing line ---; the file's first line --- opens the fields (${firstFields}, ...), so add a line --- after the last of them, before the body`
          : `is missing; start the file with a line ---, then the fields (${firstFields}, ...), then a line ---`,
      },
    };
  }
  const parsed = parseYamlFields(split.yaml, split.yamlFirstLine);
  if (!parsed.ok) return { unread: { field: "frontmatter", reason: parsed.reason } };
  const problems: FileProblem[] = [];
  const frontmatter = validateFields(schema, parsed.fields, fieldsOf, problems);
  return { fields: parsed.fields, frontmatter, problems, body: split.body };
}
