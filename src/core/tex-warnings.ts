import type { TexLeft } from "../lib/body-html.ts";
import { fileOf, type EntryShelf } from "./folder.ts";

/**
 * One line per formula a build shows as its TeX source because the typesetter could not read
 * it (`math: tex`): the file, the formula as written, and what the typesetter did not
 * understand, a folder after the other, each in file order. No advice to fix the post: what
 * Temml lacks, the live sites' MathJax may read. `texLeftOf` holds the formulas left by id, as the entries were taken for their
 * pages (`assembleContent`): reading every entry again for them was a second of a
 * 100,000-question rebuild. They are warnings, not problems: the page still shows the
 * formula, as its source, and the build goes on. A line is whole, so a formula's line breaks
 * are written `\n`.
 */
export function texWarnings(
  ...folders: readonly {
    fileOfId: EntryShelf<string>;
    texLeftOf: ReadonlyMap<string, readonly TexLeft[]>;
  }[]
): string[] {
  const lines: string[] = [];
  for (const { fileOfId, texLeftOf } of folders) {
    if (texLeftOf.size === 0) continue;
    for (const id of fileOfId.keys()) {
      const left = texLeftOf.get(id);
      if (left === undefined) continue;
      const file = fileOf(fileOfId, id);
      for (const { source, reason } of left) {
        lines.push(`[math] ${file}: left as TeX source: ${JSON.stringify(source)} (${reason})`);
      }
    }
  }
  return lines;
}
