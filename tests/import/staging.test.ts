import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { inTempFolder } from "../helpers/temp-folder.ts";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createStaging, recoverInterruptedImports, swapIn } from "../../scripts/import/staging.ts";
import { tagOf } from "../../src/machinery/store/process-tag.ts";
import { endedProcessTag } from "../helpers/ended-process.ts";

/*
 * An import writes beside --out and swaps its folder in (scripts/import/staging.ts). A kill
 * between the swap's two renames left no --out at all, the killed imports' hidden folders
 * stayed beside it, and imported folders were made mode 0700 whatever the umask.
 */

/** A folder holding one file, `marker`, as an import's folder would. */
function folderWith(path: string, marker: string): void {
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, "community.yaml"), marker);
}

const marker = (path: string) => readFileSync(join(path, "community.yaml"), "utf8");

/** Runs `run` in a new temporary folder with the --out it imports into, `content`. */
function inWork(run: (work: string, out: string) => void): void {
  inTempFolder("qa-staging-", (work) => run(work, join(work, "content")));
}

describe("what killed imports left beside --out", () => {
  it("finishes a swap cut between its two renames: the new folder in, the old one gone", () => {
    inWork((work, out) => {
      const killed = `${endedProcessTag()}-1`;
      folderWith(join(work, `.content.import-ready-${killed}`), "new");
      folderWith(join(work, `.content.import-old-${killed}`), "old");
      const said = recoverInterruptedImports(out);
      assert.equal(marker(out), "new");
      assert.deepEqual(readdirSync(work), ["content"]);
      assert.match(said.join("\n"), /left .*content missing; finished the swap/);
    });
  });

  it("deletes a half-written folder, one never swapped in and an old one left to delete", () => {
    inWork((work, out) => {
      folderWith(out, "current");
      const killed = endedProcessTag();
      folderWith(join(work, `.content.import-${killed}-1`), "half");
      folderWith(join(work, `.content.import-ready-${killed}-2`), "never swapped");
      folderWith(join(work, `.content.import-old-${killed}-3`), "replaced");
      assert.equal(recoverInterruptedImports(out).length, 3);
      assert.equal(marker(out), "current");
      assert.deepEqual(readdirSync(work), ["content"]);
    });
  });

  it("finds nothing to do for an --out whose folder does not exist yet", () => {
    inWork((work) => assert.deepEqual(recoverInterruptedImports(join(work, "new/content")), []));
  });

  it("leaves alone the folders of an import still running", () => {
    inWork((work, out) => {
      const running = join(work, `.content.import-${tagOf(process.ppid) ?? ""}-1`);
      folderWith(running, "being written");
      assert.deepEqual(recoverInterruptedImports(out), []);
      assert.ok(existsSync(running));
    });
  });
});

it("makes the imported folder with the mode the umask gives, not 0700", () => {
  const umask = process.umask(0o022);
  try {
    inWork((_work, out) => {
      const staging = createStaging(out);
      swapIn(staging, out, false);
      assert.equal((statSync(out).mode & 0o777).toString(8), "755");
      assert.equal((statSync(join(out, "questions")).mode & 0o777).toString(8), "755");
    });
  } finally {
    process.umask(umask);
  }
});

/* Two imports at once into one new --out: the later swap replaced the first one's folder. */
it("keeps a folder another import wrote meanwhile, unless asked to replace it", () => {
  inWork((work, out) => {
    const staging = createStaging(out);
    folderWith(out, "the other import's");
    assert.throws(
      () => swapIn(staging, out, false),
      /was written by another import while this one ran/,
    );
    assert.equal(marker(out), "the other import's");
    assert.deepEqual(readdirSync(work), ["content"], "nothing of this import is left");
    const forced = createStaging(out);
    folderWith(forced, "forced");
    swapIn(forced, out, true);
    assert.equal(marker(out), "forced");
    assert.deepEqual(readdirSync(work), ["content"]);
  });
});
