import { communitySchema } from "../../src/schemas/community.ts";
import { readCommunityFile } from "../../src/core/community-file.ts";
import { stringify } from "yaml";
import type { FieldProblem } from "./question-file.ts";

/** What the importer decided for community.yaml. */
export interface CommunitySettings {
  name: string;
  /** The credit shown below the listing. */
  attribution: string;
  /** Where the content came from, for the comment at the file's top. */
  source: string;
  math?: boolean;
  pageSize?: number | undefined;
  origin?: string;
  /** The licences the posts name, for a ZIM's License. */
  license?: string;
}

/**
 * `community.yaml`: the name and the attribution, both double-quoted, under comments that say
 * where the content came from and repeat the credit for anyone reading the file. Dump bodies
 * are HTML through and through, so the site is told to read them as HTML (`bodyFormat`).
 * `math` is written only for a site that uses TeX (`math: tex`); off is the default. `pageSize`
 * only when the listing is paged; left out, one page holds every question. `origin`: the site
 * the posts came from, whose links between posts can then lead to the archive's own pages.
 * `license`: the licences its posts name, which `npm run zim` writes into the ZIM file.
 */
export function renderCommunityFile(settings: CommunitySettings): string {
  const { name, attribution, source, math = false, pageSize, origin, license } = settings;
  const yaml = stringify(
    {
      name,
      ...(origin !== undefined && { origin }),
      bodyFormat: "html",
      ...(math && { math: "tex" }),
      ...(answersByScoreAlone(origin) && { answerOrder: "score" }),
      ...(pageSize !== undefined && { pageSize }),
      ...(license !== undefined && license !== "" && { license }),
      attribution,
    },
    { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN", lineWidth: 0 },
  );
  return `# ${source}\n# ${attribution}\n${yaml}`;
}

/**
 * Whether the site orders its answers by score alone: Stack Overflow has since 2021, no longer
 * pinning the accepted answer above higher-scored ones; the other sites still pin it.
 */
function answersByScoreAlone(origin: string | undefined): boolean {
  return origin !== undefined && new URL(origin).host === "stackoverflow.com";
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
