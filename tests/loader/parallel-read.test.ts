import { after, before, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { loadContentFolder, readContentFolder } from "../../src/loaders/content-folder.ts";
import { ContentError } from "../../src/loaders/content-error.ts";
import { startReadingWorker } from "../../src/loaders/reading-threads.ts";

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

function problemsOf(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof ContentError);
    return error.problems.map(({ file, field }) => `${file}: ${field ?? ""}`);
  }
  return [];
}

it("reads the same entries on several threads as on one", async () => {
  const parallel = await loadContentFolder(folder, { displayFrom: folder });
  const single = readContentFolder(folder, folder);
  assert.equal(parallel.entries.size, COUNT);
  assert.deepEqual([...parallel.entries], [...single.entries]);
});

it("lets threads join once the build's main thread waits, and reads every file once", async () => {
  // Enough files that a thread is still worth starting once the main thread waits, 20 ms in.
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
    const joined = await loadContentFolder(large, { displayFrom: large, mainThreadWaiting });
    await said;
    const single = readContentFolder(large, large);
    assert.equal(joined.entries.size, 12_000);
    assert.deepEqual([...joined.entries], [...single.entries]);
  } finally {
    rmSync(large, { recursive: true, force: true });
  }
});

it("puts reading threads started ahead of the plan to work, and stops those not needed", async () => {
  const early = await loadContentFolder(folder, {
    displayFrom: folder,
    readers: [startReadingWorker()],
  });
  assert.equal(early.entries.size, COUNT);
  const small = join(folder, "..", `${folder.split("/").pop()}-small`);
  mkdirSync(join(small, "questions"), { recursive: true });
  try {
    writeFileSync(join(small, "community.yaml"), "name: Small\n");
    writeFileSync(
      join(small, "questions", "only.md"),
      "---\ntitle: Only\ntags: [x]\nasked: 2024-01-01\n---\nBody.\n",
    );
    const unneeded = [startReadingWorker(), startReadingWorker()];
    const read = await loadContentFolder(small, { displayFrom: small, readers: unneeded });
    assert.equal(read.entries.size, 1);
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
  let parallel: string[] = [];
  await loadContentFolder(folder, { displayFrom: folder }).catch((error: unknown) => {
    parallel = problemsOf(() => {
      throw error;
    });
  });
  const single = problemsOf(() => readContentFolder(folder, folder));
  assert.deepEqual(parallel, single);
  assert.deepEqual(
    [...new Set(parallel.map((problem) => problem.split(":")[0]))],
    ["questions/q00007.md", "questions/q02101.md", "questions/q03000.md", "questions/q04199.md"],
  );
});
