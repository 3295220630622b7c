import { detachedCopy } from "./detached-copy.ts";
import { readDumpRows, type ReadProgress } from "./xml-rows.ts";

/** The LinkTypeId of "PostId is a duplicate of RelatedPostId". */
const DUPLICATE_LINK = "3";

/** The duplicate links of PostLinks.xml: small enough to hold, whatever Posts.xml's size. */
export interface DuplicateLinks {
  /** Every row of PostLinks.xml, of any type. */
  rows: number;
  /** The LinkTypeId 3 rows. */
  duplicateRows: number;
  /** RelatedPostIds (originals) by PostId (the duplicate), each list in file order. */
  bySource: Map<string, string[]>;
  /** Rows that cannot be followed as they are: a link to itself, an id that is not a number. */
  unusable: { line: number; reason: string }[];
}

export function noDuplicateLinks(): DuplicateLinks {
  return { rows: 0, duplicateRows: 0, bySource: new Map(), unusable: [] };
}

/** Reads the LinkTypeId 3 rows of a PostLinks.xml. */
export async function readDuplicateLinks(
  file: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<DuplicateLinks> {
  const links = noDuplicateLinks();
  const { rows } = await readDumpRows(
    file,
    "postlinks",
    ({ attributes, line }) => {
      if (attributes["LinkTypeId"] !== DUPLICATE_LINK) return;
      links.duplicateRows++;
      const source = attributes["PostId"];
      const target = attributes["RelatedPostId"];
      if (source === undefined || target === undefined || !isId(source) || !isId(target)) {
        links.unusable.push(
          detachedCopy({
            line,
            reason: `PostId ${JSON.stringify(source ?? null)} and RelatedPostId ${JSON.stringify(target ?? null)} must both be post ids`,
          }),
        );
      } else if (source === target) {
        links.unusable.push(detachedCopy({ line, reason: `links post ${source} to itself` }));
      } else {
        const targets = links.bySource.get(source);
        if (targets === undefined) links.bySource.set(detachedCopy(source), [detachedCopy(target)]);
        else if (!targets.includes(target)) targets.push(detachedCopy(target));
      }
    },
    onProgress,
  );
  links.rows = rows;
  return links;
}

/** Post ids are positive whole numbers, written without leading zeros. */
export function isId(text: string): boolean {
  return /^[1-9]\d*$/.test(text);
}

/** Numeric order for ids (as text, "10" would sort before "9"). */
export function byId(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
