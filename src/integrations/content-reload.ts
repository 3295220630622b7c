import { relative, sep } from "node:path";
import type { AstroIntegration } from "astro";
import { reloadForContentChange } from "../machinery/astro/astro-internals.ts";
import { contentDirectory } from "../project-paths.ts";

/** How long the dev server waits for a burst of changes (an editor's save, an import) to end. */
const SETTLE_MS = 50;

/**
 * Shows content edits in `astro dev`: the loaders read the content folder at each request,
 * but the dev server keeps each route's static paths (which pages exist, and their props)
 * until a source file changes, and content files are not source files. So a change under the
 * content folder, which may lie outside the project (`QA_CONTENT_DIR`), clears them and
 * reloads the browser.
 */
export function contentReload(): AstroIntegration {
  return {
    name: "qa-content-reload",
    hooks: {
      "astro:server:setup": ({ server, logger }) => {
        const directory = contentDirectory();
        server.watcher.add(directory);
        let waiting: ReturnType<typeof setTimeout> | undefined;
        server.watcher.on("all", (_event, path) => {
          if (path !== directory && !path.startsWith(directory + sep)) return;
          clearTimeout(waiting);
          waiting = setTimeout(() => {
            logger.info(`${relative(directory, path) || "the content folder"} changed: reloading`);
            reloadForContentChange(server);
          }, SETTLE_MS);
        });
      },
    },
  };
}
