import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { RouteData } from "astro";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  ASTRO_VERSION_WRITTEN_FOR,
  bundleEntryFile,
  bundleRenderer,
  checkAstroVersion,
  pageLocation,
} from "../../src/machinery/astro/astro-internals.ts";
import { projectFile } from "../../src/project-paths.ts";

describe("the adapter of Astro's internals", () => {
  it("was written for the Astro this project installs", () => {
    const require = createRequire(projectFile("package.json"));
    const { version } = require("astro/package.json") as { version: string };
    assert.equal(
      version,
      ASTRO_VERSION_WRITTEN_FOR,
      "Astro was upgraded: check each use in src/machinery/astro/astro-internals.ts against the new version, then update ASTRO_VERSION_WRITTEN_FOR",
    );
    assert.doesNotThrow(() => checkAstroVersion());
  });

  it("stops a build under another Astro with a message naming both versions and the fixes", () => {
    assert.throws(
      () => checkAstroVersion("7.4.0"),
      (error: Error) =>
        error.message.startsWith(
          `Astro 7.4.0 is installed, but src/machinery/astro/astro-internals.ts was written for Astro ${ASTRO_VERSION_WRITTEN_FOR}`,
        ) &&
        error.message.includes(`npm install astro@${ASTRO_VERSION_WRITTEN_FOR}`) &&
        error.message.includes("QA_RENDER_THREADS=0"),
    );
  });

  it("finds the page bundle's entry among the files Vite wrote", () => {
    const written = ["chunks/pages.mjs", "prerender-entry.Bx1-.mjs", "manifest.mjs"];
    assert.equal(bundleEntryFile(written), "prerender-entry.Bx1-.mjs");
    assert.equal(bundleEntryFile(["chunks/pages.mjs"]), undefined);
  });

  it("places a page as Astro's directory format does: a folder of its own, index.html", () => {
    const layout = { origin: "http://localhost", outDir: new URL("file:///site/dist/") };
    assert.deepEqual(pageLocation("/questions/12", layout), {
      url: "http://localhost/questions/12/",
      file: "/site/dist/questions/12/index.html",
    });
    assert.deepEqual(pageLocation("/", layout), {
      url: "http://localhost/",
      file: "/site/dist/index.html",
    });
    assert.equal(
      pageLocation("/tags/node_js/page/2", layout).file,
      "/site/dist/tags/node_js/page/2/index.html",
    );
  });

  it("renders each page streamed or not as asked, when a thread has two under way", async () => {
    // A bundle whose app answers as Astro's does: `render` awaits before it reads
    // `resolveStreaming` (astro/dist/core/app/base.js), so a second render begun in between
    // must not change what the first reads.
    const folder = mkdtempSync(join(tmpdir(), "qa-bundle-"));
    try {
      const entry = join(folder, "entry.mjs");
      writeFileSync(
        entry,
        [
          "export const app = {",
          "  manifest: { routes: [] },",
          "  setInternals() {},",
          "  setOptions() {},",
          "  resolveStreaming() { return undefined; },",
          "  async render() {",
          "    await Promise.resolve();",
          "    return new Response(String(this.resolveStreaming()));",
          "  },",
          "};",
        ].join("\n"),
      );
      const renderer = await bundleRenderer(pathToFileURL(entry).href, [], () => {});
      const route = { routeData: {} as RouteData, paths: new Map() };
      const answers = await Promise.all([
        renderer.render(new Request("http://localhost/"), route, true),
        renderer.render(new Request("http://localhost/tags/"), route, false),
        renderer.render(new Request("http://localhost/page/2/"), route, true),
      ]);
      const read = await Promise.all(answers.map((answer) => answer.text()));
      assert.deepEqual(read, ["true", "undefined", "true"]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
