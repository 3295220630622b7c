import { closeSync, openSync, readdirSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import { decodeSanitizedText } from "../../src/lib/html-text.ts";
import { mediaTypeOf } from "../common/media-types.ts";

/*
 * The built site as a ZIM holds it: every page, style sheet, script and icon, without what only
 * a web host reads, each with the title and the kind Kiwix files it under.
 */

/**
 * Files a host reads and a ZIM has no use for, at the site's root: `404.html` (Kiwix shows its
 * own, and its link home is the host's root), `_headers`, `robots.txt`, the sitemaps, and
 * `community.json`, which the ZIM's metadata says already.
 */
const HOST_ONLY =
  /^(?:404\.html|_headers|robots\.txt|\.nojekyll|sitemap[\w-]*\.xml|community\.json)$/;
/** Precompressed copies (QA_PRECOMPRESS): a ZIM compresses its clusters itself. */
const PRECOMPRESSED = /\.(?:br|gz)$/;
/** A question's page: what Kiwix's suggestions, random page and full-text search lead to. */
const QUESTION_PAGE = /^questions\/[^/]+\/index\.html$/;

/** One file of the site as the ZIM holds it. */
export interface ZimEntry {
  /** Relative to the site, with `/`: the same path the site's relative links name. */
  path: string;
  /** A page's `<title>` without the community's name after it; empty for other files. */
  title: string;
  mimeType: string;
  /** A question's page: suggested by title, picked at random and found by full-text search. */
  question: boolean;
}

/** `site`'s files as paths relative to it, with `/`, the host's own left out. */
export function zimFiles(site: string): string[] {
  const files: string[] = [];
  // Folder by folder: one recursive listing of a million files holds a Dirent for each.
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = `${prefix}${entry.name}`;
      if (entry.isDirectory()) walk(join(folder, entry.name), `${path}/`);
      else if (entry.isFile() && !HOST_ONLY.test(path) && !PRECOMPRESSED.test(path))
        files.push(path);
    }
  };
  walk(site, "");
  return files.sort();
}

/** `files` of `site` as ZIM entries, each page titled from its `<title>`. */
export function zimEntries(site: string, files: readonly string[], community: string): ZimEntry[] {
  return files.map((path) => {
    const mimeType = mediaTypeOf(path);
    return {
      path,
      title: mimeType === "text/html" ? entryTitle(readTitleText(join(site, path)), community) : "",
      mimeType,
      question: QUESTION_PAGE.test(path),
    };
  });
}

/**
 * A page's title as Kiwix lists it: its `<title>`, decoded, without the ` · community` every
 * page but the listing ends it with (a question's page is titled as the question is).
 */
export function entryTitle(titleText: string, community: string): string {
  const title = decodeSanitizedText(titleText);
  const suffix = ` · ${community}`;
  return title.endsWith(suffix) && title !== suffix ? title.slice(0, -suffix.length) : title;
}

/** A page's `<title>` sits in its first kilobytes, after the charset and the CSP. */
const HEAD_BYTES = 8192;
/** One buffer for every page, read into again and again. */
const headBuffer = Buffer.alloc(HEAD_BYTES);

/**
 * The text of a page's `<title>`, as written. Decoded from its own bytes, so the string does
 * not hold on to the page's (a slice of a page's string kept 700 MB alive at 100,000 pages).
 */
export function readTitleText(file: string): string {
  const descriptor = openSync(file, "r");
  let page: Buffer;
  try {
    const read = readSync(descriptor, headBuffer, 0, HEAD_BYTES, 0);
    page = headBuffer.subarray(0, read);
    if (page.indexOf("</title>") < 0 && read === HEAD_BYTES) page = readFileSync(file);
  } finally {
    closeSync(descriptor);
  }
  const start = page.indexOf("<title>");
  const end = page.indexOf("</title>", start);
  return start < 0 || end < 0 ? "" : page.toString("utf8", start + "<title>".length, end);
}
