import { hash } from "node:crypto";
import {
  type Dirent,
  existsSync,
  opendirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { join } from "node:path";
import { writeWholeFile } from "../store/whole-file.ts";
import { stateSlot } from "../build-state.ts";
import { OUTPUT_LOCK_FILE, outputOwnedSince, recordedAmong } from "./output-files.ts";

/*
 * A rebuild writes only the pages whose inputs changed. Astro renders every path a route's
 * getStaticPaths returns and, by default, empties the output folder first: at 100,000
 * questions a rebuild after one edit rendered all 102,000 pages again. So the build keeps a
 * record, per output folder, of each page it wrote and a digest of what the page was made of
 * (its props, under a digest of the code and settings that render them); the query module
 * (src/content.ts) leaves out of getStaticPaths every page whose digest is the one recorded
 * and whose file is still there, and the output folder is not emptied (src/integrations/
 * written-pages.ts). Once the build is done, every file it neither wrote nor kept is deleted,
 * so the folder holds what a build into an empty one would.
 *
 * The record is deleted when a build starts and written when it ends: after a failed build
 * the next one writes every page again.
 */

/**
 * The record of one output folder: each page's file (from the folder) and its digest
 * (`DIGEST_BYTES` of it, base64url).
 */
interface WrittenPagesRecord {
  renderKey: string;
  pages: Record<string, string>;
}

/** This build's state, shared by the integration and the pages' bundle (another module copy). */
interface BuildPages {
  outDir: string;
  recordFile: string;
  /** What the last build recorded, when it rendered with the same code and settings. */
  previous: Record<string, string>;
  renderKey: string;
  /** Every page this build wrote or kept, with its digest, a list at a time (`ListedPages`). */
  listed: ListedPages[];
  /** The pages kept as they were. */
  kept: Set<string>;
  /**
   * The files of the output folder when the build started, when a page may be kept: asked of
   * a set, made as a rebuild's main thread walks the folder while the content loads, not of the
   * disk as each page is listed (scripts/bench.md, "Why the constants are what they are").
   */
  existing: ReadonlySet<string>;
  /** When the build started (ms since the epoch): older files were not written by it. */
  startedAt: number;
  /** Whether the output folder was missing or empty when the build started (`pagesAlone`). */
  startedEmpty: boolean;
  /** The project's public folder, whose files Astro copies into the output folder. */
  publicDir: string;
  /** The record of the files the last build that ended well left (`outputFilesRecord`). */
  outputRecord: string;
}

/*
 * The pages a build lists, as `pagesToWrite` was given them, with their digests side by side in
 * one buffer: the record of the pages is made from them when the build ends. Held as each
 * page's file and digest, a record of a million question pages was two strings and a slot of a
 * dictionary a page, some 140 bytes, on Astro's thread from the listing of the pages to the end
 * of the build; the pages themselves are held anyway (the question pages by the query module).
 */
interface ListedPages {
  count: number;
  /** The file of the page at `index` (`fileOf` of the list given). */
  fileAt: (index: number) => string;
  /** `DIGEST_BYTES` a page, in the order of the list given. */
  digests: Buffer;
}

/** The bytes of a page's digest kept: 128 bits of its SHA-1, as many as change detection needs. */
const DIGEST_BYTES = 16;

/** This build's pages, shared by the integration and the page bundle (another module copy). */
const buildPages = stateSlot<BuildPages>("writtenPages");
/** The files the build left in its output folder, for the static host (`FilesLeft`). */
const filesLeft = stateSlot<{ outDir: string } & FilesLeft>("filesLeft");

/** What a build left in its output folder. */
export interface FilesLeft {
  /** Every file, sorted. */
  files: string[];
  /** Those of `files` no build of this project wrote, left as they were. */
  foreign: string[];
  /** Where to record the files the build wrote once it has ended well (`recordOutputFiles`). */
  outputRecord: string;
}

/** Where the record of the output folder `outDir` is kept, in Astro's cache folder. */
export function pageRecordFile(cacheDir: string, outDir: string): string {
  const key = hash("sha1", outDir, "base64url").slice(0, 12);
  return join(cacheDir, "qa-listing", `written-pages-${key}.json`);
}

/**
 * Starts a build's record of its pages. `renderKey` stands for everything besides a page's
 * props that its bytes depend on (the code, the configuration); a different one from the last
 * build's means no page is kept. `publicDir` is the project's public folder; `outputRecord`,
 * the record of the files the last build that ended well left (`outputFilesRecord`).
 */
export function startWrittenPages(
  outDir: string,
  recordFile: string,
  renderKey: string,
  publicDir: string,
  outputRecord: string,
): void {
  let previous: Record<string, string> = {};
  try {
    const record = JSON.parse(readFileSync(recordFile, "utf8")) as WrittenPagesRecord;
    if (record.renderKey === renderKey) previous = record.pages;
  } catch {
    // No record, or not one this build can read: every page is written.
  }
  rmSync(recordFile, { force: true });
  const startedAt = Date.now();
  const mayKeep = Object.keys(previous).length > 0;
  buildPages.set({
    outDir,
    recordFile,
    previous,
    renderKey,
    listed: [],
    kept: new Set(),
    existing: new Set(mayKeep ? filesIn(outDir) : []),
    startedAt,
    startedEmpty: isEmptyFolder(outDir),
    publicDir,
    outputRecord,
  });
}

/** Whether `folder` is missing or holds nothing but the build's lock. */
function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).every((name) => name === OUTPUT_LOCK_FILE);
}

/**
 * The paths a route is to render: those whose page (`fileOf`, from the output folder) was not
 * written from the same props by the last build, or is gone. Outside a build (the dev server)
 * every path. `identity` is what of the props a page's bytes depend on, when props hold more
 * (where a page's data was set apart, say, rather than the data).
 */
export function pathsToWrite<Path extends { props: unknown }>(
  paths: readonly Path[],
  fileOf: (path: Path) => string,
  identity: (props: Path["props"]) => unknown = (props) => props,
): Path[] {
  return pagesToWrite(paths, fileOf, (path) => identity(path.props));
}

/**
 * `pathsToWrite` for pages not yet made into paths (src/machinery/astro/deferred-paths.ts): those of
 * `pages` whose file was not written from the same `identity` by the last build, or is gone.
 */
export function pagesToWrite<Page>(
  pages: readonly Page[],
  fileOf: (page: Page) => string,
  identity: (page: Page) => unknown,
): Page[] {
  const build = buildPages.get();
  if (build === undefined) return [...pages];
  const { previous, listed, kept, renderKey, existing } = build;
  const digests = Buffer.allocUnsafe(pages.length * DIGEST_BYTES);
  listed.push({ count: pages.length, fileAt: (index) => fileOf(pages[index] as Page), digests });
  // A first build has no page to keep: it needs neither the file nor the digest as text.
  const mayKeep = existing.size > 0;
  return pages.filter((page, index) => {
    const digest = hash("sha1", `${renderKey}\0${JSON.stringify(identity(page))}`, "buffer");
    digest.copy(digests, index * DIGEST_BYTES, 0, DIGEST_BYTES);
    if (!mayKeep) return true;
    const file = fileOf(page);
    if (previous[file] !== digestText(digests, index) || !existing.has(file)) return true;
    kept.add(file);
    return false;
  });
}

/** The digest of the page at `index` of a list, as the record holds it. */
function digestText(digests: Buffer, index: number): string {
  return digests.toString("base64url", index * DIGEST_BYTES, (index + 1) * DIGEST_BYTES);
}

/**
 * Writes the record of the pages the build listed (`WrittenPagesRecord`, JSON) to `recordFile`, whole
 * (`writeWholeFile`: a record cut short would only cost the next build its pages kept), and
 * returns their files, in the order listed.
 */
function writeRecord(recordFile: string, renderKey: string, listed: ListedPages[]): string[] {
  const files: string[] = [];
  function* recordPieces(): Generator<string> {
    yield `{"renderKey":${JSON.stringify(renderKey)},"pages":{`;
    for (const { count, fileAt, digests } of listed) {
      for (let index = 0; index < count; index++) {
        const file = fileAt(index);
        yield `${files.length === 0 ? "" : ","}${JSON.stringify(file)}:"${digestText(digests, index)}"`;
        files.push(file);
      }
    }
    yield "}}";
  }
  writeWholeFile(recordFile, recordPieces());
  return files;
}

/**
 * Ends the build's record: writes it, then deletes every file of the output folder the build
 * neither wrote nor kept and that a build of this project wrote (`deleteLeftBehind`), and the
 * folders left empty. Returns how many pages were kept, how many of earlier builds deleted,
 * and the files no build wrote, left as they were. The files left are kept for
 * `takeFilesLeft`: this is the one walk of the output folder a build makes. In a build into
 * an empty folder every file belongs to the build, and the walk does not read the folders
 * that hold a page alone (`pagesAlone`).
 */
export function finishWrittenPages():
  { kept: number; deleted: number; foreign: string[] } | undefined {
  const build = buildPages.get();
  if (build === undefined) return undefined;
  buildPages.set(undefined);
  const { outDir, kept, startedAt, startedEmpty } = build;
  const listedFiles = writeRecord(build.recordFile, build.renderKey, build.listed);
  const alone = startedEmpty
    ? pagesAlone(listedFiles, filesIn(build.publicDir))
    : new Set<string>();
  // A page of this build (listed) was written or kept by it: only the other files need a
  // `stat`, which at 100,000 pages cost more than the walk.
  const listedSet = startedEmpty ? new Set<string>() : new Set(listedFiles);
  // Held by the set or by nothing now; at a million pages the list alone is 8 MB.
  listedFiles.length = 0;
  const belongs = (file: string) => listedSet.has(file) || kept.has(file.replace(/\.(br|gz)$/, ""));
  // The pages alone in their folders are listed as the routes gave them, not made again.
  const files = [...alone];
  const others = new Map<string, number>();
  const emptyFolders = walkOutput(outDir, alone, (file, path) => {
    const written = startedEmpty || belongs(file) ? startedAt : statSync(path).mtimeMs;
    if (written >= startedAt) files.push(file);
    else others.set(file, written);
  });
  const { deleted, foreign } = deleteLeftBehind(outDir, others, build.outputRecord);
  removeOwnedEmptyFolders(outDir, emptyFolders);
  files.push(...foreign);
  files.sort();
  foreign.sort();
  filesLeft.set({ outDir, files, foreign, outputRecord: build.outputRecord });
  return { kept: kept.size, deleted, foreign };
}

/**
 * Calls `visit` with each file of the output folder, relative (with `/`) and absolute, but
 * for the pages `alone` in their folders, whose folders are not read, and for the build's
 * lock and a `.git/` folder at the top, which are never the site's. Returns the folders found
 * empty.
 */
function walkOutput(
  outDir: string,
  alone: ReadonlySet<string>,
  visit: (file: string, path: string) => void,
): string[] {
  const empty: string[] = [];
  const walk = (folder: string, prefix: string, depth: number) => {
    let entries = 0;
    for (const entry of entriesOf(folder, depth)) {
      entries++;
      const path = join(folder, entry.name);
      const file = prefix + entry.name;
      if (depth === 0 && (file === OUTPUT_LOCK_FILE || file === ".git")) continue;
      if (!entry.isDirectory()) visit(file, path);
      else if (!alone.has(`${file}/${PAGE_FILE}`)) walk(path, `${file}/`, depth + 1);
    }
    if (entries === 0 && depth > 0) empty.push(prefix.slice(0, -1));
  };
  walk(outDir, "", 0);
  return empty;
}

/**
 * Of `others`, the files of the output folder this build neither wrote nor kept (with when
 * each was last written), deletes those a build of this project wrote: listed in
 * `outputRecord`, or written since a build that did not end well started
 * (`outputOwnedSince`). Then the folders they leave empty. The rest no build wrote: they are
 * left as they are, and returned.
 */
function deleteLeftBehind(
  outDir: string,
  others: ReadonlyMap<string, number>,
  outputRecord: string,
): { deleted: number; foreign: string[] } {
  const recorded = recordedAmong(outputRecord, new Set(others.keys()));
  const ownedSince = outputOwnedSince() ?? Infinity;
  const foreign: string[] = [];
  let deleted = 0;
  for (const [file, written] of others) {
    if (!recorded.has(file) && written < ownedSince) {
      foreign.push(file);
      continue;
    }
    rmSync(join(outDir, file));
    if (file.endsWith(".html")) deleted++;
    removeEmptyFolders(outDir, file);
  }
  return { deleted, foreign };
}

/**
 * Deletes the folders of `folders` that a build that did not end well made and left empty,
 * with those they leave empty.
 */
function removeOwnedEmptyFolders(outDir: string, folders: readonly string[]): void {
  const ownedSince = outputOwnedSince() ?? Infinity;
  for (const folder of folders) {
    const path = join(outDir, folder);
    if (statSync(path).mtimeMs < ownedSince) continue;
    rmdirSync(path);
    removeEmptyFolders(outDir, folder);
  }
}

/** Deletes the folders `file` was in, from the innermost, while they are empty. */
function removeEmptyFolders(outDir: string, file: string): void {
  for (let end = file.lastIndexOf("/"); end > 0; end = file.lastIndexOf("/", end - 1)) {
    try {
      rmdirSync(join(outDir, file.slice(0, end)));
    } catch {
      return;
    }
  }
}

/**
 * The entries of a folder `depth` below the output folder's. The output folder and those in it
 * (`questions/`, `tags/`...) are read an entry at a time: a million questions' folder read
 * whole was a million entries held at once. The folders below them hold a page or a few and
 * are read whole, since reading a folder an entry at a time costs more calls (scripts/bench.md,
 * "Why the constants are what they are").
 */
function entriesOf(folder: string, depth: number): Iterable<Dirent> {
  return depth < 2 ? entriesOneByOne(folder) : readdirSync(folder, { withFileTypes: true });
}

function* entriesOneByOne(folder: string): Generator<Dirent> {
  const entries = opendirSync(folder, { bufferSize: DIRECTORY_ENTRIES_READ });
  try {
    for (let entry; (entry = entries.readSync()) !== null;) yield entry;
  } finally {
    entries.closeSync();
  }
}

/** How many entries of a folder `entriesOneByOne` reads from the disk at once. */
const DIRECTORY_ENTRIES_READ = 1_024;

/** The file a page is written to, in a folder of its own (`build.format: "directory"`). */
const PAGE_FILE = "index.html";

/*
 * In a build into an empty folder, every file in it at the end was written by the build: a
 * page listed by its route (`pathsToWrite`, `pagesToWrite`), a file of a route that lists
 * none (404.html, tags/index.html, search/search.js: none of them in a listed page's folder),
 * one of Astro's assets (in _astro/), or a copy of a file of public/. So the folder of a
 * listed page (`questions/x/` for `questions/x/index.html`) that no other listed page and no
 * file of public/ is in holds that page alone, and the walk lists the page without reading
 * the folder: at a million questions, reading such folders was most of the walk at the end of
 * a cold build (scripts/bench.md, "Why the constants are what they are").
 */

/**
 * The pages of `pages` (files relative to the output folder, with `/`) that are alone in
 * their folders, given the files of the public folder, `publicFiles`: the strings given, not
 * copies, since at a million questions each is held to the end of the build.
 */
export function pagesAlone(pages: Iterable<string>, publicFiles: readonly string[]): Set<string> {
  const alone = new Set<string>();
  const holdingMore = new Set<string>();
  /** The folders `file` is in, from the innermost at `end`, as holding more than one page. */
  const holdMore = (file: string, end: number) => {
    for (; end > 0; end = file.lastIndexOf("/", end - 1)) holdingMore.add(file.slice(0, end));
  };
  for (const page of pages) {
    const end = page.lastIndexOf("/");
    if (end > 0 && page.endsWith(`/${PAGE_FILE}`)) {
      alone.add(page);
      holdMore(page, page.lastIndexOf("/", end - 1));
    } else holdMore(page, end);
  }
  for (const file of publicFiles) holdMore(file, file.lastIndexOf("/"));
  for (const folder of holdingMore) alone.delete(`${folder}/${PAGE_FILE}`);
  return alone;
}

/** Every file under `dir` (none when it is not there), as paths relative to it with `/`. */
export function filesIn(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(folder, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) files.push(prefix + entry.name);
    }
  };
  if (existsSync(dir)) walk(dir, "");
  return files;
}

/**
 * The files the last `finishWrittenPages` left in `outDir`, once: what the static host lists
 * without walking the folder again. Undefined when no build swept that folder.
 */
export function takeFilesLeft(outDir: string): FilesLeft | undefined {
  const left = filesLeft.get();
  filesLeft.set(undefined);
  return left?.outDir === outDir ? left : undefined;
}
