import { createHash } from "node:crypto";

/**
 * The page's Content-Security-Policy, for a `<meta http-equiv>`: nothing may load or run except
 * the site's own style sheet and images (the favicon), and, when a page inlines its styles, that
 * exact `<style>` text by its hash. No script source is allowed at all: the pages need none, so
 * even a script that slipped into the markup could not run. (Astro's own `security.csp` always
 * allows `script-src 'self'` plus hashes of its island scripts, which this site never uses.)
 * `frame-ancestors` is ignored in a meta tag; the `_headers` file sends it.
 *
 * `connect-src 'self'` only lets Lighthouse read robots.txt: since Chromium applies the page's
 * CSP to the DevTools fetch Lighthouse uses (GoogleChrome/lighthouse#16597, #4386), `'none'`
 * there fails its SEO audit. With no script allowed, nothing on the page can open a connection.
 */
export function contentSecurityPolicy(inlineStyles: readonly string[] = []): string {
  const styleHashes = inlineStyles.map(
    (css) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`,
  );
  return [
    "default-src 'none'",
    ["style-src 'self'", ...styleHashes].join(" "),
    "img-src 'self'",
    "connect-src 'self'",
    "script-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}
