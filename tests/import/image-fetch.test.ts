import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { imageHost as host, picture, type HostRoute as Route } from "../helpers/image-host.ts";
import { fetchImage, type ImageFetchSettings } from "../../scripts/import/image-fetch.ts";

/*
 * Images fetched from a loopback server standing in for an image host, and another standing in
 * for a host that is not listed: every kind kept, every failure reported, no request to the
 * other host, and none at all for an image fetched before.
 */

describe("an image fetched for the content folder", () => {
  const routes = new Map<string, Route | (() => Route)>();
  const elsewhereRoutes = new Map<string, Route | (() => Route)>();
  let images: Awaited<ReturnType<typeof host>>;
  let elsewhere: Awaited<ReturnType<typeof host>>;
  let cacheDir: string;
  let settings: ImageFetchSettings;

  before(async () => {
    images = await host(routes);
    elsewhere = await host(elsewhereRoutes);
    cacheDir = mkdtempSync(join(tmpdir(), "image-cache-"));
    settings = {
      hosts: new Set([images.authority]),
      cacheDir,
      timeoutMs: 1_000,
      maxBytes: 200_000,
      backoffMs: 10,
    };
    for (const format of ["png", "jpeg", "gif", "webp"] as const) {
      routes.set(`/a.${format}`, { type: `image/${format}`, body: await picture(format) });
    }
    routes.set("/wide.png", { type: "image/png", body: await picture("png", 3000, 300) });
    routes.set("/drawing.svg", {
      type: "image/svg+xml",
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20"><script>alert(1)</script><image href="http://127.0.0.1:1/x.png" width="10" height="10"/><rect width="60" height="20" fill="red"/></svg>',
    });
    routes.set("/page.png", { type: "image/png", body: "<!doctype html><title>Not found</title>" });
    routes.set("/huge.png", {
      type: "image/png",
      body: Buffer.alloc(300_000),
      headers: { "content-length": "300000" },
    });
    // Sent in chunks, with no length: counted as it comes.
    routes.set("/huge-unsaid.png", { type: "image/png", body: Buffer.alloc(300_000) });
    routes.set("/slow.png", { hang: true });
    routes.set("/away.png", { status: 302, headers: { location: `${elsewhere.origin}/x.png` } });
    routes.set("/moved.png", { status: 301, headers: { location: "/a.png" } });
    let busy = 0;
    routes.set("/busy.png", () =>
      busy++ === 0
        ? { status: 503, headers: { "retry-after": "0" } }
        : (routes.get("/a.png") as Route),
    );
    elsewhereRoutes.set("/x.png", { type: "image/png", body: await picture("png") });
  });

  after(() => {
    images.server.close();
    elsewhere.server.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it("keeps PNG, JPEG, GIF and WebP as WebP, named by content, with their size", async () => {
    for (const format of ["png", "jpeg", "gif", "webp"]) {
      const fetched = await fetchImage(`${images.origin}/a.${format}`, settings);
      assert.ok("file" in fetched, JSON.stringify(fetched));
      assert.match(fetched.file, /^[0-9a-f]{32}\.webp$/);
      assert.deepEqual([fetched.width, fetched.height], [40, 30], format);
      const kept = await sharp(readFileSync(join(cacheDir, "files", fetched.file))).metadata();
      assert.equal(kept.format, "webp");
    }
  });

  it("scales a wide image down to 1,280 px, and draws an SVG as pixels, loading nothing", async () => {
    const wide = await fetchImage(`${images.origin}/wide.png`, settings);
    assert.ok("file" in wide);
    assert.deepEqual([wide.width, wide.height], [1280, 128]);
    const drawn = await fetchImage(`${images.origin}/drawing.svg`, settings);
    assert.ok("file" in drawn, JSON.stringify(drawn));
    assert.deepEqual([drawn.width, drawn.height], [60, 20]);
    assert.equal(
      (await sharp(readFileSync(join(cacheDir, "files", drawn.file))).metadata()).format,
      "webp",
    );
  });

  it("reports every failure, and never asks a host that is not listed", async () => {
    const failures: Record<string, string> = {};
    const paths = ["/missing.png", "/page.png", "/huge.png", "/huge-unsaid.png"];
    for (const path of [...paths, "/slow.png", "/away.png"]) {
      const fetched = await fetchImage(`${images.origin}${path}`, settings);
      assert.ok("failure" in fetched, path);
      failures[path] = fetched.failure;
    }
    const outside = await fetchImage(`${elsewhere.origin}/x.png`, settings);
    assert.match(failures["/page.png"] ?? "", /^is not an image that can be read \(/);
    delete failures["/page.png"];
    assert.deepEqual(failures, {
      "/missing.png": "answered 404",
      "/huge.png": "is 300000 bytes, over the cap of 200000",
      "/huge-unsaid.png": "is over the cap of 200000 bytes",
      "/slow.png": "took more than 1 s",
      "/away.png": `redirects to ${elsewhere.authority}, which is not an image host (--image-hosts)`,
    });
    assert.deepEqual(outside, {
      failure: `is on ${elsewhere.authority}, which is not an image host (--image-hosts)`,
    });
    assert.deepEqual(elsewhere.requests, []);
  });

  it("follows a redirect on a listed host, and tries again when the host is busy", async () => {
    const moved = await fetchImage(`${images.origin}/moved.png`, settings);
    assert.ok("file" in moved);
    const busy = await fetchImage(`${images.origin}/busy.png`, settings);
    assert.ok("file" in busy, JSON.stringify(busy));
    assert.equal(images.requests.filter((path) => path === "/busy.png").length, 2);
  });

  it("asks nothing of the host a second time: the cache has it", async () => {
    const before = images.requests.length;
    const again = await fetchImage(`${images.origin}/a.png`, settings);
    assert.ok("file" in again);
    assert.equal(again.fromCache, true);
    assert.equal(images.requests.length, before);
  });
});
