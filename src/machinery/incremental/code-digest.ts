import { hash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { projectFile, projectRoot } from "../../project-paths.ts";

/**
 * A digest of the code that turns a file into an entry: the content core and what it uses
 * (src/core, src/lib, src/schemas), and this folder, which decides what is kept, and the lock
 * file, since the libraries it pins write bodies too (sanitize-html, markdown-it, Temml's
 * MathML). Entries kept from an earlier build are reused only while it is unchanged, so a new
 * excerpt rule or library version reaches every entry without anyone having to clear a cache.
 */
export function derivationCodeDigest(): string {
  digest ??= codeDigest(
    ["src/core", "src/lib", "src/schemas", "src/machinery"],
    ["package-lock.json"],
  );
  return digest;
}

// Computed once, on first use.
let digest: string | undefined;

/**
 * A digest of every file below the project's `folders` (sub-folders included) and of the
 * `files`, by path and content.
 */
export function codeDigest(folders: readonly string[], files: readonly string[] = []): string {
  const paths = [
    ...folders.flatMap((folder) =>
      readdirSync(projectFile(folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name)),
    ),
    ...files.map(projectFile),
  ].sort();
  // Paths from the project's root: a project moved elsewhere keeps its caches.
  return hash(
    "sha1",
    paths.map((path) => `${relative(projectRoot, path)}\0${readFileSync(path, "utf8")}`).join("\0"),
  );
}
