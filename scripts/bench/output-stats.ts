import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { listingLines } from "../common/listing-lines.ts";

/** What a build wrote. */
export interface OutputStats {
  /** Every file under the output folder (HTML, CSS, headers, icons). */
  bytes: number;
  /** The listing pages: every .html file except 404.html. */
  listingPages: string[];
  listingBytes: number;
  /** `<article` elements over the listing pages: one per question. */
  entries: number;
}

/** The size of everything a build wrote, and the entries of its listing pages. */
export function outputStats(outDir: string): OutputStats {
  const stats: OutputStats = { bytes: 0, listingPages: [], listingBytes: 0, entries: 0 };
  for (const file of filesUnder(outDir)) {
    const size = statSync(file).size;
    stats.bytes += size;
    const name = relative(outDir, file);
    if (!name.endsWith(".html") || name === "404.html") continue;
    // The listing may one day be split into pages: count over all of them.
    stats.listingPages.push(name);
    stats.listingBytes += size;
    stats.entries += readFileSync(file, "utf8").match(/<article\b/g)?.length ?? 0;
  }
  return stats;
}

/**
 * The UTF-8 bytes of the text a reader sees for the entries (title, tags and excerpt lines of
 * `<main>`, the page heading left out), summed over the listing pages.
 */
export function visibleTextBytes(outDir: string, pages: string[]): number {
  let bytes = 0;
  for (const page of pages) {
    const [, ...entryLines] = listingLines(readFileSync(join(outDir, page), "utf8"));
    for (const line of entryLines) bytes += Buffer.byteLength(line);
  }
  return bytes;
}

/** Whether `text` appears in one of the listing pages. */
export function listingContains(outDir: string, pages: string[], text: string): boolean {
  return pages.some((page) => readFileSync(join(outDir, page), "utf8").includes(text));
}

/**
 * The entry count of ../shared/bench/check-output.mjs, the peers' counter, or undefined when it
 * cannot run. It counts bare `<article>` tags (the peers' markup), so it can differ from ours.
 */
export function checkOutputEntries(
  checkOutputScript: string,
  indexHtml: string,
): number | undefined {
  if (!existsSync(checkOutputScript) || !existsSync(indexHtml)) return undefined;
  const child = spawnSync(process.execPath, [checkOutputScript, indexHtml], { encoding: "utf8" });
  const match = /^entries (\d+)/m.exec(child.stdout ?? "");
  return match ? Number(match[1]) : undefined;
}

function* filesUnder(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}
