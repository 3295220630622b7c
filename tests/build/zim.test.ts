import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { chmodSync, cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
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
    const packed = await packZim(["--out", zim, "--site", site, "--license", "CC BY-SA 4.0"]);
    assert.equal(packed.exitCode, 0, packed.output);
  });

  /** kiwix-serve, started by the first test that reads through it. */
  async function served(): Promise<string> {
    server ??= await startKiwixServe(zim, PORT);
    return `http://127.0.0.1:${PORT}`;
  }

  after(() => server?.kill());

  it("passes every check of zimcheck", async () => {
    const check = await runCollectingOutput("zimcheck", ["-A", zim]);
    assert.equal(check.exitCode, 0, check.output);
    assert.match(check.output, /Overall Test Status: Pass/);
  });

  it("is in kiwix-serve's catalogue with community.yaml's metadata, and its search finds a question", async () => {
    const base = await served();
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
    const meta = async (name: string) =>
      fetch(`${base}/raw/example/meta/${name}`).then((response) => response.text());
    assert.equal(await meta("License"), "CC BY-SA 4.0", "from --license");
    assert.match(await meta("Date"), /^\d{4}-\d{2}-\d{2}$/);
  });

  it("suggests questions by their own titles, and nothing but questions", async () => {
    const base = await served();
    const suggest = async (term: string) => {
      const url = `${base}/suggest?content=example&term=${encodeURIComponent(term)}`;
      const found = (await fetch(url).then((response) => response.json())) as {
        value: string;
        path?: string;
      }[];
      return found.flatMap(({ value, path }) => (path === undefined ? [] : [{ value, path }]));
    };
    assert.deepEqual(await suggest("WireGuard handshake"), [
      {
        value: "WireGuard handshake completes but no traffic passes through the tunnel",
        path: "questions/wireguard-handshake-but-no-traffic/index.html",
      },
    ]);
    assert.deepEqual(
      await suggest("Homelab"),
      [],
      "no page is suggested for the name it ends with",
    );
    const tagged = await suggest("Questions tagged");
    assert.deepEqual(
      tagged.filter(({ path }) => !path.startsWith("questions/")),
      [],
      "tag pages are not suggested",
    );
    assert.deepEqual(await suggest("lena"), [], "user pages are not suggested");
  });

  it("holds each person's page and users/, reached from every page's navigation", async () => {
    const base = await served();
    const page = async (path: string) =>
      fetch(`${base}/raw/example/content/${path}`).then(async (response) => ({
        status: response.status,
        html: await response.text(),
      }));
    const lena = await page("users/lena/index.html");
    assert.equal(lena.status, 200);
    assert.match(lena.html, /<h1>lena<\/h1>/);
    const question = await page("questions/nginx-reverse-proxy-websocket/index.html");
    assert.match(question.html, /<a href="\.\.\/\.\.\/users\/index\.html">Users<\/a>/);
    assert.match(question.html, /href="\.\.\/\.\.\/users\/lena\/index\.html">lena<\/a>/);
    assert.equal((await page("users/index.html")).status, 200);
  });

  it("packs any built folder as the site it is, from what the site says, with no content folder", async () => {
    const other = join(work, "basic-site");
    const build = await buildSite(
      join(projectRoot, "tests/fixtures/basic/content"),
      other,
      "npm run build",
      {
        QA_CACHE_DIR: join(work, "basic-cache"),
      },
    );
    assert.equal(build.exitCode, 0, build.output);
    const packed = await packZim(["--out", join(work, "basic.zim"), "--site", other]);
    assert.equal(packed.exitCode, 0, packed.output);
    assert.match(packed.output, /"Fixture Community", fixture_community_eng_all\n/);
    // With QA_CONTENT_DIR naming another community, packing is refused, naming both.
    const crossed = await packZim(["--out", join(work, "crossed.zim"), "--site", other], {
      QA_CONTENT_DIR: join(projectRoot, "content"),
    });
    assert.equal(crossed.exitCode, 2, crossed.output);
    assert.match(
      crossed.stderr,
      /was built from another community \(name "Fixture Community"\) than QA_CONTENT_DIR=\S+ holds \(name "Homelab & Self-Hosting"\); unset QA_CONTENT_DIR/,
    );
    assert.equal(existsSync(join(work, "crossed.zim")), false);
  });

  it("refuses a site built by an older version, which does not say what it is, naming the fix", async () => {
    const old = join(work, "old-site");
    cpSync(site, old, { recursive: true });
    rmSync(join(old, "community.json"));
    const packed = await packZim(["--out", join(work, "old.zim"), "--site", old]);
    assert.equal(packed.exitCode, 2, packed.output);
    assert.match(
      packed.stderr,
      /has no community\.json: it was built by an older version, .*; rebuild it with this version \(npm run build/,
    );
  });

  it("says how to install libzim's binding when the interpreter lacks it, or is missing", async () => {
    // Python without its site packages: Debian's python3-libzim is one of them.
    const bare = join(work, "python-without-libzim");
    writeFileSync(bare, '#!/bin/sh\nexec python3 -S "$@"\n');
    chmodSync(bare, 0o755);
    const packed = await packZim(["--out", join(work, "none.zim"), "--site", site], {
      QA_ZIM_PYTHON: bare,
    });
    assert.equal(packed.exitCode, 2, packed.output);
    assert.match(
      packed.stderr,
      /python3-libzim is not installed: .*sudo apt-get install python3-libzim/,
    );
    const missing = await packZim(["--out", join(work, "none.zim"), "--site", site], {
      QA_ZIM_PYTHON: "/nonexistent/python3",
    });
    assert.equal(missing.exitCode, 2, missing.output);
    assert.match(
      missing.stderr,
      /\/nonexistent\/python3 was not found: install Python 3 and Debian's python3-libzim/,
    );
  });
});
