import { build } from "esbuild";
import { join } from "node:path";
import { projectRoot } from "../project-paths.ts";

/**
 * `search/search.js`: src/search/client.ts and what it imports, as one classic script (an
 * IIFE), minified. Not through Astro's own script bundling, which writes module scripts: a
 * browser runs none from a page opened from disk. The targets are the browsers that render
 * the pages' MathML and `<search>` natively; older ones get no search box, nothing worse.
 */
export async function searchScript(): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [join(projectRoot, "src/search/client.ts")],
    bundle: true,
    format: "iife",
    minify: true,
    target: ["chrome109", "firefox115", "safari16"],
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  const [script] = outputFiles;
  if (script === undefined) throw new Error("esbuild wrote no search script.");
  return script.text;
}
