import { after, before, it } from "node:test";
import assert from "node:assert/strict";
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readContent } from "../../src/machinery/loading/content-folder.ts";
import { loadContent } from "../../src/machinery/loading/load-content.ts";
import {
  readPageText,
  readQuestionPage,
  readUserPage,
} from "../../src/machinery/store/text-store.ts";
import { generateCorpus, questionId } from "../../scripts/bench/gen-corpus.ts";

/*
 * The speed machinery (entry cache, file stamps, reading threads) is only allowed to be
 * faster: on a generated corpus, whatever it took from the cache and whichever thread read
 * what, its outcome is the one the plain path gives (src/machinery/loading/content-folder.ts), read
 * file by file on one thread. Entries and problems alike, through edits between builds.
 */

const COUNT = 4_500; // enough for two reading threads on a first build
let work: string;
let content: string;

before(() => {
  work = mkdtempSync(join(tmpdir(), "qa-fast-path-"));
  content = join(work, "content");
  generateCorpus({ count: COUNT, out: content, seed: 3 });
  addPeople();
});

/** People for every tenth question's asker, with an About me each, read as posts are. */
function addPeople(): void {
  mkdirSync(join(content, "users"));
  for (let index = 0; index < COUNT; index += 10) {
    const user = `u${(index / 10) % 300}`;
    rewrite(questionId(index), (text) =>
      text.replace(/^asked: /m, `author: Person ${user}\nuser: "${user}"\nasked: `),
    );
    writeFileSync(
      join(content, "users", `${user}.md`),
      `---\nname: Person ${user}\nreputation: ${index}\n---\nAbout **${user}**.\n`,
    );
  }
}
after(() => rmSync(work, { recursive: true, force: true }));

/**
 * The fast path's outcome as a build gets it, its entry cache then written; with `spill`, its
 * search documents spilled to disk as a large community's are.
 */
async function fastPath(later: number, { spill = false } = {}) {
  const { outcome, saveCache } = await loadContent(content, {
    cacheDirectory: join(work, "cache"),
    displayFrom: content,
    now: Date.now() + later,
    ...(spill && { documentsHeldAtMost: 1_000 }),
  });
  saveCache();
  assert.ok(!("failure" in outcome), String("failure" in outcome && outcome.failure));
  return outcome;
}

/** What the plain path reads, in the same shape as the fast path's outcome. */
function plainPath() {
  const read = readContent(content, content);
  return "content" in read ? read.content : { problems: read.problems };
}

/** The fast path's outcome with the texts it set apart on disk read back. */
function asPlain(outcome: Awaited<ReturnType<typeof fastPath>>) {
  if (!("content" in outcome)) return { problems: outcome.problems };
  const { content: read } = outcome;
  return {
    ...read,
    questions: read.questions.map(({ page }) => readQuestionPage(page)),
    searchIndex: read.searchIndex.map(({ file, text }) => ({ file, text: readPageText(text) })),
    users: read.users.map((user) => ({ ...user, pages: user.pages.map(readUserPage) })),
  };
}

function rewrite(id: string, change: (text: string) => string): void {
  const path = join(content, "questions", `${id}.md`);
  writeFileSync(path, change(readFileSync(path, "utf8")));
}

it("gives the plain path's outcome on a first build, a rebuild, and after edits", async () => {
  const first = await fastPath(60_000, { spill: true });
  assert.ok("counts" in first);
  assert.equal(first.counts.questions.derived, COUNT, "a first build reads every file");
  assert.ok(
    first.content.questions.every(({ page }) => "digest" in page),
    "the pages are set apart on disk, not held",
  );
  assert.ok(
    first.content.searchIndex.every(({ text }) => typeof text !== "string"),
    "so are the search index's files",
  );
  assert.deepEqual(asPlain(first), plainPath());
  assert.equal(first.content.users.length, 300, "the people are read, each with their posts");

  const unchanged = await fastPath(60_000);
  assert.ok("counts" in unchanged);
  assert.equal(unchanged.counts.questions.unchangedByStamp, COUNT, "a rebuild reads no file");
  assert.deepEqual(asPlain(unchanged), plainPath());

  // Originals that duplicates name: their new title must reach the notices of files not read.
  const originals = [
    ...new Set(
      readdirSync(join(content, "questions")).flatMap((name) => {
        const named = /^duplicateOf: (\S+)$/m.exec(
          readFileSync(join(content, "questions", name), "utf8"),
        );
        return named?.[1] === undefined ? [] : [named[1]];
      }),
    ),
  ].slice(0, 20);
  assert.ok(originals.length > 0, "the corpus has duplicates");
  for (const id of originals) {
    rewrite(id, (text) => text.replace(/^title: .*$/m, `title: Renamed ${id}`));
  }
  appendFileSync(join(content, "questions", `${questionId(5)}.md`), "\nOne more line.\n");
  appendFileSync(join(content, "users", "u7.md"), "More about u7.\n");
  const edited = await fastPath(120_000, { spill: true });
  assert.ok("counts" in edited);
  assert.ok(
    edited.counts.questions.unchangedByStamp > COUNT - 100,
    "only the edited files are read",
  );
  assert.deepEqual(asPlain(edited), plainPath());

  // Problems: a broken file, a dangling original in a file the cache still holds as valid.
  rewrite(questionId(10), (text) => text.replace(/^asked: .*$/m, 'asked: "2024-02-30"'));
  rmSync(join(content, "questions", `${originals[0]}.md`));
  writeFileSync(join(content, "questions", "stray.txt"), "not a question");
  const broken = await fastPath(180_000);
  assert.ok("problems" in broken);
  assert.ok(broken.problems.length >= 2);
  assert.deepEqual(asPlain(broken), plainPath());
});
