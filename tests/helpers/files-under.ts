import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Every file under `dir`, by its path relative to it, with its bytes: a build's output. */
export function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(relative(dir, path), readFileSync(path));
    }
  }
  return files;
}

/** Fails unless `actual` holds the same files as `expected`, byte for byte. */
export function assertSameFiles(
  actual: ReadonlyMap<string, Buffer>,
  expected: ReadonlyMap<string, Buffer>,
  differs = "differs",
): void {
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
  for (const [path, bytes] of expected) {
    assert.ok(bytes.equals(actual.get(path) ?? Buffer.alloc(0)), `${path} ${differs}`);
  }
}
