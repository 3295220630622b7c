import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { loadContent } from "../../src/machinery/loading/load-content.ts";
import {
  closeTextStores,
  pageStoreDirectory,
  readPageBytes,
  readPageText,
  readListingEntry,
  readQuestionPage,
  removeUnusedStores,
  storeText,
  textStoreDirectory,
} from "../../src/machinery/store/text-store.ts";
import type { StoredText } from "../../src/machinery/store/stored-text.ts";

describe("the text store", () => {
  let work: string;
  before(() => (work = mkdtempSync(join(tmpdir(), "qa-text-store-"))));
  after(() => rmSync(work, { recursive: true, force: true }));

  it("gives back each text as it was, whatever its characters", () => {
    const texts = ["<p>plain</p>", "", "<p>é ß 漢字 😀 \u2028</p>", "x".repeat(100_000)];
    const stored = texts.map((text) => storeText(join(work, "texts"), text));
    closeTextStores();
    assert.deepEqual(stored.map(readPageText), texts);
    assert.equal(readPageText("inline"), "inline");
    // As bytes too, for a file written as it is stored (the search index's), each its own copy.
    const bytes = [...stored, "inline é"].map(readPageBytes);
    assert.deepEqual(
      bytes.map((read) => Buffer.from(read).toString("utf8")),
      [...texts, "inline é"],
    );
    assert.equal(new Set(bytes.map((read) => read.buffer)).size, bytes.length);
    assert.equal(readdirSync(join(work, "texts")).length, 1, "one store per thread and build");
  });

  it("gives back texts in any order, even before this thread's store has written them out", () => {
    // Thousands of texts, some larger than a read block, read back newest first (the order of
    // the listing), then shuffled, then in order: each read must give its own text.
    const texts = Array.from({ length: 3_000 }, (_, index) =>
      index % 500 === 7 ? `<p>${"long ".repeat(20_000)}${index}</p>` : `<p>text ${index} é</p>`,
    );
    const stored = texts.map((text) => storeText(join(work, "orders"), text));
    const order = texts.map((_, index) => index);
    const shuffled = order.map((index) => (index * 7_919) % texts.length);
    for (const indexes of [[...order].reverse(), shuffled, order]) {
      for (const index of indexes) {
        assert.equal(readPageText(stored[index] as StoredText), texts[index]);
      }
    }
    closeTextStores();
  });

  it("names the store and the fix when a store ends before a text", () => {
    const stored = storeText(join(work, "cut"), "<p>a text the store will lose</p>");
    closeTextStores();
    writeFileSync(stored.store, "<p>a te");
    assert.throws(
      () => readPageText(stored),
      (error: Error) =>
        error.message.includes(stored.store) &&
        error.message.includes("delete the build cache folder"),
    );
  });

  it("leaves an unused store alone for a minute: another load may be about to point into it", () => {
    const directory = join(work, "recent");
    storeText(directory, "<p>written by another load</p>");
    closeTextStores();
    removeUnusedStores(directory, [], Date.now());
    assert.equal(readdirSync(directory).length, 1);
    removeUnusedStores(directory, [], Date.now() + 61_000);
    assert.equal(readdirSync(directory).length, 0);
  });
});

describe("a build's set-apart bodies", () => {
  let work: string;
  let content: string;
  let cache: string;
  const question = (id: string, body: string) =>
    writeFileSync(
      join(content, "questions", `${id}.md`),
      `---\ntitle: Question ${id}\ntags: [test]\nasked: 2024-01-0${id.length}T00:00:00Z\n---\n${body}\n`,
    );
  const load = async (later = 60_000) => {
    const { outcome, saveCache } = await loadContent(content, {
      cacheDirectory: cache,
      displayFrom: content,
      now: Date.now() + later,
    });
    saveCache();
    assert.ok("content" in outcome);
    return outcome;
  };
  const stores = () => readdirSync(textStoreDirectory(cache));

  before(() => {
    work = mkdtempSync(join(tmpdir(), "qa-text-store-build-"));
    content = join(work, "content");
    cache = join(work, "cache");
    mkdirSync(join(content, "questions"), { recursive: true });
    writeFileSync(join(content, "community.yaml"), "name: Test\n");
    question("a", "First *body*.");
    question("bb", "Second body.");
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it("are read back for the page, and a rebuild reuses them", async () => {
    const first = await load();
    const pages = first.content.questions.map(({ page }) => readQuestionPage(page));
    assert.deepEqual(
      pages.map(({ bodyHtml }) => bodyHtml),
      ["<p>Second body.</p>\n", "<p>First <em>body</em>.</p>\n"],
    );
    const again = await load();
    assert.equal(again.counts.questions.unchangedByStamp, 2);
    assert.deepEqual(
      again.content.questions.map(({ page }) => readQuestionPage(page)),
      pages,
    );
  });

  it("are rendered again when their store is gone, and the page is the same", async () => {
    const before = (await load()).content.questions.map(({ page }) => readQuestionPage(page));
    for (const store of stores()) {
      rmSync(join(textStoreDirectory(cache), store));
    }
    const after = await load();
    assert.equal(after.counts.questions.derived, 2, "both files read again");
    assert.deepEqual(
      after.content.questions.map(({ page }) => readQuestionPage(page)),
      before,
    );
  });

  it("leave no store behind that no entry points into", async () => {
    await load();
    const old = stores();
    question("a", "First body, edited.");
    question("bb", "Second body, edited.");
    const edited = await load();
    assert.equal(edited.counts.questions.derived, 2);
    const now = stores();
    assert.equal(now.length, 1);
    assert.ok(!old.includes(now[0] as string), "the old store went, all its texts replaced");
    assert.match(readFileSync(join(textStoreDirectory(cache), now[0] as string), "utf8"), /edited/);
  });

  it("hold each question's page too, set apart and read back whole, the last build's let go", async () => {
    const first = await load();
    const listed = first.content.questions.find(({ id }) => id === "a");
    assert.ok(listed !== undefined && "digest" in listed.page, "the page is set apart");
    assert.deepEqual(Object.keys(listed).sort(), ["facts", "id", "listingDigest", "page", "tags"]);
    const page = readQuestionPage(listed.page);
    // What the listing shows, read from the page without its texts.
    const { id, titleLine, tags, excerpt } = page;
    assert.deepEqual(readListingEntry(listed.page), { id, titleLine, tags, excerpt });
    assert.match(excerpt, /^First body/);
    assert.equal(page.titleLine, "Question a");
    assert.equal(page.asked.text, "2024-01-01 00:00 UTC");
    assert.match(page.bodyHtml, /First body/);
    const pageStores = () => readdirSync(pageStoreDirectory(cache));
    const before = pageStores();
    // Two minutes on: the first build's page store is no one's, and older than a minute.
    const again = await load(120_000);
    const relisted = again.content.questions.find(({ id }) => id === "a");
    assert.ok(relisted !== undefined && "digest" in relisted.page);
    assert.equal(relisted.page.digest, listed.page.digest, "an unchanged page, the same digest");
    assert.notEqual(relisted.page.store, listed.page.store, "set apart afresh by each build");
    assert.deepEqual(pageStores(), [basename(relisted.page.store)]);
    assert.ok(!before.includes(basename(relisted.page.store)));
  });

  it("set what the listing shows of a question before its page, read without the page", async () => {
    const listed = (await load()).content.questions.find(({ id }) => id === "a");
    assert.ok(listed !== undefined && "digest" in listed.page);
    // An earlier test edited it. The store cut right after the entry: a listing page still reads it, the page cannot.
    const { store, at, entryBytes } = listed.page;
    truncateSync(store, at + entryBytes);
    assert.deepEqual(readListingEntry(listed.page), {
      id: "a",
      titleLine: "Question a",
      tags: ["test"],
      excerpt: "First body, edited.",
    });
    assert.throws(() => readQuestionPage(listed.page), /delete the build cache folder/);
  });
});
