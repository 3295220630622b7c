import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { linkPackagesIfOutside } from "../../src/integrations/output-outside-project.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { filesUnder } from "../helpers/files-under.ts";

/*
 * Every output folder works, wherever it is. Astro tells a folder inside the project from one
 * outside by comparing paths as strings, so a folder beside the project whose name begins
 * with the project's (the project in `qa-archive`, the site in `qa-archive-site`) counted as
 * inside, and the build failed: "Cannot find package ... imported from <out>/.prerender/...".
 */
describe("an output folder beside the project", () => {
  it("builds the example into a sibling whose path begins with the project's", async () => {
    const outDir = `${projectRoot.replace(/\/$/, "")}-site-beside`;
    rmSync(outDir, { recursive: true, force: true });
    try {
      const build = await buildSite("content", outDir, "npm run build", {
        QA_CACHE_DIR: mkdtempSync(join(tmpdir(), "qa-")),
      });
      assert.equal(build.exitCode, 0, build.output);
      assert.ok(existsSync(join(outDir, "index.html")), "the listing was written");
      assert.ok(
        existsSync(join(outDir, "questions/best-nas-os/index.html")),
        "a question page too",
      );
      // The bundle's folder, and the link made in it, are gone once the build is done.
      assert.deepEqual(
        readdirSync(outDir).filter((name) => name.startsWith(".") || name === "node_modules"),
        [],
      );
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it("links the project's packages only into a bundle folder outside the project", () => {
    const work = mkdtempSync(join(tmpdir(), "qa-bundle-"));
    try {
      const project = join(work, "qa-archive");
      const inside = join(project, "dist/.prerender");
      const beside = join(`${project}-site`, ".prerender");
      for (const folder of [inside, beside]) mkdirSync(folder, { recursive: true });
      assert.equal(linkPackagesIfOutside(inside, project), false);
      assert.equal(existsSync(join(inside, "node_modules")), false);
      assert.equal(linkPackagesIfOutside(beside, project), true);
      assert.ok(lstatSync(join(beside, "node_modules")).isSymbolicLink());
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

/*
 * A build deletes from its output folder the files of its earlier builds that no page stands
 * for. With QA_OUT_DIR set to the content folder, or a folder above it, that took every
 * question, answer and community.yaml, and the build exited 0.
 */
describe("an output folder that would take the content with it", () => {
  const work = join(projectRoot, "tests/.output/output-guard");
  const contentDir = join(work, "content");
  const fresh = () => {
    rmSync(work, { recursive: true, force: true });
    cpSync(join(projectRoot, "tests/fixtures/basic/content"), contentDir, { recursive: true });
    writeFileSync(join(work, "unrelated.txt"), "kept");
  };

  for (const [name, outDir] of [
    ["the content folder", contentDir],
    ["the folder holding it", work],
  ] as const) {
    it(`is refused when it is ${name}, and nothing in it is touched`, async () => {
      fresh();
      const before = filesUnder(work);
      const build = await buildSite(contentDir, outDir);
      assert.notEqual(build.exitCode, 0, build.output);
      assert.match(build.stderr, /The output folder cannot be used:/);
      assert.match(
        build.stderr,
        /(is|holds) the content folder .*set QA_OUT_DIR to a folder of its own/,
      );
      assert.deepEqual(filesUnder(work), before);
    });
  }

  it("is refused inside the project's sources", async () => {
    const outDir = join(projectRoot, "src/qa-output-test");
    try {
      const build = await buildSite("tests/fixtures/basic/content", outDir);
      assert.notEqual(build.exitCode, 0, build.output);
      assert.match(build.stderr, /lies in the project's src\/ /);
      assert.equal(existsSync(outDir), false);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

/*
 * Astro keeps its page bundle in `.astro/.prerender/` of the project for every output folder
 * outside it: two builds at once into two such folders deleted each other's bundle, and one
 * failed ("Cannot find module .../prerender-entry..."). Builds into the same folder at once
 * would each delete the other's pages.
 */
describe("two builds at once", () => {
  it("into two folders outside the project both build, each as it would alone", async () => {
    const work = mkdtempSync(join(tmpdir(), "qa-two-builds-"));
    try {
      const [first, second] = await Promise.all(
        ["one", "two"].map((name) =>
          buildSite("content", join(work, name), "npm run build", {
            QA_CACHE_DIR: join(work, `${name}-cache`),
          }),
        ),
      );
      assert.equal(first?.exitCode, 0, first?.output);
      assert.equal(second?.exitCode, 0, second?.output);
      const one = filesUnder(join(work, "one"));
      assert.ok([...one.keys()].some((file) => /^_astro\/site\.[\w-]+\.css$/.test(file)));
      assert.deepEqual(filesUnder(join(work, "two")), one);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("into one folder: the second is refused, naming the build that holds it", async () => {
    const work = mkdtempSync(join(tmpdir(), "qa-one-folder-"));
    try {
      const outDir = join(work, "site");
      const builds = await Promise.all(
        ["one", "two"].map((name) =>
          buildSite("tests/fixtures/basic/content", outDir, "npm run build", {
            QA_CACHE_DIR: join(work, `${name}-cache`),
          }),
        ),
      );
      const refused = builds.filter((build) => build.exitCode !== 0);
      assert.equal(refused.length, 1, builds.map((build) => build.output).join("\n"));
      assert.match(
        refused[0]?.stderr ?? "",
        /is being written by another build \(process \d+ on .*\); wait for it to end, or build into another folder/,
      );
      assert.ok(existsSync(join(outDir, "index.html")));
      assert.equal(existsSync(join(outDir, ".qa-build.lock")), false, "the lock is let go");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

/*
 * Astro renamed the style sheet from its bundle folder in the project into the output folder,
 * which fails across file systems: "EXDEV: cross-device link not permitted".
 */
it("builds into a folder on another file system (/dev/shm)", async (t) => {
  if (!existsSync("/dev/shm") || statSync("/dev/shm").dev === statSync(projectRoot).dev) {
    t.skip("/dev/shm is missing, or on the project's file system");
    return;
  }
  const outDir = mkdtempSync("/dev/shm/qa-out-");
  try {
    const build = await buildSite("tests/fixtures/basic/content", outDir);
    assert.equal(build.exitCode, 0, build.output);
    assert.ok(readdirSync(join(outDir, "_astro")).some((name) => name.endsWith(".css")));
    assert.ok(existsSync(join(outDir, "questions/alpha/index.html")));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

/**
 * A folder this process cannot write into: made read-only by its mode, or, for root, whom
 * modes do not stop, by a read-only file system mounted on it. Undefined where neither can be
 * had (root without the right to mount).
 */
function readOnlyFolder(folder: string): (() => void) | undefined {
  mkdirSync(folder, { recursive: true });
  if (process.getuid?.() !== 0) {
    chmodSync(folder, 0o555);
    return () => chmodSync(folder, 0o755);
  }
  const mount = spawnSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", folder]);
  if (mount.status !== 0) return undefined;
  return () => spawnSync("umount", [folder]);
}

/* A read-only output folder failed deep in Vite, with its stack trace and no word of a fix. */
it("says an output folder cannot be written, why, and what to do", async (t) => {
  const work = mkdtempSync(join(tmpdir(), "qa-read-only-"));
  const outDir = join(work, "site");
  const undo = readOnlyFolder(outDir);
  try {
    if (undo === undefined) return t.skip("no read-only folder to be had: root, and cannot mount");
    const build = await buildSite("tests/fixtures/basic/content", outDir);
    assert.notEqual(build.exitCode, 0, build.output);
    assert.match(
      build.stderr,
      /The output folder cannot be used:\n {2}- QA_OUT_DIR=.* cannot be written \((EROFS|EACCES): .*\); make it writable, or set QA_OUT_DIR to a folder this user can write/,
    );
    assert.doesNotMatch(build.stderr, /\n\s+at /, "no stack trace");
  } finally {
    undo?.();
    rmSync(work, { recursive: true, force: true });
  }
});
