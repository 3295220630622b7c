import { afterEach, it } from "node:test";
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { buildCacheDirectory, contentDirectory } from "../../src/project-paths.ts";

const saved = { content: process.env["QA_CONTENT_DIR"], cache: process.env["QA_CACHE_DIR"] };
afterEach(() => {
  for (const [name, value] of [
    ["QA_CONTENT_DIR", saved.content],
    ["QA_CACHE_DIR", saved.cache],
  ] as const) {
    if (value === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = value;
  }
});

it("builds content/ with Astro's default cache folder when nothing is set", () => {
  Reflect.deleteProperty(process.env, "QA_CONTENT_DIR");
  Reflect.deleteProperty(process.env, "QA_CACHE_DIR");
  assert.equal(contentDirectory("/site"), "/site/content");
  assert.equal(buildCacheDirectory("/site"), "/site/node_modules/.astro");
});

it("gives each QA_CONTENT_DIR folder a cache folder of its own", () => {
  Reflect.deleteProperty(process.env, "QA_CACHE_DIR");
  process.env["QA_CONTENT_DIR"] = "../team-a";
  const teamA = buildCacheDirectory("/site");
  process.env["QA_CONTENT_DIR"] = "../team-b";
  const teamB = buildCacheDirectory("/site");
  assert.notEqual(teamA, teamB);
  for (const folder of [teamA, teamB]) {
    assert.match(folder, /^\/site\/node_modules\/\.astro\/content-[0-9a-f]{12}$/);
  }
  assert.equal(contentDirectory("/site"), resolve("../team-b"));
});

it("keeps the cache in QA_CACHE_DIR when it is set, relative to where the command runs", () => {
  process.env["QA_CONTENT_DIR"] = "../team-a";
  process.env["QA_CACHE_DIR"] = "ci-cache/qa";
  assert.equal(buildCacheDirectory("/site"), join(process.cwd(), "ci-cache/qa"));
});
