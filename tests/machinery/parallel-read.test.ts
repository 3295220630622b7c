import { after, before, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { ContentProblem } from "../../src/lib/problems.ts";
import { readContent } from "../../src/machinery/loading/content-folder.ts";
import { loadContent, type LoadOptions } from "../../src/machinery/loading/load-content.ts";
import {
  joiningThreadCount,
  startReadingWorker,
} from "../../src/machinery/loading/reading-threads.ts";
import { QUESTIONS_FOLDER } from "../../src/machinery/loading/folder-readers.ts";

/*
 * A large folder is read by several threads, each claiming parts of 500 files as it gets to
 * them. Whatever thread read what, the result must be the one reading on one thread gives:
 * the same entries, and the same problems in file order.
 */

const COUNT = 4_200;
let folder: string;

before(() => {
  folder = mkdtempSync(join(tmpdir(), "qa-parallel-read-"));
  writeQuestions(folder, COUNT);
});

function writeQuestions(into: string, count: number): void {
  mkdirSync(join(into, "questions"), { recursive: true });
  writeFileSync(join(into, "community.yaml"), "name: Parallel\nexcerptLength: 40\n");
  for (let n = 1; n <= count; n++) {
    const id = `q${String(n).padStart(5, "0")}`;
    const minute = String(n % 60).padStart(2, "0");
    writeFileSync(
      join(into, "questions", `${id}.md`),
      `---\ntitle: Question ${n}\ntags: [t${n % 7}]\nasked: 2024-01-0${1 + (n % 9)}T10:${minute}:00Z\n---\nBody of **question ${n}**, long enough to be cut.\n`,
    );
  }
}

after(() => rmSync(folder, { recursive: true, force: true }));

/** The fast path's outcome (src/speed/), on as many threads as it takes. */
async function load(contentDir: string, options: LoadOptions = {}) {
  const { outcome } = await loadContent(contentDir, { displayFrom: contentDir, ...options });
  if ("failure" in outcome) throw outcome.failure;
  return outcome;
}

/** The outcome's content as the plain path gives it: each question's page, held as it is. */
function asPlain<Content extends { questions: readonly { page: unknown }[] }>(content: Content) {
  return { ...content, questions: content.questions.map(({ page }) => page) };
}

function problemsOf(
  read: { problems: readonly ContentProblem[] } | { content: unknown },
): string[] {
  assert.ok("problems" in read, "the content has problems");
  return read.problems.map(({ file, field }) => `${file}: ${field ?? ""}`);
}

it("reads the same entries on several threads as on one", async () => {
  const parallel = await load(folder);
  const single = readContent(folder, folder);
  assert.ok("content" in parallel && "content" in single);
  assert.equal(parallel.content.questions.length, COUNT);
  assert.deepEqual(asPlain(parallel.content), single.content);
});

it("lets threads join once the build's main thread waits, and reads every file once", async () => {
  // Enough files that a thread is still worth starting once the main thread waits, 20 ms in,
  // however short their reading takes.
  const large = `${folder}-large`;
  writeQuestions(large, 12_000);
  try {
    // As the questions loader does on the main thread during a build: it says it waits while
    // the reading is under way (here from another thread, since this one reads).
    const mainThreadWaiting = new Int32Array(new SharedArrayBuffer(4));
    const sayWaiting = new Worker(
      `const { workerData } = require("node:worker_threads");
       Atomics.wait(workerData, 0, 0, 20);
       Atomics.store(workerData, 0, 1);`,
      { eval: true, workerData: mainThreadWaiting },
    );
    const said = once(sayWaiting, "exit");
    const joined = await load(large, {
      preparedReading: { mainThreadWaiting, joiningShareMs: 0 },
    });
    await said;
    const single = readContent(large, large);
    assert.ok("content" in joined && "content" in single);
    assert.equal(joined.content.questions.length, 12_000);
    assert.deepEqual(asPlain(joined.content), single.content);
  } finally {
    rmSync(large, { recursive: true, force: true });
  }
});

it("reads the answers on the threads that read the questions, starting none for them", async () => {
  // Enough answers for a second thread, and the questions they answer.
  const both = `${folder}-answers`;
  writeQuestions(both, COUNT);
  mkdirSync(join(both, "answers"));
  for (let n = 1; n <= COUNT; n++) {
    const id = `q${String(n).padStart(5, "0")}`;
    writeFileSync(
      join(both, "answers", `a${id}.md`),
      `---\nquestion: ${id}\nanswered: 2024-02-01T10:00:00Z\n---\nAnswer to **question ${n}**.\n`,
    );
  }
  // Thread ids count every thread the process starts: the gap between two is those started
  // in between.
  const threadId = async () => {
    const worker = new Worker("", { eval: true });
    const { threadId } = worker;
    await once(worker, "exit");
    return threadId;
  };
  try {
    const readers = [startReadingWorker(QUESTIONS_FOLDER)];
    const before = await threadId();
    const read = await load(both, { preparedReading: { readers } });
    const startedDuring = (await threadId()) - before - 1;
    assert.ok("content" in read);
    assert.equal(read.content.questions.length, COUNT);
    const single = readContent(both, both);
    assert.ok("content" in single);
    assert.deepEqual(asPlain(read.content), single.content);
    assert.equal(startedDuring, 0, "no thread started for the answers");
    // Ended once both folders are read, not left running.
    await Promise.all(readers.map(({ ended }) => ended));
  } finally {
    rmSync(both, { recursive: true, force: true });
  }
});

it("lets a thread join a reading under way by the time left, not by the files left", () => {
  // On this machine's cores or fewer: a second thread needs 3 s left, 1.5 s for each.
  const twoIfCores = Math.min(availableParallelism(), 2);
  // 4,000 files of a corpus with answers and comments, about 1 ms each: worth a second thread.
  assert.equal(joiningThreadCount(4_000, 1), twoIfCores);
  // As many files of a listing alone, at a quarter of that: not worth its start.
  assert.equal(joiningThreadCount(4_000, 0.25), 1);
  assert.equal(joiningThreadCount(0, 1), 1);
  assert.equal(joiningThreadCount(4_000, Number.NaN), 1, "nothing measured yet");
});

it("puts reading threads started ahead of the plan to work, and stops those not needed", async () => {
  const early = await load(folder, {
    preparedReading: { readers: [startReadingWorker(QUESTIONS_FOLDER)] },
  });
  assert.ok("content" in early);
  assert.equal(early.content.questions.length, COUNT);
  const small = join(folder, "..", `${folder.split("/").pop()}-small`);
  mkdirSync(join(small, "questions"), { recursive: true });
  try {
    writeFileSync(join(small, "community.yaml"), "name: Small\n");
    writeFileSync(
      join(small, "questions", "only.md"),
      "---\ntitle: Only\ntags: [x]\nasked: 2024-01-01\n---\nBody.\n",
    );
    const unneeded = [startReadingWorker(QUESTIONS_FOLDER), startReadingWorker(QUESTIONS_FOLDER)];
    const read = await load(small, { preparedReading: { readers: unneeded } });
    assert.ok("content" in read);
    assert.equal(read.content.questions.length, 1);
    // Stopped, not left running (a running worker would keep the build from exiting).
    await Promise.all(unneeded.map(({ ended }) => ended.catch(() => "stopped")));
  } finally {
    rmSync(small, { recursive: true, force: true });
  }
});

it("reports the same problems, in file order, whichever thread read the files", async () => {
  const broken = ["q00007", "q02101", "q04199"];
  for (const id of broken)
    writeFileSync(join(folder, "questions", `${id}.md`), "---\ntags: [x]\n---\n");
  writeFileSync(
    join(folder, "questions", "q03000.md"),
    "---\ntitle: Dup\ntags: [x]\nasked: 2024-01-01\nstate: duplicate\nduplicateOf: nowhere\n---\n",
  );
  const parallel = problemsOf(await load(folder));
  const single = problemsOf(readContent(folder, folder));
  assert.deepEqual(parallel, single);
  assert.deepEqual(
    [...new Set(parallel.map((problem) => problem.split(":")[0]))],
    ["questions/q00007.md", "questions/q02101.md", "questions/q03000.md", "questions/q04199.md"],
  );
});
