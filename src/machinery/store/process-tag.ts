import { hash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";

/*
 * A tag naming the process that writes a temporary file or holds a lock: its machine, its id
 * and when it started. A file a killed build left can then be told from one a build still
 * running is writing, at once rather than by its age: the id alone may be taken by a new
 * process, but not with the same start time. `h<host>p<pid>t<start>`, letters and digits only,
 * so that it fits in a file name anywhere.
 */

const TAG_PATTERN = /h([0-9a-f]{8})p(\d+)t(\d+)/;

/** This machine, as a tag names it: 8 hex digits of its name's digest. */
const HOST = hash("sha1", hostname(), "hex").slice(0, 8);

/**
 * When process `pid` started, in clock ticks since the machine booted (Linux's
 * `/proc/<pid>/stat`, field 22); none when it is not running. `0` where `/proc` is missing
 * (macOS), so that a tag still names the process.
 */
function processStart(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch (error) {
    // On Linux a missing /proc entry means no such process; elsewhere, ask with a signal.
    const gone = isLinux() && (error as NodeJS.ErrnoException).code === "ENOENT";
    return !gone && signalReaches(pid) ? "0" : undefined;
  }
  // The command's name, in parentheses, may hold spaces: fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19];
}

function isLinux(): boolean {
  return process.platform === "linux";
}

/** Whether a process `pid` exists, for systems without `/proc`. */
function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The tag of process `pid` of this machine; none when it is not running. */
export function tagOf(pid: number): string | undefined {
  const start = processStart(pid);
  return start === undefined ? undefined : `h${HOST}p${pid}t${start}`;
}

/** This process's tag. */
export const PROCESS_TAG = tagOf(process.pid) ?? `h${HOST}p${process.pid}t0`;

/**
 * What the tag in a file's name says of its writer: `gone` when it names a process of this
 * machine that has ended, `running` when that process is still running (`this process` when
 * it is this one), `unknown` for a name with no tag or one written on another machine, which
 * this one cannot look at.
 */
export function writerOf(name: string): "gone" | "running" | "this process" | "unknown" {
  const [tag, host, pid, start] = TAG_PATTERN.exec(name) ?? [];
  if (tag === PROCESS_TAG) return "this process";
  if (host !== HOST || pid === undefined) return "unknown";
  const now = processStart(Number(pid));
  if (now === undefined) return "gone";
  return now !== "0" && start !== "0" && now !== start ? "gone" : "running";
}

/** A name no other write shares, tagged with this process: for a file only it writes. */
export function taggedUniqueName(): string {
  return `${PROCESS_TAG}-${randomUUID()}`;
}
