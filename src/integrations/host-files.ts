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
 * immutable as Vite's assets, and too many for a rule each (about 1,500 at 100,000 questions).
 */
export const CONTENT_NAMED_FILES = ["/search/w-*", "/search/q-*"];
const CONTENT_NAMED_FILE = /^search\/[wq]-[0-9a-f]{12}\.js$/;

/**
 * The URL paths, from the site's root, under which a host serves the built file `file` (a path
 * relative to the output folder, with `/`): `2/index.html` is also `/2/`.
 */
export function servedPaths(file: string): string[] {
  const path = `/${file}`;
  return path.endsWith("/index.html") ? [path.slice(0, -"index.html".length), path] : [path];
}

/**
 * A `_headers` file as Netlify and Cloudflare Pages read it. Both merge the headers of every
 * rule a path matches, joining repeated names with commas, so no two rules here set the same
 * header for one path: `Cache-Control` comes from `/_astro/*` and the search index's chunk
 * patterns for files named by their content, and from one exact-path rule per other file. `frame-ancestors` sits here because a CSP meta tag cannot
 * carry it. Paths are from the site's root: deploy the output folder as the root of the site.
 */
export function headersFile(files: readonly string[]): string {
  const rule = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  const plainFiles = files
    .filter(
      (file) =>
        file !== "_headers" && !file.startsWith(`${ASSETS_DIR}/`) && !CONTENT_NAMED_FILE.test(file),
    )
    .sort();
  return (
    [
      "# Written by the build (src/integrations/static-host.ts) for Netlify and Cloudflare Pages.",
      rule("/*", {
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Content-Security-Policy": "frame-ancestors 'none'",
      }),
      rule(`/${ASSETS_DIR}/*`, { "Cache-Control": IMMUTABLE }),
      ...CONTENT_NAMED_FILES.map((path) => rule(path, { "Cache-Control": IMMUTABLE })),
      ...plainFiles.flatMap(servedPaths).map((path) => rule(path, { "Cache-Control": REVALIDATE })),
    ].join("\n\n") + "\n"
  );
}

/** `robots.txt`: everything may be crawled; the sitemap is named when the site's URL is known. */
export function robotsTxt(site: URL | undefined): string {
  const lines = ["User-agent: *", "Allow: /"];
  if (site) lines.push("", `Sitemap: ${new URL("sitemap.xml", site).href}`);
  return lines.join("\n") + "\n";
}

/** `sitemap.xml` listing the pages (`index.html` files) at their absolute, canonical URLs. */
export function sitemapXml(site: URL, files: readonly string[]): string {
  const urls = files
    .filter((file) => file === "index.html" || file.endsWith("/index.html"))
    .sort()
    .map((file) => new URL(file.slice(0, -"index.html".length), site).href);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeText(url)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}
