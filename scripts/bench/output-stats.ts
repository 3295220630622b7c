import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { htmlToText } from "../../src/lib/html-text.ts";
import { collapseWhitespace } from "../../src/lib/whitespace.ts";
import { listingLines } from "../common/listing-lines.ts";

/** What a build wrote. */
export interface OutputStats {
  /** Every file under the output folder (HTML, CSS, headers, icons). */
  bytes: number;
  /** How many files that is. */
  files: number;
  /** How many of them are HTML pages (404.html among them). */
  htmlPages: number;
  /** The listing pages: `index.html`, and `page/<n>/index.html` when the listing is paged. */
  listingPages: string[];
  listingBytes: number;
  /** `<article` elements over the listing pages: one per question. */
  entries: number;
  /** The ids of the question pages written, `questions/<id>/index.html`, in path order. */
  questionPages: string[];
  questionPageBytes: number;
}

/** The pages of a build, by their paths relative to its output folder (`/`-separated). */
export interface OutputPages {
  listingPages: string[];
  /** Question ids. */
  questionPages: string[];
}

const LISTING_PAGE = /^(?:page\/[1-9]\d*\/)?index\.html$/;
const QUESTION_PAGE = /^questions\/([^/]+)\/index\.html$/;

/**
 * Which files are listing pages (the root `index.html` and `page/<n>/index.html`, as
 * src/lib/pagination.ts names them) and which are question pages (`questions/<id>/index.html`);
 * anything else (404.html, CSS, icons) is neither.
 */
export function classifyPages(paths: Iterable<string>): OutputPages {
  const pages: OutputPages = { listingPages: [], questionPages: [] };
  for (const path of paths) {
    if (LISTING_PAGE.test(path)) pages.listingPages.push(path);
    const question = QUESTION_PAGE.exec(path)?.[1];
    if (question !== undefined) pages.questionPages.push(question);
  }
  return pages;
}

/** The size of everything a build wrote, its pages, and the entries of its listing pages. */
export function outputStats(outDir: string): OutputStats {
  const sizes = new Map<string, number>();
  for (const file of filesUnder(outDir)) {
    sizes.set(relative(outDir, file).split(sep).join("/"), statSync(file).size);
  }
  const { listingPages, questionPages } = classifyPages([...sizes.keys()].sort());
  const sizeOf = (path: string): number => sizes.get(path) ?? 0;
  return {
    bytes: [...sizes.values()].reduce((sum, size) => sum + size, 0),
    files: sizes.size,
    htmlPages: [...sizes.keys()].filter((path) => path.endsWith(".html")).length,
    listingPages,
    listingBytes: listingPages.reduce((sum, page) => sum + sizeOf(page), 0),
    // The listing may be split into pages: count over all of them.
    entries: listingPages.reduce(
      (sum, page) =>
        sum + (readFileSync(join(outDir, page), "utf8").match(/<article\b/g)?.length ?? 0),
      0,
    ),
    questionPages,
    questionPageBytes: questionPages.reduce((sum, id) => sum + sizeOf(questionPagePath(id)), 0),
  };
}

/** Where a question's page is written, relative to the output folder. */
export const questionPagePath = (id: string): string => `questions/${id}/index.html`;

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
 * What is wrong with a build of a corpus whose questions are `questionIds`: a question without
 * a page, a page for no question, a listing that does not hold every question. Empty when the
 * build is whole.
 */
export function checkPages(
  questionIds: readonly string[],
  output: Pick<OutputStats, "questionPages" | "entries">,
): string[] {
  const problems: string[] = [];
  const written = new Set(output.questionPages);
  const asked = new Set(questionIds);
  const missing = questionIds.filter((id) => !written.has(id));
  const stray = output.questionPages.filter((id) => !asked.has(id));
  if (missing.length > 0) {
    problems.push(
      `${missing.length} of ${questionIds.length} questions have no page (first: ${missing[0]})`,
    );
  }
  if (stray.length > 0) {
    problems.push(`${stray.length} question pages for no question (first: ${stray[0]})`);
  }
  if (output.entries !== questionIds.length) {
    problems.push(`the listing has ${output.entries} entries for ${questionIds.length} questions`);
  }
  return problems;
}

/**
 * The text a reader sees in a page's `<main>`: its HTML as plain text, whitespace collapsed as a
 * browser shows it. Empty without a `<main>`.
 */
export function mainText(html: string): string {
  const start = html.indexOf("<main");
  const end = html.lastIndexOf("</main>");
  if (start < 0 || end < start) return "";
  return collapseWhitespace(htmlToText(html.slice(start, end + "</main>".length)));
}

/** The UTF-8 bytes of the `<main>` text of the question pages `ids`, summed. */
export function questionPagesTextBytes(outDir: string, ids: readonly string[]): number {
  let bytes = 0;
  for (const id of ids) {
    bytes += Buffer.byteLength(mainText(readFileSync(join(outDir, questionPagePath(id)), "utf8")));
  }
  return bytes;
}

/** Whether `text` appears on the page of question `id`; false when it has none. */
export function questionPageContains(outDir: string, id: string, text: string): boolean {
  const page = join(outDir, questionPagePath(id));
  return existsSync(page) && readFileSync(page, "utf8").includes(text);
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
