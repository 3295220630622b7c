import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  headerRules,
  headersFile,
  IMMUTABLE,
  REVALIDATE,
  ruleMatches,
  servedPaths,
  SITEMAP_LIMITS,
  sitemapFiles,
  type HeaderRule,
} from "../../src/integrations/host-files.ts";

/**
 * A built site's files as the static host lists them, with `questions` question pages and
 * `sitemapParts` parts of a sitemap (none: sitemap.xml alone).
 */
function builtFiles(questions: number, sitemapParts = 0): string[] {
  const files = [
    "404.html",
    "favicon.svg",
    "index.html",
    "robots.txt",
    "sitemap.xml",
    "page/2/index.html",
    "tags/index.html",
    "tags/zfs/index.html",
    "tags/zfs/page/2/index.html",
    "search/index.html",
    "search/search.js",
    "search/manifest.js",
    "search/w-0123456789ab.js",
    "search/q-ba9876543210.js",
    "search/t-00112233aabb.js",
    "_astro/site.Bx1a2b3c.css",
    // A user's own files from public/, in a folder of their own.
    "docs/guide/rules.pdf",
  ];
  for (let n = 1; n <= questions; n++) files.push(`questions/q${n}/index.html`);
  // The search's text chunks, one per 8 questions, named by their content.
  for (let n = 1; n <= questions / 8; n++) {
    files.push(`search/t-${n.toString(16).padStart(12, "0")}.js`);
  }
  for (let n = 1; n <= sitemapParts; n++) files.push(`sitemap-${n}.xml`);
  return files.sort();
}

/** The value a host sends for `name` at `path`: every matching rule's, joined with commas. */
function sentHeader(rules: readonly HeaderRule[], path: string, name: string): string {
  return rules
    .filter((rule) => ruleMatches(rule.path, path))
    .flatMap((rule) => (rule.headers[name] === undefined ? [] : [rule.headers[name]]))
    .join(", ");
}

describe("_headers", () => {
  it("sends each file exactly one Cache-Control: a year when named by content, else five minutes", () => {
    const files = builtFiles(3, 2);
    const rules = headerRules(files);
    for (const file of files) {
      const namedByContent = file.startsWith("_astro/") || /^search\/[wqt]-/.test(file);
      for (const path of servedPaths(file)) {
        assert.equal(
          sentHeader(rules, path, "Cache-Control"),
          namedByContent ? IMMUTABLE : REVALIDATE,
          path,
        );
        assert.equal(sentHeader(rules, path, "X-Frame-Options"), "DENY", path);
      }
    }
  });

  it("covers a folder of pages with one rule, so the rules stay within Cloudflare's 100", () => {
    const rules = headerRules(builtFiles(3)).map((rule) => rule.path);
    assert.deepEqual(
      headerRules(builtFiles(10_000)).map((rule) => rule.path),
      rules,
    );
    assert.ok(rules.includes("/questions/*") && rules.includes("/tags/*"));
    assert.ok(rules.includes("/search/index.html") && rules.includes("/search/search.js"));
    assert.ok(!rules.includes("/search/*"), "a splat over search/ would also cover its chunks");
    assert.ok(rules.length < 30, `${rules.length} rules`);
    // Stack Overflow's 24 million questions would need some 500 sitemap parts: one rule.
    const withParts = headerRules(builtFiles(3, 500)).map((rule) => rule.path);
    assert.deepEqual(
      withParts.filter((path) => !rules.includes(path)),
      ["/sitemap-*"],
    );
  });

  it("matches a path as the hosts do: a splat at the end takes any rest, else only itself", () => {
    assert.ok(ruleMatches("/questions/*", "/questions/q1/"));
    assert.ok(ruleMatches("/questions/*", "/questions/"));
    assert.ok(!ruleMatches("/questions/*", "/questions"));
    assert.ok(ruleMatches("/search/w-*", "/search/w-0123456789ab.js"));
    assert.ok(!ruleMatches("/search/w-*", "/search/search.js"));
    assert.ok(ruleMatches("/", "/") && !ruleMatches("/", "/index.html"));
  });

  it("writes each rule as its path and its indented headers", () => {
    const text = headersFile([
      { path: "/*", headers: { "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer" } },
      { path: "/questions/*", headers: { "Cache-Control": REVALIDATE } },
    ]);
    assert.match(text, /^# Written by the build/);
    assert.ok(
      text.endsWith(
        "\n\n/*\n  X-Frame-Options: DENY\n  Referrer-Policy: no-referrer\n\n" +
          `/questions/*\n  Cache-Control: ${REVALIDATE}\n`,
      ),
    );
  });
});

describe("sitemap", () => {
  const site = new URL("https://qa.example.org/archive/");
  const locs = (text: string) => [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it("lists every page at its absolute URL in sitemap.xml while they fit one file", () => {
    const [sitemap, ...more] = sitemapFiles(site, builtFiles(2));
    assert.ok(sitemap);
    assert.equal(sitemap.file, "sitemap.xml");
    assert.deepEqual(more, []);
    assert.match(sitemap.text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    assert.deepEqual(locs(sitemap.text), [
      "https://qa.example.org/archive/",
      "https://qa.example.org/archive/page/2/",
      "https://qa.example.org/archive/questions/q1/",
      "https://qa.example.org/archive/questions/q2/",
      "https://qa.example.org/archive/search/",
      "https://qa.example.org/archive/tags/",
      "https://qa.example.org/archive/tags/zfs/",
      "https://qa.example.org/archive/tags/zfs/page/2/",
    ]);
  });

  it("splits past 50,000 pages and makes sitemap.xml the index that names the parts", () => {
    const files = builtFiles(SITEMAP_LIMITS.urls + 10);
    const sitemaps = [...sitemapFiles(site, files)];
    assert.deepEqual(
      sitemaps.map((sitemap) => sitemap.file),
      ["sitemap-1.xml", "sitemap-2.xml", "sitemap.xml"],
    );
    const [first, second, index] = sitemaps.map((sitemap) => sitemap.text);
    assert.ok(first !== undefined && second !== undefined && index !== undefined);
    assert.equal(locs(first).length, SITEMAP_LIMITS.urls);
    const pages = files.filter((file) => file.endsWith("index.html")).length;
    assert.equal(locs(second).length, pages - SITEMAP_LIMITS.urls);
    assert.match(index, /<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas/);
    assert.deepEqual(locs(index), [
      "https://qa.example.org/archive/sitemap-1.xml",
      "https://qa.example.org/archive/sitemap-2.xml",
    ]);
  });

  it("keeps each part under the byte limit too, and loses no page between parts", () => {
    const files = builtFiles(20);
    const limits = { urls: 50_000, bytes: 600 };
    const sitemaps = [...sitemapFiles(site, files, limits)];
    const parts = sitemaps.filter((sitemap) => sitemap.file !== "sitemap.xml");
    assert.ok(parts.length > 2, `${parts.length} parts`);
    for (const part of parts) assert.ok(Buffer.byteLength(part.text) <= limits.bytes, part.file);
    const listed = parts.flatMap((part) => locs(part.text));
    const [whole] = sitemapFiles(site, files);
    assert.deepEqual(listed, locs(whole?.text ?? ""));
  });
});
