import {
  copyFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { SearchFile } from "../../src/core/search-index.ts";
import { SEARCH_FOLDER } from "../../src/lib/search/index-format.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { outputStats } from "../bench/output-stats.ts";
import { buildSite } from "../common/build-site.ts";
import { withEnvironment } from "../common/environment.ts";

/**
 * The harness: the bundled example built by the real build, whose listing page is a real page
 * of the site (its search box, its `script-src 'self'` policy). Each engine's site is a copy
 * of it with its own `search/` folder.
 */
export async function buildHarness(folder: string): Promise<string> {
  await build(join(projectRoot, "content"), folder);
  return folder;
}

/** A copy of the harness at `folder`, its `search/` holding `files` alone. */
export function writeSite(harness: string, folder: string, files: readonly SearchFile[]): string {
  rmSync(folder, { recursive: true, force: true });
  cpSync(harness, folder, { recursive: true });
  const search = join(folder, SEARCH_FOLDER);
  rmSync(search, { recursive: true, force: true });
  mkdirSync(search);
  for (const { file, text } of files) writeFileSync(join(search, file), text);
  return join(folder, "index.html");
}

/**
 * The listing's HTML per question on this corpus: the real build of its first `sample` questions
 * (those that duplicate a question out of the sample left out, and no answer files: the
 * listing shows the `answers` count either way), its listing pages' bytes over their entries.
 */
export async function listingBytesPerEntry(
  contentDir: string,
  folder: string,
  sample = 1000,
): Promise<{ bytesPerEntry: number; entries: number }> {
  const content = join(folder, "content");
  mkdirSync(join(content, "questions"), { recursive: true });
  copyFileSync(join(contentDir, "community.yaml"), join(content, "community.yaml"));
  const names = readdirSync(join(contentDir, "questions"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .slice(0, sample);
  const texts = names.map((name) => readFileSync(join(contentDir, "questions", name), "utf8"));
  const inSample = new Set(names.map((name) => name.slice(0, -".md".length)));
  names.forEach((name, at) => {
    const text = texts[at] as string;
    const original = /^duplicateOf:\s*"?([^"\s]+)"?\s*$/m.exec(text)?.[1];
    if (original === undefined || inSample.has(original)) {
      writeFileSync(join(content, "questions", name), text);
    }
  });
  const out = join(folder, "out");
  await build(content, out);
  const { listingBytes, entries } = outputStats(out);
  return { bytesPerEntry: listingBytes / entries, entries };
}

/** The real build, its cache beside its output rather than in the checkout's node_modules. */
async function build(contentDir: string, outDir: string): Promise<void> {
  const { exitCode, output } = await withEnvironment({ QA_CACHE_DIR: `${outDir}-cache` }, () =>
    buildSite(contentDir, outDir),
  );
  if (exitCode !== 0) {
    throw new Error(
      `the build of ${contentDir} failed (exit ${exitCode}):\n${output.slice(-3000)}`,
    );
  }
}
