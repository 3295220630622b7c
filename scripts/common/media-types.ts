import { extname } from "node:path";

/*
 * The media type of each kind of file a build writes, for whatever serves or packs the site:
 * the audit's static server, the ZIM file's entries.
 */

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/vnd.microsoft.icon",
  ".txt": "text/plain",
  ".xml": "application/xml",
  ".woff2": "font/woff2",
};

/** `file`'s media type by its extension; anything else is bytes, as a host would say. */
export function mediaTypeOf(file: string): string {
  return MEDIA_TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
}
