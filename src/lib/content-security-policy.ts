import { createHash } from "node:crypto";

/**
 * The page's Content-Security-Policy, for a `<meta http-equiv>`: nothing may load or run except
 * the site's own style sheet and images (the favicon), and, when a page inlines its styles, that
 * exact `<style>` text by its hash. Scripts: with `scripts`, the site's own files only (the
 * search box and its index, src/search/), never inline code, `eval` or anything from
 * elsewhere, so that a script that slipped into the markup could not run; without, none at
 * all. A page opened from disk counts its own folder tree as `'self'`. `frame-ancestors` is
 * ignored in a meta tag; the `_headers` file sends it.
 *
 * `form-action 'self'` is for the readers that wrap a page in their own search bar, as
 * kiwix-serve does: its form sends the words to the same server. No form of ours is ever sent,
 * and the sanitizer lets no form through from a post.
 *
 * `connect-src 'self'` only lets Lighthouse read robots.txt: since Chromium applies the page's
 * CSP to the DevTools fetch Lighthouse uses (GoogleChrome/lighthouse#16597, #4386), `'none'`
 * there fails its SEO audit. The search script opens no connection: it loads the index as
 * script files, which a page opened from disk may do, and fetch() it may not.
 *
 * With `devServer`, the policy of `astro dev`, whose own code (Vite's client, the dev toolbar)
 * runs and styles itself inline: same-origin and inline, still nothing from elsewhere.
 */
export function contentSecurityPolicy(
  inlineStyles: readonly string[] = [],
  { scripts = false, devServer = false }: { scripts?: boolean; devServer?: boolean } = {},
): string {
  if (devServer) return DEV_SERVER_POLICY;
  const styleHashes = inlineStyles.map(
    (css) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`,
  );
  return [
    "default-src 'none'",
    ["style-src 'self'", ...styleHashes].join(" "),
    "img-src 'self'",
    "connect-src 'self'",
    scripts ? "script-src 'self'" : "script-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** What `astro dev` itself needs; a built page never gets it. */
const DEV_SERVER_POLICY = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "script-src 'self' 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");
