import { it } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";

/*
 * A rebuild writes only the pages whose inputs changed (src/machinery/incremental/written-pages.ts), and its
 * output folder then holds exactly what a build into an empty folder would.
 */

const work = "tests/.output/written-pages";
const contentDir = `${work}/content`;

/** Every file of a built folder with its bytes and modification time. */
function snapshot(outDir: string): Map<string, { bytes: string; mtime: number }> {
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  return new Map(
    files.map((path) => [
      path.slice(outDir.length + 1),
      { bytes: readFileSync(path, "latin1"), mtime: statSync(path).mtimeMs },
    ]),
  );
}

/** The pages (.html) whose file was written again between two snapshots. */
function rewrittenPages(
  before: ReturnType<typeof snapshot>,
  after: ReturnType<typeof snapshot>,
): string[] {
  return [...after]
    .filter(([file, { mtime }]) => file.endsWith(".html") && before.get(file)?.mtime !== mtime)
    .map(([file]) => file)
    .sort();
}

/** Replaces `from` with `to` in a file of the test's content folder. */
function edit(file: string, from: string, to: string): void {
  const path = join(projectRoot, contentDir, file);
  const text = readFileSync(path, "utf8");
  assert.ok(text.includes(from), `${file} holds ${from}`);
  writeFileSync(path, text.replace(from, to));
}

/** The files and their bytes, for comparing two outputs. */
function contents(files: ReturnType<typeof snapshot>): [string, string][] {
  return [...files].map(([file, { bytes }]): [string, string] => [file, bytes]).sort();
}

it("a rebuild writes only the pages an edit changes, and leaves what a fresh build would", async () => {
  rmSync(join(projectRoot, work), { recursive: true, force: true });
  cpSync(join(projectRoot, "tests/fixtures/answers/content"), join(projectRoot, contentDir), {
    recursive: true,
  });
  const build = async (outName: string) => {
    const outDir = join(projectRoot, work, outName);
    const result = await buildSite(contentDir, outDir);
    assert.equal(result.exitCode, 0, result.output);
    return snapshot(outDir);
  };
  // The pages every build writes, having no list of paths to leave out.
  const always = ["404.html", "tags/index.html"];

  const first = await build("dist");
  const unchanged = await build("dist");
  assert.deepEqual(
    rewrittenPages(first, unchanged),
    always,
    "an unchanged rebuild keeps every page",
  );
  assert.deepEqual(contents(unchanged), contents(first));

  // An answer's body shows on its question's page only.
  edit("answers/a2.md", "copytruncate", "logrotate's copytruncate");
  const edited = await build("dist");
  assert.deepEqual(
    rewrittenPages(unchanged, edited),
    [...always, "questions/orig/index.html"].sort(),
  );
  assert.match(edited.get("questions/orig/index.html")?.bytes ?? "", /logrotate/);

  // A comment shows on its post's question page only: adding one, then editing it, writes that
  // one page each time.
  edit(
    "answers/a2.md",
    "score: 2\n",
    'score: 2\ncomments:\n  - { id: "7", text: "Works on 3.20.", commented: 2024-01-12 }\n',
  );
  const commented = await build("dist");
  assert.deepEqual(
    rewrittenPages(edited, commented),
    [...always, "questions/orig/index.html"].sort(),
  );
  edit("answers/a2.md", "Works on 3.20.", "Works on 3.21.");
  const recommented = await build("dist");
  assert.deepEqual(
    rewrittenPages(commented, recommented),
    [...always, "questions/orig/index.html"].sort(),
  );
  assert.match(recommented.get("questions/orig/index.html")?.bytes ?? "", /Works on 3\.21\./);

  // A title shows on the listing and its tabs, on its tags' pages and their Votes tabs, and on a
  // duplicate's page and in its excerpt (unanswered): each page that shows it is written again,
  // and only those.
  edit("questions/orig.md", "without restarting nginx", "without a restart");
  const retitled = await build("dist");
  assert.deepEqual(
    rewrittenPages(recommented, retitled),
    [
      ...always,
      "index.html",
      "votes/index.html",
      "active/index.html",
      "unanswered/index.html",
      "questions/dup/index.html",
      "questions/orig/index.html",
      "tags/logrotate/index.html",
      "tags/logrotate/votes/index.html",
      "tags/nginx/index.html",
      "tags/nginx/votes/index.html",
    ].sort(),
  );
  for (const page of ["index.html", "tags/nginx/index.html", "questions/dup/index.html"]) {
    assert.match(retitled.get(page)?.bytes ?? "", /without a restart/, page);
  }

  // A page deleted from the output folder is written again, though its props did not change.
  rmSync(join(projectRoot, work, "dist/questions/orig/index.html"));
  const restored = await build("dist");
  assert.deepEqual(
    rewrittenPages(retitled, restored),
    [...always, "questions/orig/index.html"].sort(),
  );
  assert.deepEqual(contents(restored), contents(retitled));

  // A question gone: its page and its tag's pages go too; what is left is a fresh build's.
  const gone = "dup-of-counted";
  rmSync(join(projectRoot, contentDir, `questions/${gone}.md`));
  const removed = await build("dist");
  assert.ok(!removed.has(`questions/${gone}/index.html`));
  assert.deepEqual(contents(removed), contents(await build("fresh")));

  // Another setting of the build renders every page again.
  process.env["QA_SITE_URL"] = "https://example.org/qa/";
  try {
    const moved = await build("dist");
    assert.deepEqual(
      rewrittenPages(removed, moved),
      [...moved.keys()].filter((file) => file.endsWith(".html")).sort(),
    );
  } finally {
    delete process.env["QA_SITE_URL"];
  }
});
