import { communitySchema, type Community } from "../schemas/community.ts";
import { parseYamlFields } from "../lib/yaml-fields.ts";
import type { FileProblem } from "./folder.ts";
import { validateFields } from "./validate-fields.ts";

/**
 * `community.yaml` read and checked: its text in (undefined when there is no such file), the
 * community or every problem out.
 */
export function readCommunityFile(
  text: string | undefined,
): { community: Community; problems?: undefined } | { problems: FileProblem[] } {
  if (text === undefined) {
    return {
      problems: [
        {
          reason:
            'is missing; create it with the community\'s name, such as: name: "Homelab & Self-Hosting"',
        },
      ],
    };
  }
  const parsed = parseYamlFields(text.replace(/^\uFEFF/, ""));
  if (!parsed.ok) return { problems: [{ reason: parsed.reason }] };
  const problems: FileProblem[] = [];
  const community = validateFields(communitySchema, parsed.fields, "of community.yaml", problems);
  return community === undefined ? { problems } : { community };
}
