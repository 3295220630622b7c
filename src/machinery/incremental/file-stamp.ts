/*
 * Telling an unchanged file without reading it, the way make, rsync and git do: by what `stat`
 * says of it. A rebuild after one edit then reads one file, not every file (scripts/bench.md,
 * "Why the constants are what they are").
 *
 * The stamp holds the size, the modification time, the status-change time and the inode. An
 * editor's save changes the modification time, and a save by renaming a new file into place
 * also the inode. Tools that carry a modification time over (`cp -p`, `rsync -t`, unpacking an
 * archive) cannot set the status-change time, which the system sets to "now" on every write
 * and rename; so a file put back with its old time and size is still told apart.
 *
 * What a stamp cannot tell is a second write within the file system's time granularity of the
 * one before it (coarse clocks, FAT's 2 seconds). Like git's "racily clean" rule, a stamp is
 * therefore kept only for a file whose times are a few seconds older than the moment it was
 * looked at: a file written just before or while the build ran is read again next time, and
 * its digest decides.
 */

/** A file as `stat` describes it: size, modification and status-change times (ms), inode. */
export type FileStamp = readonly [size: number, mtimeMs: number, ctimeMs: number, ino: number];

/** The fields of `fs.Stats` a stamp is made of. */
export interface StampedStats {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** How much older than the moment of looking a file's times must be for its stamp to count. */
export const STAMP_SETTLE_MS = 3_000;

/**
 * The stamp to remember for a file stat-ed no earlier than `lookedAt` (ms since the epoch), or
 * null when the file changed too recently for a stamp to vouch for it.
 */
export function fileStamp(stats: StampedStats, lookedAt: number): FileStamp | null {
  if (Math.max(stats.mtimeMs, stats.ctimeMs) > lookedAt - STAMP_SETTLE_MS) return null;
  return stampOf(stats);
}

/** Whether the file is, by its stat, the one the stamp was taken of (false when it is gone). */
export function stampMatches(stamp: FileStamp, stats: StampedStats | undefined): boolean {
  return stats !== undefined && sameFileStamp(stamp, stampOf(stats));
}

function stampOf({ size, mtimeMs, ctimeMs, ino }: StampedStats): FileStamp {
  return [size, mtimeMs, ctimeMs, ino];
}

/** Whether two remembered stamps are the same (both absent counts as the same). */
export function sameFileStamp(a: FileStamp | null, b: FileStamp | null): boolean {
  if (a === null || b === null) return a === b;
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}
