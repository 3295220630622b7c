import { it } from "node:test";
import assert from "node:assert/strict";
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { listingLines } from "../../scripts/common/listing-lines.ts";
import { reportedProblems } from "../helpers/problem-report.ts";

/**
 * Rebuilds reuse what the last build read from unchanged files (the entry cache, src/speed/).
 * These are the edits where reuse could go stale: another file changes what an entry shows.
 */
it("a rebuild shows every edit, including those that change other questions' entries", async () => {
  const work = "tests/.output/rebuild";
  const contentDir = `${work}/content`;
  const outDir = join(projectRoot, work, "dist");
  rmSync(join(projectRoot, work), { recursive: true, force: true });
  cpSync(join(projectRoot, "tests/fixtures/basic/content"), join(projectRoot, contentDir), {
    recursive: true,
  });
  const build = async () => {
    const result = await buildSite(contentDir, outDir);
    assert.equal(result.exitCode, 0, result.output);
    return listingLines(readFileSync(join(outDir, "index.html"), "utf8"));
  };
  const edit = (file: string, from: string, to: string) => {
    const path = join(projectRoot, contentDir, "questions", file);
    const text = readFileSync(path, "utf8");
    assert.ok(text.includes(from), `${file} holds ${from}`);
    writeFileSync(path, text.replace(from, to));
  };

  const first = await build();
  assert.deepEqual(await build(), first, "an unchanged rebuild shows the same listing");

  // The original's new title and answer count must reach the duplicate's notice, though the
  // duplicate's own file did not change.
  edit("alpha.md", "title: How do I read a file line by line?", "title: Read lines");
  edit("alpha.md", "answers: 1", "answers: 2");
  const second = await build();
  assert.equal(second[3], "This question already has an answer here: Read lines (2...");
  assert.equal(second[4], "Read lines");

  // A body edit shows in that question's excerpt.
  edit("gamma.md", "Because titles", "Since titles");
  assert.equal((await build())[9], "Since titles are plain text & never markup.");

  // Deleting the original leaves a dangling duplicateOf in a file that did not change.
  rmSync(join(projectRoot, contentDir, "questions/alpha.md"));
  const broken = await buildSite(contentDir, outDir);
  assert.notEqual(broken.exitCode, 0);
  assert.deepEqual(reportedProblems(broken.output, contentDir), ["questions/beta.md: duplicateOf"]);
});

/**
 * A link between posts is settled each build from the whole content, though the body that holds
 * it comes from the entry cache: a question deleted since the last build must not leave a
 * link to a page that is gone.
 */
it("a rebuild settles links again: a deleted target's links leave the archive", async () => {
  const work = "tests/.output/rebuild-links";
  const contentDir = join(projectRoot, work, "content");
  const outDir = join(projectRoot, work, "dist");
  rmSync(join(projectRoot, work), { recursive: true, force: true });
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(contentDir, file)), { recursive: true });
    writeFileSync(join(contentDir, file), text);
  };
  const question = (title: string, asked: string, body: string) =>
    `---\ntitle: ${title}\ntags: [nginx]\nasked: ${asked}\n---\n${body}\n`;
  write("community.yaml", "name: Links\norigin: https://ops.example.org\n");
  write("questions/1.md", question("How do I reopen logs?", "2024-01-01", "Logs."));
  write("answers/10.md", '---\nquestion: "1"\nanswered: 2024-01-02\n---\nSend USR1.\n');
  write("questions/2.md", question("Why rotate?", "2024-01-03", "Space."));
  write(
    "questions/3.md",
    question(
      "Which signal?",
      "2024-02-01",
      "See [the answer](https://ops.example.org/a/10/7) and [that question](/q/2).",
    ),
  );
  const build = async () => {
    const result = await buildSite(`${work}/content`, outDir);
    assert.equal(result.exitCode, 0, result.output);
    return {
      output: result.output,
      page: readFileSync(join(outDir, "questions/3/index.html"), "utf8"),
    };
  };

  const first = await build();
  assert.match(first.page, /<a href="\.\.\/\.\.\/questions\/1\/index\.html#answer-10">the answer/);
  assert.match(first.page, /<a href="\.\.\/\.\.\/questions\/2\/index\.html">that question/);
  assert.match(first.output, /\[links\] 2 links to posts lead to their pages in the archive;/);
  const target = readFileSync(join(outDir, "questions/2/index.html"), "utf8");
  assert.match(target, /Linked questions[\s\S]*href="\.\.\/\.\.\/questions\/3\/index\.html"/);

  rmSync(join(contentDir, "questions/2.md"));
  const second = await build();
  assert.match(
    second.page,
    /<a class="leaves-archive" href="https:\/\/ops\.example\.org\/q\/2"[^>]*>that question/,
  );
  assert.match(second.output, /1 link stays on the original site/);
});

/**
 * The site's images/ holds the content's images that pages show: a rebuild leaves one that did
 * not change as it was, writes one that did, and deletes one no page shows any more. A body
 * read from the entry cache still has its image checked: a file deleted since is a problem.
 */
it("a rebuild keeps images/ to the images the pages show, and checks them again", async () => {
  const work = join(projectRoot, "tests/.output/rebuild-images");
  const contentDir = join(work, "content");
  const outDir = join(work, "dist");
  rmSync(work, { recursive: true, force: true });
  cpSync(join(projectRoot, "tests/fixtures/basic/content"), contentDir, { recursive: true });
  mkdirSync(join(contentDir, "images"));
  const diagram = readFileSync(join(projectRoot, "content/images/proxmox-vlan-bridge.png"));
  writeFileSync(join(contentDir, "images/a.png"), diagram);
  writeFileSync(join(contentDir, "images/b.png"), diagram);
  const gamma = join(contentDir, "questions/gamma.md");
  writeFileSync(gamma, `${readFileSync(gamma, "utf8")}\n![a](images/a.png) ![b](images/b.png)\n`);
  const build = async () => {
    const result = await buildSite(contentDir, outDir);
    assert.equal(result.exitCode, 0, result.output);
  };
  const written = (file: string) => statSync(join(outDir, "images", file)).mtimeMs;

  await build();
  assert.deepEqual(readdirSync(join(outDir, "images")), ["a.png", "b.png"]);
  const [a, b] = [written("a.png"), written("b.png")];
  await build();
  assert.deepEqual([written("a.png"), written("b.png")], [a, b], "unchanged, not written again");

  writeFileSync(gamma, readFileSync(gamma, "utf8").replace(" ![b](images/b.png)", ""));
  await build();
  assert.deepEqual(readdirSync(join(outDir, "images")), ["a.png"], "b.png is shown no more");
  assert.equal(written("a.png"), a);

  rmSync(join(contentDir, "images/a.png"));
  const broken = await buildSite(contentDir, outDir);
  assert.notEqual(broken.exitCode, 0);
  assert.deepEqual(reportedProblems(broken.output, relative(projectRoot, contentDir)), [
    "questions/gamma.md: body",
  ]);
});
