import { detachedCopy } from "./detached-copy.ts";
import { LINKED_ID_LIMIT, LinkedRows } from "./linked-rows.ts";
import { readDumpRows, type ReadProgress } from "./xml-rows.ts";

/** The LinkTypeIds of "PostId is a duplicate of RelatedPostId" and "PostId links to it". */
const DUPLICATE_LINK = "3";
const LINKED = "1";

/**
 * The duplicate and linked rows of PostLinks.xml: small enough to hold, whatever Posts.xml's
 * size (the linked rows in 8 bytes each).
 */
export interface PostLinks {
  /** Every row of PostLinks.xml, of any type. */
  rows: number;
  /** The LinkTypeId 3 rows. */
  duplicateRows: number;
  /** RelatedPostIds (originals) by PostId (the duplicate), each list in file order. */
  bySource: Map<string, string[]>;
  /** The LinkTypeId 1 rows. */
  linkedRows: number;
  /** The usable ones, grouped by PostId. */
  linked: LinkedRows;
  /** Rows that cannot be followed as they are: a link to itself, an id that is not a number. */
  unusable: { line: number; reason: string }[];
}

export function noPostLinks(): PostLinks {
  return {
    rows: 0,
    duplicateRows: 0,
    bySource: new Map(),
    linkedRows: 0,
    linked: new LinkedRows(),
    unusable: [],
  };
}

/** Reads the LinkTypeId 3 (duplicate) and 1 (linked) rows of a PostLinks.xml. */
export async function readPostLinks(
  file: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<PostLinks> {
  const links = noPostLinks();
  const { rows } = await readDumpRows(
    file,
    "postlinks",
    ({ attributes, line }) => {
      const type = attributes["LinkTypeId"];
      if (type === DUPLICATE_LINK) links.duplicateRows++;
      else if (type === LINKED) links.linkedRows++;
      else return;
      const source = attributes["PostId"];
      const target = attributes["RelatedPostId"];
      const unusable = (reason: string) => links.unusable.push(detachedCopy({ line, reason }));
      if (source === undefined || target === undefined || !isId(source) || !isId(target)) {
        unusable(
          `PostId ${JSON.stringify(source ?? null)} and RelatedPostId ${JSON.stringify(target ?? null)} must both be post ids`,
        );
      } else if (source === target) {
        unusable(`links post ${source} to itself`);
      } else if (type === LINKED) {
        if (!links.linked.add(source, target)) {
          unusable(`links post ${source} to ${target}; ids above ${LINKED_ID_LIMIT} are not kept`);
        }
      } else {
        const targets = links.bySource.get(source);
        if (targets === undefined) links.bySource.set(detachedCopy(source), [detachedCopy(target)]);
        else if (!targets.includes(target)) targets.push(detachedCopy(target));
      }
    },
    onProgress,
  );
  links.rows = rows;
  links.linked.sort();
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
