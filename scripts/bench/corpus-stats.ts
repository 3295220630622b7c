import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { readFlatYaml } from "../../src/lib/flat-yaml.ts";
import { splitFrontmatter } from "../../src/lib/frontmatter.ts";

/** What a generated content folder holds, for --pages: what the builds must write, and weigh. */
export interface CorpusStats {
  /** Question ids, from the file names: each must get a page. */
  questionIds: string[];
  questionBytes: number;
  answers: number;
  answerBytes: number;
  /** Distinct tags: the peers' --pages builds write a page for each. */
  tags: number;
}

/** Reads every question and answer file of `contentDir` (not timed). */
export function corpusStats(contentDir: string): CorpusStats {
  const tags = new Set<string>();
  const stats: CorpusStats = {
    questionIds: [],
    questionBytes: 0,
    answers: 0,
    answerBytes: 0,
    tags: 0,
  };
  for (const name of markdownFiles(join(contentDir, "questions"))) {
    const text = readFileSync(join(contentDir, "questions", name), "utf8");
    stats.questionIds.push(name.slice(0, -".md".length));
    stats.questionBytes += Buffer.byteLength(text);
    for (const tag of questionTags(text)) tags.add(tag);
  }
  for (const name of markdownFiles(join(contentDir, "answers"))) {
    stats.answers++;
    stats.answerBytes += statSync(join(contentDir, "answers", name)).size;
  }
  stats.tags = tags.size;
  return stats;
}

/** The `tags` of a question file's frontmatter; none when it has no readable list of them. */
export function questionTags(text: string): string[] {
  const yaml = splitFrontmatter(text)?.yaml;
  if (yaml === undefined) return [];
  let fields: unknown;
  try {
    fields = readFlatYaml(yaml) ?? parse(yaml);
  } catch {
    return [];
  }
  const tags = (fields as { tags?: unknown } | null)?.tags;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === "string") : [];
}

/** The `.md` files of a folder, sorted; none when there is no such folder (no answers). */
function markdownFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .sort();
}
