import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { projectFile } from "../../src/project-paths.ts";

/*
 * The README is for users: the two commands, the content format, today's figures, and how a
 * page is made, file by file. History and tuning go to scripts/bench.md, so it stays short.
 */
describe("the README", () => {
  const readme = readFileSync(projectFile("README.md"), "utf8");

  it("stays at most 20 KB", () => {
    const bytes = Buffer.byteLength(readme);
    assert.ok(
      bytes <= 20_000,
      `README.md is ${bytes} bytes; move history and tuning to scripts/bench.md`,
    );
  });

  it("gives a new user the two commands", () => {
    assert.match(readme, /npm install && npm run build/);
    assert.match(readme, /\bnpm test\b/);
  });

  it("leads contributors to the trace of a page, which names only files that exist", () => {
    assert.match(readme, /\[src\/README\.md\]\(src\/README\.md\) follows one question/);
    const trace = readFileSync(projectFile("src/README.md"), "utf8");
    const named = [...trace.matchAll(/`((?:src|scripts)\/[\w./[\]-]+\.(?:ts|astro|mjs))`/g)];
    assert.ok(named.length > 10, "the trace names the files on the way");
    assert.deepEqual(
      named.map(([, path]) => path as string).filter((path) => !existsSync(projectFile(path))),
      [],
    );
  });
});
