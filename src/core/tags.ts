import type { TagSummary } from "./page-data.ts";

/**
 * Every tag the questions use, with how many carry it: most used first, then by name (plain
 * string order), as Stack Exchange's tags page lists them.
 */
export function tagIndex(questions: readonly { tags: readonly string[] }[]): TagSummary[] {
  const counts = new Map<string, number>();
  for (const { tags } of questions) {
    for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}

/**
 * The questions of each tag, in the order given (the listing's), by tag: one pass, so a tag
 * page never filters the whole listing again.
 */
export function questionsByTag<Question extends { tags: readonly string[] }>(
  questions: readonly Question[],
): Map<string, Question[]> {
  const byTag = new Map<string, Question[]>();
  for (const question of questions) {
    for (const tag of question.tags) {
      const tagged = byTag.get(tag);
      if (tagged === undefined) byTag.set(tag, [question]);
      else tagged.push(question);
    }
  }
  return byTag;
}
