/** The search bench's table: pure functions of the measured figures. */
import { median } from "../bench/measure.ts";
import type { EngineMeasure } from "./browser.ts";

/** One line of the table: one engine on one corpus. */
export interface SearchRow {
  name: string;
  questions: number;
  /** Files of `search/`: the engine's script(s) and its index. */
  files: number | undefined;
  bytes: number | undefined;
  measure: EngineMeasure | undefined;
  /** `ok`, or why the engine has no figures (or not all). */
  status: string;
}

/** The lower middle value, and the value 90% of the others are at or below. */
export const percentile = (values: number[], p: number): number | undefined => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const fixed = (value: number | undefined, digits: number): string =>
  value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);

/** The figures of a row, by column. */
export function rowFigures(row: SearchRow): Record<string, number | undefined> {
  const measure = row.measure;
  const warm = measure?.warm.map((timing) => timing.ms) ?? [];
  const cold = measure?.cold ?? [];
  return {
    files: row.files,
    totalMb: row.bytes === undefined ? undefined : row.bytes / 1e6,
    bytesPerQuestion: row.bytes === undefined ? undefined : row.bytes / row.questions,
    firstSearchKb: cold.length > 0 ? median(cold.map((timing) => timing.bytes)) / 1024 : undefined,
    loadMs: measure && measure.loadMs.length > 0 ? median(measure.loadMs) : undefined,
    coldMs: cold.length > 0 ? median(cold.map((timing) => timing.ms)) : undefined,
    warmMedianMs: warm.length > 0 ? median(warm) : undefined,
    warmP90Ms: percentile(warm, 90),
    heapMb: measure?.peakHeapBytes === undefined ? undefined : measure.peakHeapBytes / 2 ** 20,
  };
}

/** The table, aligned like the build bench's: names and status left, figures right. */
export function formatSearchTable(rows: readonly SearchRow[]): string {
  const header = [
    "engine",
    "questions",
    "files",
    "total_MB",
    "B/question",
    "first_search_KB",
    "load_ms",
    "cold_ms",
    "warm_median_ms",
    "warm_p90_ms",
    "heap_MB",
    "status",
  ];
  const cells = [
    header,
    ...rows.map((row) => {
      const figures = rowFigures(row);
      return [
        row.name,
        String(row.questions),
        fixed(figures["files"], 0),
        fixed(figures["totalMb"], 2),
        fixed(figures["bytesPerQuestion"], 0),
        fixed(figures["firstSearchKb"], 0),
        fixed(figures["loadMs"], 1),
        fixed(figures["coldMs"], 1),
        fixed(figures["warmMedianMs"], 1),
        fixed(figures["warmP90Ms"], 1),
        fixed(figures["heapMb"], 0),
        row.status,
      ];
    }),
  ];
  const widths = header.map((_, column) =>
    Math.max(...cells.map((line) => line[column]?.length ?? 0)),
  );
  return cells
    .map((line) =>
      line
        .map((cell, column) =>
          column === 0 || column === line.length - 1
            ? cell.padEnd(widths[column] ?? 0)
            : cell.padStart(widths[column] ?? 0),
        )
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
