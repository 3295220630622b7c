import type { LoadedContent } from "../machinery/loading/load-content.ts";
import { buildLoadOf } from "../machinery/loading/early-load.ts";
import { ContentError } from "../core/content-error.ts";

/**
 * The content of `directory`, for a loader whose entries are derived with the rest of it: in a
 * build, from the build's one load (src/machinery/loading/early-load.ts), on its loading
 * thread; in the dev server, loaded as the folder is at each request. Its problems as the
 * loader's error.
 */
export async function loadedContent(
  directory: string,
): Promise<{ content: LoadedContent } | { error: ContentError }> {
  const outcome = await (buildLoadOf(directory) ??
    import("../machinery/loading/load-content.ts").then(
      async ({ loadContent }) => (await loadContent(directory)).outcome,
    ));
  if ("problems" in outcome) return { error: new ContentError(outcome.problems) };
  if ("failure" in outcome) throw outcome.failure;
  return { content: outcome.content };
}
