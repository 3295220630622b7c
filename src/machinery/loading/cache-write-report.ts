import { folderRelation } from "../../core/output-folder.ts";
import { writeFailureReason } from "../../lib/write-failures.ts";

/*
 * A build writes its cache (entries, texts set apart, the search index's spill) as it loads:
 * when that fails, the user is told which folder, why and what to do, not which collection's
 * loader happened to be waiting ("error loading collection images").
 */

/** The failures of the cache's writes told as such: no room, or no right to write. */
const CACHE_WRITE_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM"]);

/** Codes no read of the content folder gives: only the cache's writes can fail so. */
const ONLY_WRITES = new Set(["ENOSPC", "EDQUOT", "EROFS"]);

/**
 * What the build tells the user when `failure` is the cache folder `cacheDirectory` failing a
 * write; undefined for any other failure.
 */
export function cacheWriteReport(
  failure: unknown,
  cacheDirectory: string | undefined,
): string | undefined {
  if (cacheDirectory === undefined) return undefined;
  const { code, path } = failure as NodeJS.ErrnoException;
  const why = writeFailureReason(code);
  if (why === undefined || !CACHE_WRITE_CODES.has(code as string)) return undefined;
  const inCache = path !== undefined && folderRelation(path, cacheDirectory) === "inside";
  if (!ONLY_WRITES.has(code as string) && !inCache) return undefined;
  const setting = process.env["QA_CACHE_DIR"] ? " (QA_CACHE_DIR)" : "";
  return `The build's cache folder ${cacheDirectory}${setting} could not be written: ${why} (${code}). The cache holds what the build reads and sets apart as it goes, as much as the content folder or more. Free space there, or set QA_CACHE_DIR to a folder on a disk with room; nothing was built.`;
}
