import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { inTempFolder } from "../helpers/temp-folder.ts";
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { takeLock } from "../../src/machinery/store/folder-lock.ts";
import { removeOldUnusedFiles } from "../../src/machinery/store/old-files.ts";
import { PROCESS_TAG, tagOf, writerOf } from "../../src/machinery/store/process-tag.ts";
import { endedProcessTag } from "../helpers/ended-process.ts";

/*
 * Files a build writes for itself (a lock, temporary files) name the process that wrote them
 * (src/machinery/store/process-tag.ts), so that those a killed build left are known at once.
 * A killed build's temporary files stayed an hour, and its lock would have stopped every
 * later build.
 */

describe("a process tag", () => {
  it("tells this process, a process that has ended, and a name it cannot tell", () => {
    assert.equal(writerOf(`cache.${PROCESS_TAG}-x.new`), "this process");
    assert.equal(writerOf(`cache.${endedProcessTag()}-x.new`), "gone");
    assert.equal(writerOf("cache.0f0e3a4c-x.new"), "unknown");
  });

  it("tells a process still running from a later one given its id", () => {
    const parent = tagOf(process.ppid) ?? "";
    assert.equal(writerOf(parent), "running");
    const later = parent.replace(/t(\d+)$/, (_, start: string) => `t${Number(start) + 1}`);
    assert.equal(writerOf(later), "gone");
  });
});

describe("the files a build leaves", () => {
  it("go at once when their writer has ended, and stay while it runs, however old", () => {
    inTempFolder("qa-left-", (folder) => {
      const ended = `${endedProcessTag()}-a.new`;
      const running = `${tagOf(process.ppid) ?? ""}-b.new`;
      const untagged = "c.new";
      for (const name of [ended, running, untagged]) writeFileSync(join(folder, name), "");
      utimesSync(join(folder, untagged), new Date(2000, 0, 1), new Date(2000, 0, 1));
      utimesSync(join(folder, running), new Date(2000, 0, 1), new Date(2000, 0, 1));
      removeOldUnusedFiles(folder, Date.now() - 60 * 60_000, () => true);
      assert.deepEqual(readdirSync(folder), [running]);
    });
  });
});

describe("a lock file", () => {
  it("is held by one taker at a time, and says who holds it", () => {
    inTempFolder("qa-lock-", (folder) => {
      const file = join(folder, "lock");
      const first = takeLock(file, "building");
      assert.ok(!("heldBy" in first));
      const second = takeLock(file, "building");
      assert.ok("heldBy" in second);
      assert.equal(second.heldBy.pid, process.pid);
      assert.equal(second.heldBy.doing, "building");
      first.release();
      assert.equal(existsSync(file), false);
      const third = takeLock(file, "building");
      assert.ok(!("heldBy" in third));
      third.release();
    });
  });

  it("is taken over from a holder that ended without letting go, and hands on what it held", () => {
    inTempFolder("qa-lock-", (folder) => {
      const file = join(folder, "lock");
      const since = "2026-01-02T03:04:05.000Z";
      const tag = endedProcessTag();
      writeFileSync(
        file,
        JSON.stringify({ tag, pid: 1, host: "h", since, doing: "x", data: { n: 7 } }),
      );
      const taken = takeLock(file, "building", (replaced) => ({
        n: replaced.map(({ data }) => data["n"]),
      }));
      assert.ok(!("heldBy" in taken));
      assert.deepEqual(
        taken.replaced.map(({ since, data }) => ({ since, data })),
        [{ since, data: { n: 7 } }],
      );
      assert.deepEqual(JSON.parse(readFileSync(file, "utf8")).data, { n: [7] });
      taken.release();
    });
  });
});
