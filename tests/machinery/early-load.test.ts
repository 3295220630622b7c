import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildLoadOf,
  handOverEarlyLoad,
  loadingHeapLimitMb,
  startEarlyLoad,
  takeEarlyLoad,
} from "../../src/machinery/loading/early-load.ts";
import {
  listedNames,
  packListing,
  unpackListing,
} from "../../src/machinery/loading/listed-names.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { readContent } from "../../src/machinery/loading/content-folder.ts";
import type { LoadOutcome } from "../../src/machinery/loading/load-content.ts";
import { readListingEntry } from "../../src/machinery/store/text-store.ts";

it("hands an early load to the loader of the same folder and cache, once", async () => {
  const outcome: Promise<LoadOutcome> = Promise.resolve({ problems: [] });
  handOverEarlyLoad("/site/content", "/cache/content-1", outcome);
  assert.equal(takeEarlyLoad("/other/content", "/cache/content-1"), undefined);
  assert.equal(takeEarlyLoad("/site/content", "/other/content-1"), undefined);
  assert.equal(takeEarlyLoad("/site/content", "/cache/content-1"), outcome);
  // The dev server's next request must read the files as they are then.
  assert.equal(takeEarlyLoad("/site/content", "/cache/content-1"), undefined);
  // The community comes from the same read, before or after the questions take it.
  assert.equal(buildLoadOf("/site/content"), outcome);
  assert.equal(buildLoadOf("/other/content"), undefined);
});

it("tells the loading thread the main thread waits, whichever loader waits first", () => {
  // The community's or the images' loader may await the load before the questions' loader
  // takes it; reading threads join only once the flag says the main thread's core is free.
  const outcome: Promise<LoadOutcome> = Promise.resolve({ problems: [] });
  const mainThreadWaiting = new Int32Array(new SharedArrayBuffer(4));
  handOverEarlyLoad("/site/content", "/cache/content-1", outcome, { mainThreadWaiting });
  assert.equal(buildLoadOf("/other/content"), undefined);
  assert.equal(Atomics.load(mainThreadWaiting, 0), 0, "not for another folder's load");
  assert.equal(buildLoadOf("/site/content"), outcome);
  assert.equal(Atomics.load(mainThreadWaiting, 0), 1);
});

describe("startEarlyLoad", () => {
  const loadWorker = join(projectRoot, "src/machinery/loading/early-load-worker.ts");
  const basic = join(projectRoot, "tests/fixtures/basic/content");
  const ordering = join(projectRoot, "tests/fixtures/ordering/content");
  let cacheDir: string;
  before(() => (cacheDir = mkdtempSync(join(tmpdir(), "qa-early-load-"))));
  after(() => rmSync(cacheDir, { recursive: true, force: true }));

  it("keeps a load already under way for the same folders rather than starting another", async () => {
    // As `npm run build` starts it, then Astro's integration asks again.
    const cacheFolder = join(cacheDir, "same");
    const first = startEarlyLoad(loadWorker, basic, cacheFolder);
    const again = startEarlyLoad(loadWorker, basic, cacheFolder);
    assert.equal(again.finished, first.finished);
    const outcome = await takeEarlyLoad(basic, cacheFolder);
    assert.ok(outcome && "content" in outcome, JSON.stringify(outcome));
    assert.equal(outcome.content.questions.length, readdirSync(join(basic, "questions")).length);
    await first.finished;
  });

  it("loads the folders as the listings it is handed list them, rather than listing them again", async () => {
    // As `npm run build` hands over what it listed to size the thread's heap. A listing taken
    // a moment before the load, here one without the last answer, is the one the load reads.
    const withAnswers = join(projectRoot, "tests/fixtures/answers/content");
    const questions = listedNames(join(withAnswers, "questions"));
    const answers = listedNames(join(withAnswers, "answers"))?.slice(0, -1);
    const cacheFolder = join(cacheDir, "listed");
    const load = startEarlyLoad(loadWorker, withAnswers, cacheFolder, {
      listings: { questions, answers },
    });
    const outcome = await takeEarlyLoad(withAnswers, cacheFolder);
    assert.ok(outcome && "content" in outcome, JSON.stringify(outcome));
    assert.equal(outcome.content.questions.length, questions?.length);
    assert.equal(outcome.counts.answers.derived, answers?.length);
    await load.finished;
  });

  it("hands over the questions in parts as they are derived, put back in listing order", async () => {
    // In the ordering fixture the listing is not file order: the parts come in file order, each
    // question with its place, and must land where the plain path lists them.
    const plain = readContent(ordering);
    assert.ok("content" in plain);
    // 8 questions, 3 to a message: two full parts and a short one.
    const parted = startEarlyLoad(loadWorker, ordering, join(cacheDir, "parted"), {
      questionsPerMessage: 3,
    });
    const partedOutcome = await takeEarlyLoad(ordering, join(cacheDir, "parted"));
    await parted.finished;
    assert.ok(partedOutcome && "content" in partedOutcome, JSON.stringify(partedOutcome));
    const listed = partedOutcome.content.questions.map(({ page }) => readListingEntry(page));
    assert.equal(listed.length, 8);
    assert.notDeepEqual(
      listed.map(({ id }) => id),
      listed.map(({ id }) => id).sort(),
      "the fixture's listing is not file order",
    );
    assert.deepEqual(
      listed,
      plain.content.questions.map(({ id, titleLine, tags, excerpt }) => ({
        id,
        titleLine,
        tags,
        excerpt,
      })),
    );
  });

  it("stops a load started for other folders, says so, and loads the ones asked for", async (t) => {
    const warn = t.mock.method(console, "warn", () => undefined);
    const guessed = startEarlyLoad(loadWorker, basic, join(cacheDir, "guessed"));
    const cacheFolder = join(cacheDir, "asked");
    const asked = startEarlyLoad(loadWorker, ordering, cacheFolder);
    assert.notEqual(asked.finished, guessed.finished);
    assert.match(String(warn.mock.calls[0]?.arguments[0]), /loading again/);
    // Stopped: it ends without loading, nor writing an entry cache nobody asked for.
    await guessed.finished;
    assert.equal(existsSync(join(cacheDir, "guessed")), false);
    assert.equal(takeEarlyLoad(basic, join(cacheDir, "guessed")), undefined);
    const outcome = await takeEarlyLoad(ordering, cacheFolder);
    assert.ok(outcome && "content" in outcome, JSON.stringify(outcome));
    assert.equal(outcome.content.questions.length, readdirSync(join(ordering, "questions")).length);
    await asked.finished;
  });

  it("loads again with the machine's memory when the heap limit was too small, and says so", async (t) => {
    const warn = t.mock.method(console, "warn", () => undefined);
    const cacheFolder = join(cacheDir, "small-heap");
    // A few megabytes: the thread cannot even load its code in them.
    const load = startEarlyLoad(loadWorker, basic, cacheFolder, { heapLimitMb: 4 });
    const outcome = await takeEarlyLoad(basic, cacheFolder);
    assert.ok(outcome && "content" in outcome, JSON.stringify(outcome));
    assert.equal(outcome.content.questions.length, readdirSync(join(basic, "questions")).length);
    assert.match(
      String(warn.mock.calls[0]?.arguments[0]),
      /more than its 4 MB of heap; loading again with up to \d+ MB/,
    );
    await load.finished;
    // The thread that loaded again wrote the entry cache.
    assert.ok(existsSync(join(cacheFolder, "questions.ndjson")));
  });
});

it("packs a folder's listing to cross threads and unpacks it as it was", () => {
  const listing = [
    { name: "q1.md", isFile: true },
    { name: "drafts", isFile: false },
    { name: "q 2 (copy).md", isFile: true },
  ];
  assert.deepEqual(unpackListing(structuredClone(packListing(listing))), listing);
  assert.deepEqual(unpackListing(structuredClone(packListing([]))), []);
});

it("limits the loading thread's heap in proportion to the files, at a lower rate at scale", () => {
  const at = loadingHeapLimitMb;
  assert.ok(at(10_000) < at(100_000) && at(100_000) < at(248_000));
  assert.equal(at(248_000), 160 + Math.ceil((248_000 * 1_600) / 2 ** 20));
  assert.equal(at(741_000), 160 + 400, "300,000 questions: the rates' meeting point");
  // A million questions with their answers: some 1.7 times the 375 MB the thread kept at most,
  // and under 2 GB (2,048 MiB), where V8 grows a heap to twice what it keeps at most.
  assert.equal(at(2_470_000), 160 + Math.ceil((2_470_000 * 200) / 2 ** 20));
  assert.ok(at(2_470_000) < 700);
  assert.ok(at(4_000_000) < 2_000);
  assert.ok(at(10_000_000) > at(4_000_000));
  // People at 1 KB each and their posts at 200 bytes, at any scale: 108,173 beside 247,879
  // posts' files.
  assert.equal(
    at(248_000, 108_173),
    160 + Math.ceil((248_000 * 1_600 + 108_173 * 1_000 + 248_000 * 200) / 2 ** 20),
  );
  assert.equal(
    at(2_470_000, 300_000),
    160 + Math.ceil((2_470_000 * 200 + 300_000 * 1_000 + 2_470_000 * 200) / 2 ** 20),
  );
  // A million questions' 2,469,319 posts by 224,207 people ran out of the 845 MB that people
  // alone made; with the posts they wrote held, 1,316.
  assert.equal(at(2_469_319, 224_207), 1_316);
});
