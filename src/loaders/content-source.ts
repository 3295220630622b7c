import { join, resolve } from "node:path";
import type { LoaderContext } from "astro/loaders";
import { projectRoot } from "./project-paths.ts";

/**
 * The content folder to build: `QA_CONTENT_DIR` (relative to where the command runs) when set,
 * otherwise `content/` in the project's root, beside astro.config.mjs.
 */
export function contentDirectory(root = projectRoot): string {
  const fromEnvironment = process.env["QA_CONTENT_DIR"];
  return fromEnvironment ? resolve(fromEnvironment) : join(root, "content");
}

type Watcher = NonNullable<LoaderContext["watcher"]>;

/**
 * Runs `sync` now and, under the dev server, again whenever a file in the content folder
 * changes (the folder may lie outside the project, where Vite does not watch by itself).
 * A failed re-sync leaves the last good entry in place; the error shows in the terminal.
 */
export async function syncAndWatch(
  directory: string,
  watcher: Watcher | undefined,
  logger: LoaderContext["logger"],
  sync: () => Promise<void> | void,
): Promise<void> {
  watcher?.add(directory);
  watcher?.on("all", (_event, path) => {
    if (!path.startsWith(directory)) return;
    Promise.resolve()
      .then(sync)
      .catch((error: unknown) =>
        logger.error(error instanceof Error ? error.message : String(error)),
      );
  });
  await sync();
}
