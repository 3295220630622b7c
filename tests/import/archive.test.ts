import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  existsSync,
  openSync,
  readdirSync,
  truncateSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { assertSameFiles, filesUnder } from "../helpers/files-under.ts";
import { dumpsDir, withDumps } from "../helpers/real-dumps.ts";
import { runImport } from "../helpers/run-import.ts";
import { inTempFolder } from "../helpers/temp-folder.ts";

/*
 * A site's dump as Stack Exchange publishes it since 2024: one `.7z`, imported as downloaded,
 * each XML file streamed out of the archive by Debian's 7-Zip, nothing unpacked on disk.
 */

const beerDump = join(dumpsDir, "beer.stackexchange.com");
const skip =
  "skip" in withDumps
    ? withDumps.skip
    : spawnSync("7zz", ["i"]).error !== undefined
      ? "7-Zip (7zz) is not installed: apt-get install 7zip"
      : false;

/** beer's dump packed as Stack Exchange packs a site: its XML files at the archive's root. */
function packBeer(archive: string): void {
  const xml = readdirSync(beerDump).filter((name) => name.endsWith(".xml"));
  const packed = spawnSync("7zz", ["a", "-bd", "-bso0", archive, ...xml], { cwd: beerDump });
  assert.equal(packed.status, 0, packed.stderr.toString());
}

/** What the import says on refusing `archive` (it must exit 2, a usage error). */
function refusedImport(archive: string, out: string): string {
  const run = runImport(archive, "--out", out, "--site", "beer.stackexchange.com");
  assert.equal(run.status, 2, run.stdout);
  return run.stderr;
}

describe("importing a site's .7z archive", { skip }, () => {
  it("writes the same content folder as the import of the dump's folder, byte for byte", () => {
    inTempFolder("qa-archive-", (work) => {
      const archive = join(work, "beer.stackexchange.com.7z");
      packBeer(archive);
      const fromArchive = runImport(archive, "--out", join(work, "from-archive"));
      assert.equal(fromArchive.status, 0, fromArchive.stderr);
      // The site comes from the archive's name, as from a folder's.
      assert.match(fromArchive.stdout, /^Import of beer\.stackexchange\.com \(/);
      const fromFolder = runImport(beerDump, "--out", join(work, "from-folder"));
      assert.equal(fromFolder.status, 0, fromFolder.stderr);
      assertSameFiles(
        filesUnder(join(work, "from-archive")),
        filesUnder(join(work, "from-folder")),
      );
      // Nothing unpacked, nothing left beside the archive or the output.
      assert.deepEqual(readdirSync(work).sort(), [
        "beer.stackexchange.com.7z",
        "from-archive",
        "from-folder",
      ]);
    });
  });

  it("refuses a truncated or damaged archive, naming the fix, and writes nothing", () => {
    inTempFolder("qa-archive-", (work) => {
      const archive = join(work, "beer.stackexchange.com.7z");
      packBeer(archive);
      const truncated = join(work, "truncated.7z");
      copyFileSync(archive, truncated);
      truncateSync(truncated, 600_000);
      assert.match(
        refusedImport(truncated, join(work, "cut")),
        /truncated\.7z cannot be read as a 7z archive \(.*Unexpected end of archive\): it is damaged or incomplete, so download it again/,
      );
      // Its index intact, its data not: the first file read out of it fails.
      const damaged = join(work, "damaged.7z");
      copyFileSync(archive, damaged);
      const fd = openSync(damaged, "r+");
      writeSync(fd, Buffer.alloc(512, 0x5a), 0, 512, 200_000);
      closeSync(fd);
      assert.match(
        refusedImport(damaged, join(work, "bad")),
        /damaged\.7z could not give \w+\.xml whole \(7-Zip: .*Data Error.*\): the archive is damaged or incomplete, so download it again/,
      );
      assert.deepEqual(readdirSync(work).sort(), [
        "beer.stackexchange.com.7z",
        "damaged.7z",
        "truncated.7z",
      ]);
    });
  });

  it("refuses an archive with no Posts.xml", () => {
    inTempFolder("qa-archive-", (work) => {
      const archive = join(work, "tags-only.7z");
      const packed = spawnSync("7zz", ["a", "-bd", "-bso0", archive, "Tags.xml"], {
        cwd: beerDump,
      });
      assert.equal(packed.status, 0);
      assert.match(
        refusedImport(archive, join(work, "out")),
        /tags-only\.7z holds no Posts\.xml; give a site's archive as Stack Exchange publishes it/,
      );
      assert.equal(existsSync(join(work, "out")), false);
    });
  });
});
