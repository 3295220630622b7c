/**
 * The peer builders of ../shared/bench, run by its own run-peers.sh on our corpus.
 *
 * ../shared/bench is read-only and shared: the peers write into their own folders (npm ci's
 * node_modules, Hugo's `corpus` link, lock and resources), so they run from a copy under
 * node_modules/.cache/qa-bench/, refreshed on every run; its node_modules are kept.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, lstatSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { projectRoot } from "../../src/project-paths.ts";
import { median } from "./measure.ts";

export const sharedBench = join(projectRoot, "../shared/bench");
const peersCopy = join(projectRoot, "node_modules/.cache/qa-bench/shared-bench");

/** One line of run-peers.sh's table. */
export interface PeerResult {
  peer: string;
  runs: number;
  /** Median wall seconds; undefined when no run finished. */
  wallSeconds: number | undefined;
  wallRange: string;
  cpuSeconds: number | undefined;
  /** Largest peak RSS over the runs, in MiB (run-peers.sh divides KiB by 1024). */
  peakMib: number | undefined;
  /** Size of the peer's index.html in MB (1e6 bytes); with --pages, of every file it wrote. */
  outMb: number | undefined;
  /** With --pages: the files it wrote; undefined otherwise. */
  files?: number | undefined;
  entries: number | undefined;
  /** "ok", "timeout after 900s", "exit N: ..." or, with --pages, "skipped: no --pages mode". */
  status: string;
}

export const sharedBenchPresent = (): boolean => existsSync(join(sharedBench, "run-peers.sh"));

/** The peers ../shared/bench provides. */
export function knownPeers(): string[] {
  return readdirSync(join(sharedBench, "peers"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

export function hugoVersion(): string | undefined {
  const child = spawnSync("hugo", ["version"], { encoding: "utf8" });
  return child.status === 0 ? child.stdout.trim() : undefined;
}

/**
 * Runs `run-peers.sh` from the writable copy; its progress (npm ci) goes to our stderr. With
 * `pages`, its --pages mode: content contract v2, question and tag pages.
 */
export function runPeers(
  contentDir: string,
  options: { peers: string[]; runs: number; timeoutSeconds: number; pages?: boolean },
): { results: PeerResult[]; header: string } {
  refreshCopy();
  const child = spawnSync(
    "bash",
    [
      join(peersCopy, "run-peers.sh"),
      ...["--runs", String(options.runs), "--peers", options.peers.join(" ")],
      ...["--timeout", String(options.timeoutSeconds)],
      ...(options.pages ? ["--pages"] : []),
      contentDir,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 },
  );
  if (child.status !== 0) {
    throw new Error(`run-peers.sh exited with ${child.status}:\n${child.stdout}`);
  }
  const lines = child.stdout.trim().split("\n");
  return {
    header: lines[0] ?? "",
    results: lines.slice(2).map((line) => parsePeerLine(line, options.pages)),
  };
}

/**
 * One run of one peer, by a run-peers.sh call of its own. A peer that cannot be run still gets
 * a result, without figures, so that every builder's runs stay aligned for paired ratios;
 * `failure` then says why.
 */
export function runPeerOnce(
  peer: string,
  contentDir: string,
  timeoutSeconds: number,
  pages = false,
): { result: PeerResult; header?: string; failure?: string } {
  try {
    const { results, header } = runPeers(contentDir, {
      peers: [peer],
      runs: 1,
      timeoutSeconds,
      pages,
    });
    const [result] = results;
    if (result) return { result, header };
    return { result: notRun(peer), failure: "run-peers.sh printed no result" };
  } catch (error) {
    return { result: notRun(peer), failure: (error as Error).message };
  }
}

function notRun(peer: string): PeerResult {
  return {
    peer,
    runs: 1,
    wallSeconds: undefined,
    wallRange: "-",
    cpuSeconds: undefined,
    peakMib: undefined,
    outMb: undefined,
    entries: undefined,
    status: "could not be run",
  };
}

const PEER_LINE = /^(\S+)\s+(\d+)\s+(\S+)\s+\((\S+)\)\s+(\S+)\s+(\d+)\s+(\S+)\s+(\S+)\s+(.*)$/;
/** With --pages, a `files` column comes before `entries`. */
const PAGES_LINE =
  /^(\S+)\s+(\d+)\s+(\S+)\s+\((\S+)\)\s+(\S+)\s+(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(.*)$/;
/** A peer without a --pages mode: `eleventy 0 - - - - - - skipped: no --pages mode`. */
const SKIPPED_LINE = /^(\S+)\s+0(?:\s+-){6}\s+(skipped\b.*)$/;

/**
 * `limit 1 1.23 (1.23..1.23) 1.50 180 5.31 10000  ok`; with `pages`, run-peers.sh --pages's
 * `limit 1 4.49 (4.49..4.49) 5.18 176 66.10 11944 10000  ok`, or a peer it skipped.
 */
export function parsePeerLine(line: string, pages = false): PeerResult {
  const skipped = pages ? SKIPPED_LINE.exec(line.trim()) : null;
  if (skipped) {
    return { ...notRun(skipped[1] as string), runs: 0, status: skipped[2] as string };
  }
  const match = (pages ? PAGES_LINE : PEER_LINE).exec(line.trim());
  if (!match) throw new Error(`cannot read this line of run-peers.sh: ${line}`);
  const [, peer, runs, wall, range, cpu, peak, out, ...rest] = match as unknown as string[];
  const [files, entries, status] = pages ? rest : [undefined, ...rest];
  const number = (text: string | undefined): number | undefined =>
    text === undefined || text === "-" || text === "" || Number.isNaN(Number(text))
      ? undefined
      : Number(text);
  const finished = status === "ok";
  return {
    peer: peer as string,
    runs: Number(runs),
    wallSeconds: finished ? number(wall) : undefined,
    wallRange: range as string,
    cpuSeconds: finished ? number(cpu) : undefined,
    peakMib: number(peak),
    outMb: number(out),
    ...(pages && { files: number(files) }),
    entries: number(entries),
    status: status as string,
  };
}

/**
 * One peer's runs, each made by its own run-peers.sh call, as one line: median wall and CPU
 * seconds, the largest peak, the last output; the first status that is not "ok". A peer that
 * run-peers.sh skipped counts no run.
 */
export function combinePeerRuns(runs: readonly PeerResult[]): PeerResult {
  const last = runs.at(-1);
  if (last === undefined) throw new Error("no runs to combine");
  const finished = runs.filter((run) => run.status === "ok");
  const walls = finished.flatMap((run) => run.wallSeconds ?? []);
  const peaks = runs.flatMap((run) => run.peakMib ?? []);
  return {
    peer: last.peer,
    runs: runs.reduce((sum, run) => sum + run.runs, 0),
    wallSeconds: walls.length > 0 ? median(walls) : undefined,
    wallRange: walls.length > 0 ? `${Math.min(...walls)}..${Math.max(...walls)}` : "-",
    cpuSeconds:
      finished.length > 0 ? median(finished.flatMap((run) => run.cpuSeconds ?? [])) : undefined,
    peakMib: peaks.length > 0 ? Math.max(...peaks) : undefined,
    outMb: last.outMb,
    ...(last.files !== undefined && { files: last.files }),
    entries: last.entries,
    status: runs.find((run) => run.status !== "ok")?.status ?? "ok",
  };
}

/** Copies ../shared/bench over the working copy, leaving what the peers made there. */
function refreshCopy(): void {
  const generated = new Set(["node_modules", "corpus", "public", "resources", ".hugo_build.lock"]);
  cpSync(sharedBench, peersCopy, {
    recursive: true,
    force: true,
    filter: (source) => !generated.has(basename(source)),
  });
  // The shared files are read-only; the copy must be writable to be refreshed and for npm ci.
  makeWritable(peersCopy);
}

function makeWritable(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return; // Hugo's `corpus` link, maybe to a corpus since deleted
  chmodSync(path, stat.mode | 0o200);
  if (!stat.isDirectory()) return;
  for (const entry of readdirSync(path)) {
    if (entry !== "node_modules") makeWritable(join(path, entry));
  }
}
