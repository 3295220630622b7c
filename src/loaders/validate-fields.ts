import type { z } from "zod";
import { unknownFieldReason } from "../schemas/fields.ts";
import { fieldPath, type ContentProblem } from "../lib/problems.ts";

/**
 * Validates a file's fields with its schema, turning every issue into a problem (one per
 * unknown field); undefined when any failed.
 */
export function validateFields<Schema extends z.ZodType>(
  schema: Schema,
  data: Record<string, unknown>,
  file: string,
  problems: ContentProblem[],
  fieldsOf: string,
): z.output<Schema> | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      const known = Object.keys((schema as unknown as { shape?: object }).shape ?? {});
      for (const key of issue.keys) {
        problems.push({ file, field: key, reason: unknownFieldReason(fieldsOf, known) });
      }
    } else {
      problems.push({ file, field: fieldPath(issue.path), reason: issue.message });
    }
  }
  return undefined;
}
