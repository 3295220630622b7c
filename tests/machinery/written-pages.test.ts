import { it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  finishWrittenPages,
  pagesAlone,
  pagesToWrite,
  startWrittenPages,
  takeFilesLeft,
} from "../../src/machinery/incremental/written-pages.ts";
import { recordOutputFiles } from "../../src/machinery/incremental/output-files.ts";

/*
 * The end of a build's record of its pages (src/machinery/incremental/written-pages.ts): what the output
 * folder holds afterwards, and what the static host is told it holds (`takeFilesLeft`), with
 * a build into an empty folder listing its pages' folders without reading them.
 */

const PAGES = [
  "index.html",
  "page/2/index.html",
  "questions/a/index.html",
  "questions/b/index.html",
  "tags/java/index.html",
  "tags/java/page/2/index.html",
  "search/words-1.json",
];

it("knows the pages alone in their folders, and not those in folders holding more", () => {
  assert.deepEqual([...pagesAlone(PAGES, ["favicon.svg", "questions/b/notes/readme.txt"])].sort(), [
    "page/2/index.html",
    "questions/a/index.html",
    "tags/java/page/2/index.html",
  ]);
});

/** A build of `PAGES` into `outDir`, with `publicFiles` copied in, as Astro and the threads would. */
function build(outDir: string, publicFiles: string[], otherFiles: string[]) {
  const work = dirname(outDir);
  const publicDir = join(work, "public");
  rmSync(publicDir, { recursive: true, force: true });
  for (const file of publicFiles) write(publicDir, file);
  startWrittenPages(
    outDir,
    join(work, "record.json"),
    "render key",
    publicDir,
    join(work, "output-files.txt"),
  );
  pagesToWrite(
    PAGES,
    (page) => page,
    (page) => page,
  );
  for (const file of [...PAGES, ...publicFiles, ...otherFiles]) write(outDir, file);
  const finished = finishWrittenPages();
  return { finished, files: takeFilesLeft(outDir)?.files };
}

function write(folder: string, file: string) {
  mkdirSync(dirname(join(folder, file)), { recursive: true });
  writeFileSync(join(folder, file), file);
}

it("tells the static host every file of a build into an empty folder, public files in a page's folder too", () => {
  const work = mkdtempSync(join(tmpdir(), "written-pages-"));
  try {
    const outDir = join(work, "dist");
    const publicFiles = ["favicon.svg", "questions/b/notes/readme.txt", "page/2/extra.txt"];
    const { finished, files } = build(outDir, publicFiles, ["_astro/site.css", "404.html"]);
    assert.deepEqual(finished, { kept: 0, deleted: 0, foreign: [] });
    assert.deepEqual(files, [...PAGES, ...publicFiles, "_astro/site.css", "404.html"].sort());
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

it("reads every folder of a build into a folder that held files, and deletes what earlier builds wrote", () => {
  const work = mkdtempSync(join(tmpdir(), "written-pages-"));
  try {
    const outDir = join(work, "dist");
    const stray = ["questions/a/old.html", "questions/gone/index.html"];
    for (const file of stray) {
      write(outDir, file);
      utimesSync(join(outDir, file), new Date(2000, 0, 1), new Date(2000, 0, 1));
    }
    recordOutputFiles(join(work, "output-files.txt"), ["index.html", ...stray]);
    const { finished, files } = build(outDir, ["favicon.svg"], []);
    assert.deepEqual(finished, { kept: 0, deleted: 2, foreign: [] });
    assert.deepEqual(files, [...PAGES, "favicon.svg"].sort());
    for (const file of stray) assert.equal(existsSync(join(outDir, file)), false, file);
    assert.equal(existsSync(join(outDir, "questions/gone")), false, "the folder left empty");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

/*
 * An output folder named by mistake (the content folder, a home folder) held files no build
 * wrote, and the build deleted them all.
 */
it("leaves the files no build of the project wrote, and names them", () => {
  const work = mkdtempSync(join(tmpdir(), "written-pages-"));
  try {
    const outDir = join(work, "dist");
    const theirs = ["notes.txt", "questions/mine.md", "questions/a/photo.jpg"];
    for (const file of theirs) {
      write(outDir, file);
      utimesSync(join(outDir, file), new Date(2000, 0, 1), new Date(2000, 0, 1));
    }
    recordOutputFiles(join(work, "output-files.txt"), ["index.html", "questions/old/index.html"]);
    const { finished, files } = build(outDir, [], []);
    assert.deepEqual(finished, { kept: 0, deleted: 0, foreign: [...theirs].sort() });
    assert.deepEqual(files, [...PAGES, ...theirs].sort());
    for (const file of theirs) assert.ok(existsSync(join(outDir, file)), file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
