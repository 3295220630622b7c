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
