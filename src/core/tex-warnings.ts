import type { TexLeft } from "../lib/body-html.ts";
import type { FolderFiles } from "./folder.ts";

/**
 * One line per formula a build shows as its TeX source because the typesetter could not read
 * it (`math: tex`): the file, the formula as written, and why. They are warnings, not problems:
 * the page still shows the formula, as its source, and the build goes on. A line is whole, so a
 * formula's line breaks are written `\n`.
 */
export function texWarnings(
  ...folders: readonly FolderFiles<{ texLeft?: TexLeft[] | undefined }>[]
): string[] {
  const lines: string[] = [];
  for (const { entries, fileOfId } of folders) {
    for (const id of entries.keys()) {
      for (const { source, reason } of entries.get(id)?.texLeft ?? []) {
        lines.push(
          `[math] ${fileOfId.get(id) ?? id}: left as TeX source: ${JSON.stringify(source)} (${reason}); fix the TeX in the post, or set math: off`,
        );
      }
    }
  }
  return lines;
}
