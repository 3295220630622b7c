import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { buildSite } from "../../scripts/common/build-site.ts";
import { sites, sitesRoot, type SiteName } from "./sites.ts";
import { nuErrors } from "../helpers/nu-checker.ts";

/** Every file a site's build wrote, as paths relative to its folder with `/`. */
function builtFiles(site: SiteName | string): string[] {
  const dir = join(sitesRoot, site);
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const read = (site: string, file: string) => readFileSync(join(sitesRoot, site, file), "utf8");

test("the Nu HTML Checker finds no error on any built page", () => {
  const pages = (Object.keys(sites) as SiteName[]).flatMap((site) =>
    builtFiles(site)
      .filter((file) => file.endsWith(".html"))
      .map((file) => join(sitesRoot, site, file)),
  );
  expect(pages.length).toBeGreaterThanOrEqual(6);
  expect(nuErrors(pages)).toEqual([]);
});

test("every reference a page loads is relative; links go elsewhere only by a click", () => {
  for (const site of ["example", "basic", "answers"] as const) {
    for (const file of builtFiles(site).filter((name) => name.endsWith(".html"))) {
      const html = read(site, file);
      // What a page loads: style sheets, icons, images, scripts, frames, form targets.
      const loads = [
        ...html.matchAll(/<(?!a\s)\w+\s[^>]*?\s(?:href|src|srcset|action)="([^"]*)"/g),
      ];
      for (const [, url] of loads) expect(url, `${site}/${file}`).toMatch(/^\.{1,2}\//);
      // Links: within the site, relative (from the root, a bare `questions/...` or `tags/...`);
      // out of it (a post's links, the credit's), the web or mail only, never script or data.
      // The 404 page, served at any depth, links home from the host's root instead.
      const links = [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)];
      if (file === "404.html") {
        expect(links.map(([, url]) => url)).toEqual(["/index.html"]);
        continue;
      }
      for (const [, url] of links) {
        expect(url, `${site}/${file}`).toMatch(
          /^(?:\.{1,2}\/|[a-z0-9_-]+\/|index\.html$|#|https?:\/\/|mailto:)/,
        );
      }
    }
  }
});

test("the only asset is one style sheet with a content hash in its name", () => {
  const assets = builtFiles("example").filter((file) => file.startsWith("_astro/"));
  expect(assets).toEqual([expect.stringMatching(/^_astro\/site\.[\w-]{8}\.css$/)]);
  expect(read("example", "index.html")).toContain(`href="./${assets[0]}"`);
});

test("_headers caches hashed assets for a year and everything else briefly", () => {
  const headers = read("example", "_headers");
  expect(headers).toContain("/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n");
  for (const path of ["/", "/index.html", "/404.html", "/favicon.svg", "/robots.txt"]) {
    expect(headers).toContain(`\n${path}\n  Cache-Control: public, max-age=300, must-revalidate\n`);
  }
  // A folder of pages takes one rule, not one per page: Cloudflare Pages reads 100 rules at most.
  for (const path of ["/questions/*", "/tags/*"]) {
    expect(headers).toContain(`\n${path}\n  Cache-Control: public, max-age=300, must-revalidate\n`);
  }
  expect(headers).not.toContain("\n/questions/nginx-reverse-proxy-websocket/\n");
  expect(headers.match(/^\//gm)?.length).toBeLessThan(30);
  // Hosts merge the headers of every rule a path matches: only one rule may set the cache.
  expect(headers.match(/^\/\*$/gm)).toHaveLength(1);
  expect(headers.split("\n/*\n")[1]?.split("\n\n")[0]).not.toContain("Cache-Control");
});

test("without a site URL: robots.txt, a favicon, a 404 page, and no sitemap or absolute URL", () => {
  const files = builtFiles("example");
  expect(files).toEqual(expect.arrayContaining(["404.html", "favicon.svg", "robots.txt"]));
  expect(files).not.toContain("sitemap.xml");
  expect(files.filter((file) => /\.(?:br|gz)$/.test(file))).toEqual([]);
  expect(read("example", "robots.txt")).toBe("User-agent: *\nAllow: /\n");
  expect(read("example", "index.html")).not.toContain("https://");
});

test("with QA_SITE_URL: sitemap.xml, robots.txt naming it, and a canonical link", () => {
  const site = "https://qa.example.org/archive/questions/";
  expect(read("hosted", "sitemap.xml")).toContain(`<url><loc>${site}</loc></url>`);
  // Every page: the listing, the example's 44 question pages, its tag pages and tags index.
  const pages = builtFiles("hosted").filter((file) => file.endsWith("index.html"));
  expect(pages.length).toBeGreaterThan(45);
  expect(read("hosted", "sitemap.xml").match(/<loc>/g)).toHaveLength(pages.length);
  expect(read("hosted", "sitemap.xml")).toContain(
    `<url><loc>${site}questions/nginx-reverse-proxy-websocket/</loc></url>`,
  );
  expect(read("hosted", "robots.txt")).toContain(`Sitemap: ${site}sitemap.xml`);
  expect(read("hosted", "index.html")).toContain(`<link rel="canonical" href="${site}">`);
  expect(read("hosted", "404.html")).toContain(`<a href="${site}">`);
});

test("with QA_PRECOMPRESS=1: .br and .gz copies of every text file, byte-identical across builds", async () => {
  test.setTimeout(60_000);
  const files = builtFiles("hosted");
  const texts = files.filter((file) => /\.(?:html|css|svg|xml|txt)$/.test(file));
  expect(texts.length).toBeGreaterThanOrEqual(6);
  for (const file of texts) {
    const original = readFileSync(join(sitesRoot, "hosted", file));
    expect(gunzipSync(readFileSync(join(sitesRoot, "hosted", `${file}.gz`))).equals(original)).toBe(
      true,
    );
    expect(
      brotliDecompressSync(readFileSync(join(sitesRoot, "hosted", `${file}.br`))).equals(original),
    ).toBe(true);
  }
  const again = join(sitesRoot, "hosted-again");
  rmSync(again, { recursive: true, force: true });
  const build = await buildSite(sites.hosted.content, again, "npm run build", sites.hosted.env);
  expect(build.exitCode, build.output).toBe(0);
  expect(builtFiles("hosted-again")).toEqual(files);
  for (const file of files) {
    const first = readFileSync(join(sitesRoot, "hosted", file));
    expect(readFileSync(join(again, file)).equals(first), `${file} differs`).toBe(true);
  }
});
