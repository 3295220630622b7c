import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroConfig } from "astro";
import type { LoaderContext } from "astro/loaders";
import { readContentFolder, type ContentFolder } from "./content-folder.ts";

/**
 * The content folder to build: `QA_CONTENT_DIR` (relative to where the command runs) when set,
 * otherwise `content/` beside astro.config.mjs.
 */
export function contentDirectory(config: AstroConfig): string {
  const fromEnvironment = process.env["QA_CONTENT_DIR"];
  return fromEnvironment
    ? resolve(fromEnvironment)
    : fileURLToPath(new URL("./content/", config.root));
}

// Both collections come from one reading of the folder, so one run reports every problem in
// every file, whichever loader Astro happens to finish first. The memo is dropped when the dev
// server's watcher sees a change.
const readings = new Map<string, Promise<ContentFolder>>();

export function readContentOnce(directory: string): Promise<ContentFolder> {
  let reading = readings.get(directory);
  if (!reading) {
    reading = Promise.resolve().then(() => readContentFolder(directory));
    readings.set(directory, reading);
  }
  return reading;
}

export function forgetReading(directory: string): void {
  readings.delete(directory);
}

type Watcher = NonNullable<LoaderContext["watcher"]>;

/**
 * Runs `sync` now and, under the dev server, again whenever a file in the content folder
 * changes (the folder may lie outside the project, where Vite does not watch by itself).
 */
export async function syncAndWatch(
  directory: string,
  watcher: Watcher | undefined,
  sync: (content: ContentFolder) => void,
): Promise<void> {
  watcher?.add(directory);
  watcher?.on("all", (_event, path) => {
    if (!path.startsWith(directory)) return;
    forgetReading(directory);
    readContentOnce(directory).then(sync, () => {
      // The other loader's run reports the same problems; Astro shows them in the overlay.
    });
  });
  sync(await readContentOnce(directory));
}
