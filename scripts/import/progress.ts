import { basename } from "node:path";
import type { ReadProgress } from "./xml-rows.ts";

export interface Progress {
  update(progress: ReadProgress): void;
  /** A step's own line, such as the images fetched so far. */
  status(line: string): void;
  /** Clears the line, so the report starts on a clean one. */
  end(): void;
}

const EVERY_MS = 250;

/**
 * A one-line progress display on stderr: rows and MB read, the rate, and the time left from the
 * file's size. It does nothing when disabled (not a terminal, or --quiet), so logs stay clean.
 */
export function progressDisplay(
  enabled: boolean,
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  if (!enabled) return { update() {}, status() {}, end() {} };
  let started: { file: string; at: number } | undefined;
  let shownAt = 0;
  let shown = false;
  return {
    update({ file, bytesRead, totalBytes, rows }) {
      const now = performance.now();
      if (started?.file !== file) started = { file, at: now };
      if (now - shownAt < EVERY_MS && bytesRead < totalBytes) return;
      shownAt = now;
      const seconds = Math.max((now - started.at) / 1000, 0.001);
      const rate = bytesRead / seconds;
      const left = rate > 0 ? (totalBytes - bytesRead) / rate : 0;
      const line = [
        basename(file),
        `${rows.toLocaleString("en-US")} rows`,
        `${megabytes(bytesRead)} of ${megabytes(totalBytes)} MB`,
        `${megabytes(rate)} MB/s`,
        `ETA ${clock(left)}`,
      ].join("  ");
      stream.write(`\r\x1b[2K${line}`);
      shown = true;
    },
    status(line) {
      const now = performance.now();
      if (now - shownAt < EVERY_MS) return;
      shownAt = now;
      stream.write(`\r\x1b[2K${line}`);
      shown = true;
    },
    end() {
      if (shown) stream.write("\r\x1b[2K");
      shown = false;
    },
  };
}

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

function clock(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
