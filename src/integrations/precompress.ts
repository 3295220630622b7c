import { readFileSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Files that compress well and that hosts serve precompressed (nginx gzip_static, Caddy). */
const TEXT_FILE = /\.(?:html|css|js|mjs|json|svg|xml|txt)$/;

/** Whether a built file (a path relative to the output folder) gets `.br` and `.gz` copies. */
export function isCompressible(file: string): boolean {
  return TEXT_FILE.test(file);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside `path`. Both are byte-identical across builds:
 * Node's gzip header carries no file name and a zero modification time, and both encoders run
 * at a fixed level with no other input.
 */
export function writeCompressedCopies(path: string): void {
  // A page a rebuild kept (src/machinery/incremental/written-pages.ts) keeps its copies, made from it.
  const written = statSync(path).mtimeMs;
  const fresh = (copy: string) =>
    (statSync(copy, { throwIfNoEntry: false })?.mtimeMs ?? 0) >= written;
  if (fresh(`${path}.gz`) && fresh(`${path}.br`)) return;
  const bytes = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
}
