import { afterEach, beforeEach, describe, it } from "node:test";
import { readQuestionPage } from "../../src/machinery/store/text-store.ts";
import assert from "node:assert/strict";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ContentError } from "../../src/core/content-error.ts";
import { loadContent } from "../../src/machinery/loading/load-content.ts";
import { readContentFiles } from "../../src/machinery/loading/content-folder.ts";
import { MOST_POST_FILE_BYTES } from "../../src/core/file-bytes.ts";
import {
  cachedEntry,
  cacheLine,
  entryCacheFile,
  NewLines,
  readEntryCache,
  updateEntryCache,
} from "../../src/machinery/incremental/entry-cache.ts";
import type { QuestionEntry } from "../../src/schemas/question.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { tagOf } from "../../src/machinery/store/process-tag.ts";
import { endedProcessTag } from "../helpers/ended-process.ts";

/*
 * A rebuild takes questions whose file is unchanged from the entry cache, telling them by
 * their stat or, when that cannot be trusted, by their digest. These are the ways reuse could
 * go stale, checked through the load as the build uses it (src/machinery/loading/load-content.ts).
 */

let work: string;
let content: string;
let cacheDirectory: string;
let cacheFile: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "qa-entry-reuse-"));
  content = join(work, "content");
  cacheDirectory = join(work, "cache");
  cacheFile = entryCacheFile(cacheDirectory, "questions");
  cpSync(join(projectRoot, "tests/fixtures/basic/content"), content, { recursive: true });
});

// node:test, unlike Vitest, ignores what a hook returns: the folder is removed here.
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A build `later` ms from now: files written by the test are then that much older. */
async function build(later = 60_000) {
  const now = Date.now() + later;
  const { outcome, saveCache } = await loadContent(content, {
    cacheDirectory,
    now,
    displayFrom: content,
  });
  if ("failure" in outcome) throw outcome.failure;
  if ("problems" in outcome) throw new ContentError(outcome.problems);
  saveCache();
  // Each page read back: where a build set it apart changes from build to build.
  const entries = new Map(
    outcome.content.questions.map(({ page, ...listed }) => [
      listed.id,
      { ...listed, page: readQuestionPage(page) },
    ]),
  );
  return { counts: outcome.counts.questions, entries };
}

/** The cache file as a build reads it (under `derivationKey`, when given), each entry read back. */
function readCache(derivationKey?: string) {
  const cache = readEntryCache(cacheFile, derivationKey);
  if (cache === undefined) return undefined;
  try {
    const entries = new Map(
      [...cache.entries].map(([id, record]) => [id, cachedEntry<QuestionEntry>(record)]),
    );
    return { derivationKey: cache.derivationKey, lines: cache.lines, entries };
  } finally {
    cache.log.close();
  }
}

function edit(file: string, from: string, to: string): void {
  const path = join(content, "questions", file);
  const text = readFileSync(path, "utf8");
  assert.ok(text.includes(from), `${file} holds ${from}`);
  writeFileSync(path, text.replace(from, to));
}

function excerpt(folder: { entries: Map<string, { page: { excerpt: string } }> }, id: string) {
  return folder.entries.get(id)?.page.excerpt ?? "";
}

describe("the content load with its entry cache", () => {
  it("reads no file again when every stat is as before, and shows the same entries", async () => {
    const first = await build();
    assert.deepEqual(first.counts, { derived: 3, unchangedByDigest: 0, unchangedByStamp: 0 });
    const second = await build();
    assert.deepEqual(second.counts, { derived: 0, unchangedByDigest: 0, unchangedByStamp: 3 });
    assert.deepEqual([...second.entries], [...first.entries]);
  });

  it("reads files written just before the build again, and trusts their digest", async () => {
    // Written now, looked at now: within the settling time, so no stamp is kept.
    await build(0);
    const second = await build(0);
    assert.deepEqual(second.counts, { derived: 0, unchangedByDigest: 3, unchangedByStamp: 0 });
  });

  it("derives an edited question again, even a same-size edit", async () => {
    await build();
    edit("gamma.md", "Because titles", "Becuase titles");
    const after = await build();
    assert.deepEqual(after.counts, { derived: 1, unchangedByDigest: 0, unchangedByStamp: 2 });
    assert.equal(excerpt(after, "gamma"), "Becuase titles are plain text & never markup.");
  });

  it("derives a same-size edit whose old modification time was put back", async () => {
    const path = join(content, "questions", "gamma.md");
    // A whole second, which utimes sets exactly, as cp -p or an archive would.
    const old = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
    utimesSync(path, old, old);
    await build();
    writeFileSync(path, readFileSync(path, "utf8").replace("Because titles", "Becuase titles"));
    utimesSync(path, old, old);
    assert.equal(statSync(path).mtimeMs, old.getTime(), "size and time are as before");
    assert.equal(excerpt(await build(), "gamma"), "Becuase titles are plain text & never markup.");
  });

  it("reads a touched file again but derives nothing when its text is the same", async () => {
    await build();
    const path = join(content, "questions", "gamma.md");
    const later = new Date(Date.now() + 5_000);
    utimesSync(path, later, later);
    const after = await build();
    assert.deepEqual(after.counts, { derived: 0, unchangedByDigest: 1, unchangedByStamp: 2 });
  });

  it("updates a duplicate's notice when only its original changed", async () => {
    await build();
    edit("alpha.md", "title: How do I read a file line by line?", "title: Read lines");
    edit("alpha.md", "answers: 1", "answers: 2");
    const after = await build();
    assert.equal(after.counts.unchangedByStamp, 2, "beta.md itself was not read");
    assert.equal(
      excerpt(after, "beta"),
      "This question already has an answer here: Read lines (2...",
    );
  });

  it("reports a duplicate left dangling by its original's removal, though it was not read", async () => {
    await build();
    rmSync(join(content, "questions", "alpha.md"));
    await assert.rejects(build(), (error: unknown) => {
      assert.ok(error instanceof ContentError);
      assert.deepEqual(
        error.problems.map(({ file, field }) => `${file}: ${field}`),
        ["questions/beta.md: duplicateOf"],
      );
      return true;
    });
  });

  it("derives everything again when the excerpt length changes", async () => {
    await build();
    writeFileSync(join(content, "community.yaml"), "name: Fixture Community\nexcerptLength: 20\n");
    const after = await build();
    assert.deepEqual(after.counts, { derived: 3, unchangedByDigest: 0, unchangedByStamp: 0 });
    assert.equal(excerpt(after, "gamma"), "Because titles...");
  });
});

/*
 * Invalid UTF-8 in a content file was read with U+FFFD in its place, and the build went on;
 * a question file of 80 MB ran a thread out of memory with no file named.
 */
describe("a file that cannot be a post's", () => {
  /** The problems a build reports, as `file: reason` lines. */
  async function problems(): Promise<string[]> {
    const error = await build().then(
      () => assert.fail("the build should have stopped"),
      (error: unknown) => error,
    );
    assert.ok(error instanceof ContentError, String(error));
    return error.problems.map(({ file, reason }) => `${file}: ${reason}`);
  }

  it("is reported where its first byte that is not UTF-8 is, also when it was cached", async () => {
    await build();
    const path = join(content, "questions", "alpha.md");
    const bytes = readFileSync(path);
    const at = bytes.indexOf("line by line");
    bytes[at + 5] = 0xe9;
    writeFileSync(path, bytes);
    const line = bytes.subarray(0, at).toString("latin1").split("\n").length;
    const column = at + 5 - bytes.lastIndexOf("\n", at);
    assert.deepEqual(await problems(), [
      `questions/alpha.md: line ${line}, column ${column}: a byte that is not UTF-8; content files are UTF-8, so save the file as UTF-8 (in most editors, "Save with encoding"), or mend that byte`,
    ]);
  });

  it("is reported by the plain read too (the dev server's), community.yaml included", () => {
    writeFileSync(join(content, "community.yaml"), Buffer.from("name: Caf\xe9\n", "latin1"));
    writeFileSync(join(content, "questions", "gamma.md"), Buffer.from([0x2d, 0x2d, 0xff]));
    const { community, questions } = readContentFiles(content, content);
    assert.deepEqual(
      [...community.problems, ...questions.problems].map(
        ({ file, reason }) => `${file}: ${reason.split(";")[0]}`,
      ),
      [
        "community.yaml: line 1, column 10: a byte that is not UTF-8",
        "questions/gamma.md: line 1, column 3: a byte that is not UTF-8",
      ],
    );
  });

  it("is reported with its size when too big to be a post, and never read", async () => {
    const path = join(content, "questions", "alpha.md");
    truncateSync(path, 80 * 1024 * 1024);
    assert.deepEqual(await problems(), [
      "questions/alpha.md: is 81,920 KiB, and a question's file may be at most 256 KiB (Stack Exchange caps a body at 30,000 characters): shorten it, or split it into several posts",
    ]);
  });

  /* A Markdown list of 1 MiB ran the loading thread past its heap, and the build aborted. */
  it("is reported when a list one byte past the limit would have cost the load its thread", async () => {
    const path = join(content, "questions", "beta.md");
    const text = readFileSync(path, "utf8");
    const list = "- a\n".repeat(Math.ceil((MOST_POST_FILE_BYTES - text.length) / 4) + 1);
    writeFileSync(path, text + list);
    assert.match(
      (await problems()).join("\n"),
      /^questions\/beta\.md: is 257 KiB, .* at most 256 KiB/,
    );
    writeFileSync(path, text + list.slice(0, MOST_POST_FILE_BYTES - Buffer.byteLength(text)));
    await build();
  });
});

describe("the entry cache file", () => {
  it("is the only file a load leaves in the cache folder, whether it saved or found problems", async () => {
    const cacheFiles = () =>
      readdirSync(cacheDirectory)
        .filter((name) => name.endsWith("json") || name.endsWith(".new"))
        .sort();
    await build();
    assert.deepEqual(cacheFiles(), ["answers.ndjson", "questions.ndjson", "users.ndjson"]);
    const written = readFileSync(cacheFile, "utf8");
    rmSync(join(content, "questions", "alpha.md"));
    await assert.rejects(build(), ContentError);
    assert.deepEqual(cacheFiles(), ["answers.ndjson", "questions.ndjson", "users.ndjson"]);
    assert.equal(readFileSync(cacheFile, "utf8"), written, "a load with problems saves nothing");
  });

  it("clears away new lines a stopped build left: at once when its process has ended, else after an hour", async () => {
    await build();
    const left = (name: string, hoursAgo: number) => {
      const path = join(cacheDirectory, name);
      writeFileSync(path, "{}\n");
      const then = new Date(Date.now() - hoursAgo * 3_600_000);
      utimesSync(path, then, then);
    };
    const running = `questions.ndjson.${tagOf(process.ppid) ?? ""}-b.new`;
    left("questions.ndjson.0f8e.new", 2);
    left("questions.ndjson.77aa.new", 0);
    left(`questions.ndjson.${endedProcessTag()}-a.new`, 0);
    left(running, 2);
    edit("gamma.md", "Because titles", "Since titles");
    await build();
    assert.deepEqual(
      readdirSync(cacheDirectory)
        .filter((name) => name.endsWith(".new"))
        .sort(),
      ["questions.ndjson.77aa.new", running].sort(),
    );
  });

  it("appends only what changed: nothing for a rebuild without changes, a line for an edit", async () => {
    await build();
    const written = readFileSync(cacheFile, "utf8");
    assert.equal(written.split("\n").length, 1 + 3 + 1, "a header, three questions, a final break");
    await build();
    assert.equal(readFileSync(cacheFile, "utf8"), written, "an unchanged rebuild writes nothing");
    edit("gamma.md", "Because titles", "Since titles");
    await build();
    const appended = readFileSync(cacheFile, "utf8").slice(written.length);
    assert.equal(appended.split("\n").length, 2, "one line");
    assert.match(appended, /^\["gamma",.*Since titles/);
    assert.equal(readCache()?.entries.get("gamma")?.bodyText.slice(0, 12), "Since titles");
  });

  it("forgets a removed question", async () => {
    await build();
    rmSync(join(content, "questions", "gamma.md"));
    await build();
    assert.equal(readCache()?.entries.has("gamma"), false);
    assert.equal(readCache()?.entries.size, 2);
  });

  it("is written afresh when most of its lines are superseded", async () => {
    await build();
    const previous = readEntryCache(cacheFile);
    assert.ok(previous);
    updateEntryCache(
      cacheFile,
      { ...previous, lines: 2 * 3 + 1_001 },
      previous.derivationKey,
      previous.entries,
      new NewLines(cacheFile, previous.derivationKey),
    );
    assert.equal(readCache()?.lines, 3);
  });

  it("is ignored, and every question derived again, when damaged", async () => {
    await build();
    const text = readFileSync(cacheFile, "utf8");
    writeFileSync(cacheFile, text.slice(0, -20));
    assert.equal(readCache(), undefined);
    const after = await build();
    assert.equal(after.counts.derived, 3);
    assert.equal(readCache()?.entries.size, 3, "and then written whole again");
  });

  it("is not read at all under another derivation key", async () => {
    await build();
    const previous = readCache();
    assert.ok(previous);
    assert.equal(readCache(previous.derivationKey)?.entries.size, 3);
    assert.equal(readCache(`${previous.derivationKey}, changed`), undefined);
  });

  it("reads lines longer than its read block, and characters split between blocks", async () => {
    await build();
    const previous = readEntryCache(cacheFile);
    assert.ok(previous);
    const long = "日本語 ".repeat(3_000_000); // 30 MB of UTF-8: more than one 16 MiB block
    const gamma = previous.entries.get("gamma");
    assert.ok(gamma);
    const fresh = new NewLines(cacheFile, previous.derivationKey);
    const entry = { ...cachedEntry<QuestionEntry>(gamma), bodyText: long };
    const line = fresh.add(cacheLine("gamma", gamma.digest, gamma.stamp, gamma.stores, entry));
    const records = previous.entries.copy().set("gamma", { ...gamma, line });
    updateEntryCache(
      cacheFile,
      { ...previous, lines: 2 * 3 + 1_001 },
      previous.derivationKey,
      records,
      fresh,
    );
    const read = readCache()?.entries.get("gamma")?.bodyText;
    // Not assert.equal: a failure would print 30 MB.
    assert.ok(read === long, `read back ${read?.length} characters of ${long.length}`);
  });
});

describe("the answers' entry cache", () => {
  it("reads an edited answer again, and its question's page shows it; the rest come from the cache", async () => {
    rmSync(content, { recursive: true, force: true });
    cpSync(join(projectRoot, "tests/fixtures/answers/content"), content, { recursive: true });
    const load = async () => {
      const { outcome, saveCache } = await loadContent(content, {
        cacheDirectory,
        now: Date.now() + 60_000,
        displayFrom: content,
      });
      assert.ok("content" in outcome);
      saveCache();
      return outcome;
    };
    await load();
    const path = join(content, "answers", "a2.md");
    writeFileSync(path, readFileSync(path, "utf8").replace("copytruncate", "copytruncate instead"));
    const after = await load();
    assert.deepEqual(after.counts.answers, {
      derived: 1,
      unchangedByDigest: 0,
      unchangedByStamp: 2,
    });
    assert.equal(after.counts.questions.derived, 0);
    const question = after.content.questions.find(({ id }) => id === "orig");
    const answer =
      question && readQuestionPage(question.page).answers.find(({ id }) => id === "a2");
    assert.match(answer?.bodyHtml ?? "", /instead/);
  });
});
