import { communitySchema } from "../../src/schemas/community.ts";
import { readCommunityFile } from "../../src/core/community-file.ts";
import { stringify } from "yaml";
import type { FieldProblem } from "./question-file.ts";

/**
 * `community.yaml`: the name and the attribution, both double-quoted, under comments that say
 * where the content came from and repeat the credit for anyone reading the file. Dump bodies
 * are HTML through and through, so the site is told to read them as HTML (`bodyFormat`).
 * `math` is written only for a site that uses TeX (`math: tex`); off is the default. `pageSize`
 * only when the listing is paged; left out, one page holds every question. `origin`: the site
 * the posts came from, whose links between posts can then lead to the archive's own pages.
 */
export function renderCommunityFile(
  name: string,
  attribution: string,
  source: string,
  math = false,
  pageSize?: number,
  origin?: string,
): string {
  const yaml = stringify(
    {
      name,
      ...(origin !== undefined && { origin }),
      bodyFormat: "html",
      ...(math && { math: "tex" }),
      ...(pageSize !== undefined && { pageSize }),
      attribution,
    },
    { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN", lineWidth: 0 },
  );
  return `# ${source}\n# ${attribution}\n${yaml}`;
}

/** Why the build would reject this community.yaml, read back by the build's own reader. */
export function communityFileProblems(text: string): FieldProblem[] {
  return (readCommunityFile(text).problems ?? []).map(({ field, reason }) => ({
    field: field ?? "community.yaml",
    reason,
  }));
}

/** Checks a --name before the import starts; the reason, or undefined when it is fine. */
export function nameProblem(name: string): string | undefined {
  const result = communitySchema.shape.name.safeParse(name);
  return result.success ? undefined : result.error.issues[0]?.message;
}
