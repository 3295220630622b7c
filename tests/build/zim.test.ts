import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { runCollectingOutput } from "../../scripts/common/run-process.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { packZim, startKiwixServe } from "../helpers/kiwix.ts";

/*
 * The example built and packed into a ZIM by `npm run zim`, then read by Kiwix's own tools:
 * zimcheck's every check, and kiwix-serve's catalogue and full-text search.
 */

const work = join(projectRoot, "tests/.output/zim");
const site = join(work, "site");
const zim = join(work, "example.zim");
const PORT = 4396;

describe("the example as a ZIM file", () => {
  let server: ChildProcess | undefined;

  before(async () => {
    rmSync(work, { recursive: true, force: true });
    // A cache of its own: other tests build the example at the same time.
    const build = await buildSite(join(projectRoot, "content"), site, "npm run build", {
      QA_CACHE_DIR: join(work, "cache"),
    });
    assert.equal(build.exitCode, 0, build.output);
    const packed = await packZim(["--out", zim, "--site", site]);
    assert.equal(packed.exitCode, 0, packed.output);
  });

  after(() => server?.kill());

  it("passes every check of zimcheck", async () => {
    const check = await runCollectingOutput("zimcheck", ["-A", zim]);
    assert.equal(check.exitCode, 0, check.output);
    assert.match(check.output, /Overall Test Status: Pass/);
  });

  it("is in kiwix-serve's catalogue with community.yaml's metadata, and its search finds a question", async () => {
    server = await startKiwixServe(zim, PORT);
    const base = `http://127.0.0.1:${PORT}`;
    const catalogue = await fetch(`${base}/catalog/v2/entries`).then((response) => response.text());
    assert.match(catalogue, /<title>Homelab &amp; Self-Hosting<\/title>/);
    assert.match(
      catalogue,
      /<summary>Questions and answers of Homelab &amp; Self-Hosting<\/summary>/,
    );
    assert.match(catalogue, /<language>eng<\/language>/);
    assert.match(catalogue, /<name>homelab_self-hosting_eng_all<\/name>/);
    assert.match(catalogue, /type="image\/png;width=48;height=48;scale=1"/);
    const results = await fetch(`${base}/search?content=example&pattern=websocket`).then(
      (response) => response.text(),
    );
    assert.match(results, /href="[^"]*\/questions\/nginx-reverse-proxy-websocket\/index\.html"/);
  });

  it("says how to install zimwriterfs when it is missing", async () => {
    const packed = await packZim(["--out", join(work, "none.zim"), "--site", site], {
      ...process.env,
      PATH: "/nonexistent",
    });
    assert.equal(packed.exitCode, 2);
    assert.match(packed.stderr, /zimwriterfs is not installed: it comes with Debian's zim-tools/);
  });
});
