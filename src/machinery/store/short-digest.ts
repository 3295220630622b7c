import { hash } from "node:crypto";

/**
 * 96 bits of SHA-1, base64url: plenty to tell a changed text (a file, a page) from an unchanged
 * one, and short, since the entry cache keeps one per file.
 */
export function shortDigest(text: string): string {
  return hash("sha1", text, "base64url").slice(0, 16);
}
