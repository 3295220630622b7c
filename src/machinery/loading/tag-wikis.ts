import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { ContentProblem } from "../../lib/problems.ts";
import { encodingProblem } from "../../core/file-bytes.ts";
import {
  readTagWikiFile,
  tagOfWikiFile,
  type TagWikiReading,
  type TagWikiSettings,
} from "../../core/tag-wiki-file.ts";
import { TAG_WIKIS_FOLDER, type TagWikiEntry } from "../../schemas/tag-wiki.ts";

/**
 * The content's `tags/`, each file read on this thread and every time: wikis are few (Stack
 * Overflow has some 65,000 tags), so they need neither the entry cache nor the reading threads.
 * Without the folder, no wikis. Names starting with "." are skipped, as in questions/, but a
 * `.md` one is a problem: `.net.md` is a wiki that would otherwise vanish.
 */
export function readTagWikis(
  contentDir: string,
  settings: TagWikiSettings,
  displayFrom = process.cwd(),
): TagWikiReading {
  const folder = join(contentDir, TAG_WIKIS_FOLDER);
  const reading = { entries: [] as TagWikiEntry[], problems: [] as ContentProblem[] };
  if (!existsSync(folder)) return reading;
  const names = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const dirent of names) {
    const { name } = dirent;
    if (name.startsWith(".") && !name.endsWith(".md")) continue;
    const path = join(folder, name);
    const file = relative(displayFrom, path) || path;
    const named = dirent.isFile()
      ? tagOfWikiFile(name)
      : { reason: `is not a file; tag wikis are read only from files directly in tags/` };
    if ("reason" in named) {
      reading.problems.push({ file, reason: named.reason });
      continue;
    }
    const bytes = readFileSync(path);
    const badByte = encodingProblem(bytes);
    if (badByte !== undefined) {
      reading.problems.push({ file, ...badByte });
      continue;
    }
    const read = readTagWikiFile(bytes.toString("utf8"), file, named.tag, settings);
    if ("entry" in read) reading.entries.push(read.entry);
    else reading.problems.push(...read.problems.map((problem) => ({ file, ...problem })));
  }
  return reading;
}
