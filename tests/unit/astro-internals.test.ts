import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import {
  ASTRO_VERSION_WRITTEN_FOR,
  bundleEntryFile,
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
});
