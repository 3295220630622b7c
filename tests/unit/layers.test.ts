import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { projectRoot } from "../../src/project-paths.ts";

/*
 * The folders of src/ are layers, each importing only those below it (type imports and
 * modules started by path count too), so that a newcomer can draw them and no folder imports
 * one that imports it back. src/README.md, "How a page is made", walks them top to bottom.
 */

/** Each unit of src/ (a folder, or a file of its own) and its layer: 0 is the top. */
const LAYERS: Record<string, number> = {
  pages: 0,
  components: 1,
  integrations: 1,
  "live.config.ts": 2,
  "content.ts": 2,
  loaders: 3,
  search: 4,
  "machinery/astro": 4,
  "machinery/loading": 4,
  "machinery/incremental": 5,
  "machinery/store": 6,
  "machinery/threads": 6,
  "machinery/build-state.ts": 7,
  core: 8,
  schemas: 9,
  lib: 10,
  styles: 11,
  "project-paths.ts": 11,
};

const srcDir = join(projectRoot, "src");

/** The unit a path under src/ belongs to, such as `core` or `machinery/store`. */
export function unitOf(pathInSrc: string): string {
  const [first = "", second] = pathInSrc.split("/");
  return first === "machinery" && second !== undefined ? `machinery/${second}` : first;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a source file reaches, as paths under src/: imports, and modules by path. */
export function reachedModules(file: string, text: string): string[] {
  const relativeImports = [
    ...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g),
  ].map(([, spec]) => resolve(dirname(file), spec as string));
  const byPath = [...text.matchAll(/["'](src\/[\w./-]+\.(?:ts|mjs|astro|css))["']/g)].map(
    ([, path]) => join(projectRoot, path as string),
  );
  return [...relativeImports, ...byPath]
    .map((path) => relative(srcDir, path))
    .filter((path) => !path.startsWith(".."));
}

describe("the layers of src/", () => {
  const files = sourceFiles(srcDir);

  it("gives every folder of src/ a layer", () => {
    const units = new Set(files.map((file) => unitOf(relative(srcDir, file))));
    assert.deepEqual(
      [...units].filter((unit) => LAYERS[unit] === undefined),
      [],
      "add the new folder to LAYERS in tests/unit/layers.test.ts, below what imports it",
    );
  });

  it("imports only from lower layers, or from its own folder", () => {
    const upward: string[] = [];
    for (const file of files) {
      const from = unitOf(relative(srcDir, file));
      for (const reached of reachedModules(file, readFileSync(file, "utf8"))) {
        const to = unitOf(reached);
        if (to === from) continue;
        if ((LAYERS[to] ?? -1) <= (LAYERS[from] ?? -1)) {
          upward.push(`${relative(projectRoot, file)} (${from}) reaches src/${reached} (${to})`);
        }
      }
    }
    assert.deepEqual(upward, []);
  });

  it("sees imports of every kind, so that the check above can fail", () => {
    const file = join(srcDir, "lib/example.ts");
    const text = [
      'import type { X } from "../schemas/x.ts";',
      'const loaded = await import("../core/y.ts");',
      'startWorkerThread(projectFile("src/machinery/loading/z.ts"));',
    ].join("\n");
    assert.deepEqual(reachedModules(file, text).map(unitOf), [
      "schemas",
      "core",
      "machinery/loading",
    ]);
  });
});
