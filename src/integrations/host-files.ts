/**
 * The small files a static host or crawler reads beside the pages, as text made from the list
 * of built files. Pure functions: the integration in static-host.ts writes what they return.
 */
import { escapeText } from "../lib/escape-text.ts";

/** Hashed assets never change under their name: cache them for a year, never revalidate. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (pages, favicon, robots.txt): five minutes, then ask the host again. */
export const REVALIDATE = "public, max-age=300, must-revalidate";
/** Where Vite writes the hashed assets, below the output folder. */
export const ASSETS_DIR = "_astro";
/**
 * The search index's chunks, named by their content (src/lib/search/index-format.ts): as
 * immutable as Vite's assets, and too many for a rule each (about 14,000 at 100,000 questions,
 * most of them the posts' text chunks).
 */
export const CONTENT_NAMED_FILES = ["/search/w-*", "/search/q-*", "/search/t-*"];
const CONTENT_NAMED_FILE = /^search\/[wqt]-[0-9a-f]{12}\.js$/;
/** How the sitemap's parts are named at the site's root: `sitemap-1.xml`, `sitemap-2.xml`... */
const SITEMAP_PART_PREFIX = "sitemap-";

/** Whether the built file `file` is a page: an `index.html`, served as its folder too. */
function isPage(file: string): boolean {
  return file === "index.html" || file.endsWith("/index.html");
}

/**
 * The URL paths, from the site's root, under which a host serves the built file `file` (a path
 * relative to the output folder, with `/`): `2/index.html` is also `/2/`.
 */
export function servedPaths(file: string): string[] {
  const path = `/${file}`;
  return isPage(file) ? [path.slice(0, -"index.html".length), path] : [path];
}

/** One rule of a `_headers` file: a path or pattern from the site's root, and its headers. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/**
 * Whether a host applies the rule for `rulePath` to a request for `urlPath`, as Netlify and
 * Cloudflare Pages match the paths written here: a `*` at the end matches any rest, even an
 * empty one; any other path only itself.
 */
export function ruleMatches(rulePath: string, urlPath: string): boolean {
  return rulePath.endsWith("*") ? urlPath.startsWith(rulePath.slice(0, -1)) : urlPath === rulePath;
}

/**
 * Cloudflare Pages reads at most 100 rules from `_headers`
 * (developers.cloudflare.com/pages/configuration/headers/).
 */
export const CLOUDFLARE_RULE_LIMIT = 100;

/** Whether `file` is named by its content, so cached a year: Vite's assets and the index's chunks. */
function isNamedByContent(file: string): boolean {
  return file.startsWith(`${ASSETS_DIR}/`) || CONTENT_NAMED_FILE.test(file);
}

/**
 * The paths that give every other file its five-minute `Cache-Control`, as few as can be: one
 * `/<folder>/*` for each topmost folder that holds no file named by content (`questions/`, a
 * rule for a million pages), `/sitemap-*` for the sitemap's parts (which must sit at the root,
 * beside the pages they list), and the exact paths of the other files beside files named by
 * content (the root's, `search/`'s). A splat never covers a file named by content, which would
 * get both values.
 */
export function revalidatedPaths(files: readonly string[]): string[] {
  // Every folder that holds a file named by content, at any depth; the root always does.
  const mixedFolders = new Set([""]);
  for (const file of files.filter(isNamedByContent)) {
    for (let end = file.indexOf("/"); end !== -1; end = file.indexOf("/", end + 1)) {
      mixedFolders.add(file.slice(0, end));
    }
  }
  const paths = new Set<string>();
  for (const file of files) {
    if (file === "_headers" || isNamedByContent(file)) continue;
    let end = file.indexOf("/");
    while (end !== -1 && mixedFolders.has(file.slice(0, end))) end = file.indexOf("/", end + 1);
    if (end !== -1) paths.add(`/${file.slice(0, end)}/*`);
    else if (file.startsWith(SITEMAP_PART_PREFIX)) paths.add(`/${SITEMAP_PART_PREFIX}*`);
    else for (const path of servedPaths(file)) paths.add(path);
  }
  return [...paths].sort();
}

/**
 * The rules of a `_headers` file as Netlify and Cloudflare Pages read it, for the built files
 * `files`. Both merge the headers of every rule a path matches, joining repeated names with
 * commas, so no two rules here set the same header for one path: `Cache-Control` comes from
 * `/_astro/*` and the search index's chunk patterns for files named by their content, and from
 * `revalidatedPaths` for the rest. `frame-ancestors` sits here because a CSP meta tag cannot
 * carry it. Paths are from the site's root: deploy the output folder as the root of the site.
 */
export function headerRules(files: readonly string[]): HeaderRule[] {
  return [
    {
      path: "/*",
      headers: {
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Content-Security-Policy": "frame-ancestors 'none'",
      },
    },
    { path: `/${ASSETS_DIR}/*`, headers: { "Cache-Control": IMMUTABLE } },
    ...CONTENT_NAMED_FILES.map((path) => ({ path, headers: { "Cache-Control": IMMUTABLE } })),
    ...revalidatedPaths(files).map((path) => ({ path, headers: { "Cache-Control": REVALIDATE } })),
  ];
}

/** The text of a `_headers` file holding `rules`. */
export function headersFile(rules: readonly HeaderRule[]): string {
  const rule = ({ path, headers }: HeaderRule) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  return (
    [
      "# Written by the build (src/integrations/static-host.ts) for Netlify and Cloudflare Pages.",
      ...rules.map(rule),
    ].join("\n\n") + "\n"
  );
}

/** `robots.txt`: everything may be crawled; the sitemap is named when the site's URL is known. */
export function robotsTxt(site: URL | undefined): string {
  const lines = ["User-agent: *", "Allow: /"];
  if (site) lines.push("", `Sitemap: ${new URL("sitemap.xml", site).href}`);
  return lines.join("\n") + "\n";
}

/**
 * The sitemaps protocol's limits for one file: 50,000 URLs and 50 MiB uncompressed
 * (sitemaps.org/protocol.html). Past them a site lists its sitemaps in a sitemap index.
 */
export const SITEMAP_LIMITS: SitemapLimits = { urls: 50_000, bytes: 52_428_800 };

/** How many URLs, and how many bytes of XML, one sitemap file may hold. */
export interface SitemapLimits {
  readonly urls: number;
  readonly bytes: number;
}

/** One file for crawlers: its name in the output folder and its text. */
export interface SitemapFile {
  file: string;
  text: string;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const URLSET_HEAD = `${XML_DECLARATION}\n<urlset ${SITEMAP_NAMESPACE}>\n`;
const URLSET_TAIL = "</urlset>\n";

/** The `<urlset>` texts listing `pages` at their URLs below `site`, each within `limits`; one at least. */
function* urlsets(site: URL, pages: readonly string[], limits: SitemapLimits): Generator<string> {
  let lines: string[] = [];
  let bytes = URLSET_HEAD.length + URLSET_TAIL.length;
  for (const page of pages) {
    const url = new URL(page.slice(0, -"index.html".length), site).href;
    const line = `  <url><loc>${escapeText(url)}</loc></url>\n`;
    const lineBytes = Buffer.byteLength(line);
    if (lines.length === limits.urls || (lines.length > 0 && bytes + lineBytes > limits.bytes)) {
      yield URLSET_HEAD + lines.join("") + URLSET_TAIL;
      lines = [];
      bytes = URLSET_HEAD.length + URLSET_TAIL.length;
    }
    lines.push(line);
    bytes += lineBytes;
  }
  yield URLSET_HEAD + lines.join("") + URLSET_TAIL;
}

/**
 * The sitemap of the pages (the `index.html` files of `files`) at their absolute, canonical
 * URLs: `sitemap.xml` alone while they fit the protocol's limits for one file; past them,
 * `sitemap-1.xml`, `sitemap-2.xml`... each within the limits, and `sitemap.xml` the index that
 * names them, so robots.txt names the same file at any size. One file at a time, so a million
 * pages' sitemap is never one string.
 */
export function* sitemapFiles(
  site: URL,
  files: readonly string[],
  limits = SITEMAP_LIMITS,
): Generator<SitemapFile> {
  const pages = files.filter(isPage);
  pages.sort();
  // One urlset behind, to know whether it is the only one (sitemap.xml) or a part.
  const parts: string[] = [];
  const part = (text: string): SitemapFile => {
    const file = `${SITEMAP_PART_PREFIX}${parts.length + 1}.xml`;
    parts.push(file);
    return { file, text };
  };
  let last = "";
  for (const text of urlsets(site, pages, limits)) {
    if (last !== "") yield part(last);
    last = text;
  }
  if (parts.length === 0) {
    yield { file: "sitemap.xml", text: last };
    return;
  }
  yield part(last);
  yield {
    file: "sitemap.xml",
    text: [
      XML_DECLARATION,
      `<sitemapindex ${SITEMAP_NAMESPACE}>`,
      ...parts.map(
        (file) => `  <sitemap><loc>${escapeText(new URL(file, site).href)}</loc></sitemap>`,
      ),
      "</sitemapindex>",
      "",
    ].join("\n"),
  };
}
