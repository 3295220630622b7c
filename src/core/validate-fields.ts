import type { z } from "zod";
import { unknownFieldReason } from "../schemas/fields.ts";
import { fieldPath } from "../lib/problems.ts";
import type { FileProblem } from "./folder.ts";

/**
 * Validates a file's fields with its schema, adding every issue to `problems` (one per unknown
 * field); undefined when any failed.
 */
export function validateFields<Schema extends z.ZodType>(
  schema: Schema,
  data: Record<string, unknown>,
  fieldsOf: string,
  problems: FileProblem[],
): z.output<Schema> | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys" && issue.path.length > 0) {
      // A list's item with fields of its own (a comment): its schema's message is the reason.
      for (const key of issue.keys) {
        problems.push({ field: fieldPath([...issue.path, key]), reason: issue.message });
      }
    } else if (issue.code === "unrecognized_keys") {
      const known = Object.keys((schema as unknown as { shape?: object }).shape ?? {});
      for (const key of issue.keys) {
        problems.push({ field: key, reason: unknownFieldReason(fieldsOf, known) });
      }
    } else {
      problems.push({ field: fieldPath(issue.path), reason: issue.message });
    }
  }
  return undefined;
}
