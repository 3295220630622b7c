import { createReadStream, mkdirSync, openSync, closeSync, renameSync, writeSync } from "node:fs";
import { hash } from "node:crypto";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import type { ListingEntry } from "../schemas/listing-entry.ts";
import type { PreviousEntries } from "./content-folder.ts";
import { cacheDirectory } from "./project-paths.ts";

/*
 * What the last build derived, kept between builds so that a rebuild derives only the
 * questions whose file changed. One JSON line per entry, `[id, digest, entry]`, read and
 * written a line at a time: at a million questions the whole file would not fit in one string.
 */

/** The cache file of one content folder, in Astro's cache folder. */
export function entryCacheFile(contentDir: string): string {
  const key = hash("sha1", contentDir, "base64url").slice(0, 12);
  return join(cacheDirectory, "qa-listing", `entries-${key}.ndjson`);
}

/** The entries of the last build; none when there is no cache or it cannot be read. */
export async function readEntryCache(file: string): Promise<PreviousEntries> {
  const previous = new Map<string, { digest: string; entry: ListingEntry }>();
  try {
    const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line === "") continue;
      const [id, digest, entry] = JSON.parse(line) as [string, string, ListingEntry];
      previous.set(id, { digest, entry });
    }
  } catch {
    // A missing or damaged cache only means every question is derived again.
    return new Map();
  }
  return previous;
}

/** Replaces the cache with these entries, atomically: a build stopped halfway leaves the old. */
export function writeEntryCache(
  file: string,
  entries: ReadonlyMap<string, ListingEntry>,
  digests: ReadonlyMap<string, string>,
): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fd = openSync(partial, "w");
  try {
    let batch: string[] = [];
    for (const [id, entry] of entries) {
      batch.push(JSON.stringify([id, digests.get(id) ?? "", entry]));
      if (batch.length === 1000) {
        writeSync(fd, `${batch.join("\n")}\n`);
        batch = [];
      }
    }
    if (batch.length > 0) writeSync(fd, `${batch.join("\n")}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}
