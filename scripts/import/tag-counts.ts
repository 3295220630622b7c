import { detachedCopy } from "./detached-copy.ts";
import { readDumpRows, type ReadProgress } from "./xml-rows.ts";

export interface TagCountCheck {
  /** Tags named in Tags.xml. */
  tags: number;
  /** Tags whose question count in Posts.xml is not Tags.xml's `Count` (null: not listed there). */
  mismatches: { tag: string; tagsXml: number | null; posts: number }[];
}

/**
 * Cross-checks Posts.xml against Tags.xml: each tag's `Count` is the number of questions that
 * carry it, so a difference means question rows are missing or damaged. Cheap, since tags are
 * few, and it catches a Posts.xml that is not the whole dump.
 */
export async function checkTagCounts(
  file: string,
  postsCounts: ReadonlyMap<string, number>,
  onProgress?: (progress: ReadProgress) => void,
): Promise<TagCountCheck> {
  const listed = new Map<string, number>();
  await readDumpRows(
    file,
    "tags",
    ({ attributes }) => {
      const name = attributes["TagName"];
      if (name !== undefined) listed.set(detachedCopy(name), Number(attributes["Count"] ?? "0"));
    },
    onProgress,
  );
  const mismatches: TagCountCheck["mismatches"] = [];
  for (const [tag, count] of listed) {
    const posts = postsCounts.get(tag) ?? 0;
    if (posts !== count) mismatches.push({ tag, tagsXml: count, posts });
  }
  for (const [tag, posts] of postsCounts) {
    if (!listed.has(tag)) mismatches.push({ tag, tagsXml: null, posts });
  }
  mismatches.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  return { tags: listed.size, mismatches };
}
