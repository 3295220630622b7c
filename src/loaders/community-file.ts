import { existsSync, readFileSync } from "node:fs";
import { communitySchema, type Community } from "../schemas/community.ts";
import { parseYamlFields } from "../lib/yaml-fields.ts";
import type { ContentProblem } from "../lib/problems.ts";
import { validateFields } from "./validate-fields.ts";

// community.yaml on its own, apart from the questions' code, which the community loader does
// not need.

/** The community in `path`, its problems added to `problems` under the name `file`. */
export function readCommunity(
  path: string,
  file: string,
  problems: ContentProblem[],
): Community | undefined {
  if (!existsSync(path)) {
    problems.push({
      file,
      reason:
        'is missing; create it with the community\'s name, such as: name: "Homelab & Self-Hosting"',
    });
    return undefined;
  }
  const parsed = parseYamlFields(readFileSync(path, "utf8").replace(/^\uFEFF/, ""));
  if (!parsed.ok) {
    problems.push({ file, reason: parsed.reason });
    return undefined;
  }
  return validateFields(communitySchema, parsed.fields, file, problems, "of community.yaml");
}
