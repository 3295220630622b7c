import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import { PROCESS_TAG, taggedUniqueName, writerOf } from "./process-tag.ts";

/*
 * A lock file, taken by creating it (O_EXCL) and let go by deleting it, that names the process
 * holding it (`PROCESS_TAG`). A lock whose holder has ended without letting go (a build killed
 * with `kill -9`, or one that failed) is taken over at once, and what it held handed on: no one
 * has to delete it by hand, unless its holder ran on another machine, which this one cannot
 * look at.
 */

/** Who holds a lock, as its file says. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock, ISO 8601. */
  since: string;
  /** What the holder is doing, in a few words ("building the site"). */
  doing: string;
  /** What the holder wrote in it for whoever takes it over. */
  data: Record<string, unknown>;
}

interface LockFileText extends LockHolder {
  tag: string;
}

/** A lock this process holds. */
export interface HeldLock {
  file: string;
  /** The holders that ended without letting go, whose locks this one took over. */
  replaced: LockHolder[];
  release(): void;
}

/** How long a lock file with no holder in it yet may be taken for one being written. */
const UNWRITTEN_LOCK_MS = 10_000;

/**
 * Takes the lock `file`, or says who holds it: never both. `doing` says what for, to whoever
 * finds the lock held; `data`, made from the holders whose locks it takes over, is written in
 * it for whoever takes it over in turn.
 */
export function takeLock(
  file: string,
  doing: string,
  data: (replaced: readonly LockHolder[]) => Record<string, unknown> = () => ({}),
): HeldLock | { heldBy: LockHolder } {
  const replaced: LockHolder[] = [];
  for (;;) {
    const taken = tryCreate(file, { doing, data: data(replaced) }, replaced);
    if (taken) return taken;
    const holder = readHolder(file);
    if (isStale(holder)) {
      if (holder.stale !== undefined) replaced.push(holder.stale);
      takeAway(file);
    } else if (holder === "being written") pause(10);
    else if (holder !== "gone") return { heldBy: holder };
  }
}

/** Waits `ms` milliseconds, blocking the thread. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function tryCreate(
  file: string,
  { doing, data }: Pick<LockHolder, "doing" | "data">,
  replaced: LockHolder[],
): HeldLock | undefined {
  let fd: number;
  try {
    fd = openSync(file, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return undefined;
    throw error;
  }
  const text: LockFileText = {
    tag: PROCESS_TAG,
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    doing,
    data,
  };
  try {
    writeSync(fd, JSON.stringify(text));
  } finally {
    closeSync(fd);
  }
  const release = () => {
    if (readHolderText(file)?.tag === PROCESS_TAG) rmSync(file, { force: true });
  };
  return { file, replaced, release };
}

function readHolderText(file: string): LockFileText | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LockFileText;
  } catch {
    return undefined;
  }
}

/** A lock whose holder ended without letting go: that holder, when the file names one. */
interface StaleLock {
  stale: LockHolder | undefined;
}

/**
 * The lock's holder: `gone` when the file is no longer there; stale when its holder's process
 * has ended, or when the file names no holder and is older than a holder takes to write itself
 * in; `being written` when it names none yet.
 */
function readHolder(file: string): LockHolder | StaleLock | "gone" | "being written" {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat === undefined) return "gone";
  const text = readHolderText(file);
  if (text === undefined || typeof text.tag !== "string") {
    return Date.now() - stat.mtimeMs > UNWRITTEN_LOCK_MS ? { stale: undefined } : "being written";
  }
  return writerOf(text.tag) === "gone" ? { stale: holderOf(text) } : holderOf(text);
}

function isStale(holder: ReturnType<typeof readHolder>): holder is StaleLock {
  return typeof holder === "object" && "stale" in holder;
}

function holderOf({ pid, host, since, doing, data }: LockFileText): LockHolder {
  return { pid, host, since, doing, data: typeof data === "object" && data !== null ? data : {} };
}

/**
 * Takes a stale lock file away: renamed first, so that of two processes finding it stale only
 * one takes it, and put back if what was renamed is a lock taken meanwhile.
 */
function takeAway(file: string): void {
  const aside = `${file}.${taggedUniqueName()}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  const holder = readHolder(aside);
  if (!isStale(holder) && holder !== "gone") {
    try {
      linkSync(aside, file);
    } catch {
      // Another lock was taken in its place meanwhile; that one stands.
    }
  }
  rmSync(aside, { force: true });
}
