import { build, transform } from "esbuild";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import MiniSearch from "minisearch";
import { Index } from "flexsearch";
import type { SearchFile } from "../../src/core/search-index.ts";
import { projectRoot } from "../../src/project-paths.ts";
import type { BenchDocument } from "./documents.ts";
import {
  FLEXSEARCH_OPTIONS,
  MINISEARCH_OPTIONS,
  PART_REGISTRY,
  type MiniSearchDocument,
} from "./library-config.ts";

/** A library's files for `search/`, or why there are none. */
export type LibraryIndex =
  | {
      files: SearchFile[];
      /** Seconds to index the documents in Node, and to serialize the index. */
      buildSeconds: number;
      serializeSeconds: number;
    }
  | { failure: string };

/**
 * MiniSearch over title, tags and body text, serialized the documented way
 * (`JSON.stringify(index)`, read back by `MiniSearch.loadJSON`): one part, in one script.
 */
export async function miniSearchIndex(documents: readonly BenchDocument[]): Promise<LibraryIndex> {
  const started = performance.now();
  const index = new MiniSearch<MiniSearchDocument>(MINISEARCH_OPTIONS);
  index.addAll(
    documents.map((document, id) => ({
      id,
      qid: document.id,
      titleLine: document.titleLine,
      tagList: document.tags,
      title: document.title,
      tags: document.tags.join(" "),
      body: document.bodyText,
    })),
  );
  const built = performance.now();
  let json: string;
  try {
    json = JSON.stringify(index);
  } catch (error) {
    // A string longer than V8's limit (2^29 - 24 characters) cannot be made.
    return { failure: `JSON.stringify(index) failed: ${(error as Error).message}` };
  }
  const parts = [partFile("index", json)];
  const serialized = performance.now();
  // The UMD build is not minified; a site would minify it, so the bench does.
  const library = await minified("node_modules/minisearch/dist/umd/index.js");
  return {
    files: [
      { file: "minisearch.js", text: library },
      ...parts,
      await pageScript("minisearch-box.ts", "minisearch.js", parts),
    ],
    buildSeconds: (built - started) / 1000,
    serializeSeconds: (serialized - built) / 1000,
  };
}

/**
 * FlexSearch's Index over each question's title, tags and body text, with the ids its results
 * give, and the records a result shows as a part of their own. Serialized with `export()`,
 * whose parts (FlexSearch cuts the word map into pieces) are each one script, and read back
 * with `import()`.
 */
export async function flexSearchIndex(documents: readonly BenchDocument[]): Promise<LibraryIndex> {
  const started = performance.now();
  const index = new Index(FLEXSEARCH_OPTIONS);
  documents.forEach((document, id) => {
    index.add(id, `${document.title}\n${document.tags.join(" ")}\n${document.bodyText}`);
  });
  const built = performance.now();
  const parts: SearchFile[] = [];
  try {
    await index.export((key: string, data: string) => void parts.push(partFile(key, data)));
  } catch (error) {
    return { failure: `index.export() failed: ${(error as Error).message}` };
  }
  const records = documents.map(({ id, titleLine, tags }) => [id, titleLine, tags]);
  parts.push(partFile("records", JSON.stringify(records)));
  const serialized = performance.now();
  const library = readFileSync(
    join(projectRoot, "node_modules/flexsearch/dist/flexsearch.bundle.min.js"),
    "utf8",
  );
  return {
    files: [
      { file: "flexsearch.js", text: library },
      ...parts,
      await pageScript("flexsearch-box.ts", "flexsearch.js", parts),
    ],
    buildSeconds: (built - started) / 1000,
    serializeSeconds: (serialized - built) / 1000,
  };
}

/**
 * One part of an index as a classic script: `qaBenchIndex("name", '...')`, the text a JavaScript
 * string the library parses itself (as it would parse a fetched file).
 */
function partFile(name: string, text: string): SearchFile {
  const file = `part-${name.replaceAll(/[^\w.-]/g, "_")}.js`;
  return { file, text: `${PART_REGISTRY}(${JSON.stringify(name)},${quoted(text)});\n` };
}

/** `text` as a single-quoted JavaScript string: JSON has few single quotes to escape. */
function quoted(text: string): string {
  return `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

async function minified(file: string): Promise<string> {
  const { code } = await transform(readFileSync(join(projectRoot, file), "utf8"), {
    minify: true,
    legalComments: "none",
  });
  return code;
}

/** `search.js`: the page's box for a library (page/), one classic script, minified. */
async function pageScript(
  entry: string,
  libraryFile: string,
  parts: readonly SearchFile[],
): Promise<SearchFile> {
  const { outputFiles } = await build({
    entryPoints: [join(projectRoot, "scripts/bench-search/page", entry)],
    bundle: true,
    format: "iife",
    minify: true,
    target: ["chrome109", "firefox115", "safari16"],
    write: false,
    legalComments: "none",
    logLevel: "silent",
    define: {
      BENCH_LIBRARY_FILE: JSON.stringify(libraryFile),
      BENCH_PART_FILES: JSON.stringify(parts.map(({ file }) => file)),
    },
  });
  const text = outputFiles[0]?.text;
  if (text === undefined) throw new Error(`esbuild wrote nothing for ${entry}`);
  return { file: "search.js", text };
}
