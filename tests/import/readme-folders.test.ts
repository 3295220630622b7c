import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";

/**
 * The README's import example makes a content folder (`--out content-beer`) and a build
 * beside `dist/` (`QA_OUT_DIR=dist-beer`) in the project itself. `npm run lint` and `npm test`
 * must not read them: the Markdown is the authors' text, and the built scripts are not ours to
 * lint. The folders are made here under those names, then ESLint, Prettier and the type
 * check's tsconfig are asked which files they take.
 */
const contentDir = join(projectRoot, "content-readme-check");
const outDir = join(projectRoot, "dist-readme-check");
const dumpDir = join(projectRoot, "tests/.output/import/readme/tiny.stackexchange.com");

const POSTS = `\uFEFF<?xml version="1.0" encoding="utf-8"?>
<posts>
  <row Id="1" PostTypeId="1" CreationDate="2015-03-01T10:00:00.000" Title="Which glass?" Tags="&lt;glassware&gt;" Body="&lt;p&gt;A question  with   spaces.&lt;/p&gt;&#xA;" AnswerCount="1" />
  <row Id="2" PostTypeId="2" ParentId="1" CreationDate="2015-03-01T11:00:00.000" Score="1" Body="&lt;p&gt;An answer.&lt;/p&gt;" />
</posts>
`;

/** The project's files under the two folders, from paths relative to the project or absolute. */
function inReadmeFolders(paths: readonly string[]): string[] {
  return paths.filter((path) => {
    const top = relative(projectRoot, resolve(projectRoot, path)).split(sep)[0];
    return top === "content-readme-check" || top === "dist-readme-check";
  });
}

function runNode(script: string, ...args: string[]) {
  return spawnSync(process.execPath, [join(projectRoot, script), ...args], {
    cwd: projectRoot,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
}

describe("the folders the README's import example makes", () => {
  before(async () => {
    rmSync(contentDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(dumpDir, { recursive: true });
    writeFileSync(join(dumpDir, "Posts.xml"), POSTS);
    const imported = runNode("scripts/import.ts", dumpDir, "--out", contentDir, "--quiet");
    assert.equal(imported.status, 0, imported.stderr + imported.stdout);
    const build = await buildSite(contentDir, outDir);
    assert.equal(build.exitCode, 0, build.output);
    assert.ok(existsSync(join(contentDir, "questions/1.md")), "the import wrote Markdown");
    assert.ok(readdirSync(join(outDir, "search")).some((file) => file.endsWith(".js")));
  });
  after(() => {
    rmSync(contentDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  });

  it("are not read by npm run lint's ESLint", () => {
    const run = runNode("node_modules/eslint/bin/eslint.js", ".", "--format", "json");
    const linted = (JSON.parse(run.stdout) as { filePath: string }[]).map((file) => file.filePath);
    assert.ok(linted.length > 0, run.stderr);
    assert.deepEqual(inReadmeFolders(linted), []);
  });

  it("are not checked by npm run lint's Prettier, nor rewritten by npm run format", () => {
    const run = runNode("node_modules/prettier/bin/prettier.cjs", "--list-different", ".");
    assert.equal(run.stderr.includes("readme-check"), false, run.stderr);
    assert.deepEqual(inReadmeFolders(run.stdout.split("\n").filter(Boolean)), []);
  });

  it("are not in the program astro check type-checks", () => {
    const run = runNode("node_modules/typescript/bin/tsc", "--showConfig", "-p", "tsconfig.json");
    assert.equal(run.status, 0, run.stderr + run.stdout);
    const files = (JSON.parse(run.stdout) as { files: string[] }).files;
    assert.ok(files.length > 0);
    assert.deepEqual(inReadmeFolders(files), []);
  });
});
