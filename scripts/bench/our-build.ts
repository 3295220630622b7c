/**
 * Builds this project's site over a content folder with the real `npm run build`
 * (scripts/build.ts, which runs `astro build`), timed, with a cache folder of its own
 * (QA_CACHE_DIR), and edits one question between builds.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { projectRoot } from "../../src/project-paths.ts";
import { buildArguments, buildEnvironment } from "../common/build-site.ts";
import { timed, type Timing } from "./measure.ts";
import { outputStats, type OutputStats } from "./output-stats.ts";

/** Where one series of builds reads and writes. */
export interface BuildFolders {
  content: string;
  /** Astro's cache folder, with the entry cache (QA_CACHE_DIR); deleted for a cold build. */
  cache: string;
  out: string;
}

export interface BuildRun {
  timing: Timing;
  /** Undefined when the build failed. */
  output: OutputStats | undefined;
}

/**
 * One `npm run build`; `cold` deletes the cache and the output folder first. A warm build
 * writes into the output folder as the last build left it, as a rebuild of a user's dist/
 * does: it writes only the pages that changed. `project` is this project, or another checkout
 * of it (the bench's --baseline).
 */
export function buildOurs(
  folders: BuildFolders,
  cold: boolean,
  timeoutSeconds: number,
  project = projectRoot,
): BuildRun {
  if (cold) {
    rmSync(folders.cache, { recursive: true, force: true });
    rmSync(folders.out, { recursive: true, force: true });
  }
  const command = project === projectRoot ? buildArguments() : [join(project, "scripts/build.ts")];
  const timing = timed([process.execPath, ...command], {
    cwd: project,
    env: { ...buildEnvironment(folders.content, folders.out), QA_CACHE_DIR: folders.cache },
    timeoutSeconds,
  });
  return { timing, output: timing.exitCode === 0 ? outputStats(folders.out) : undefined };
}

/**
 * The edit made to one question: its file and id, and text that must then show in the listing
 * (and, with question pages, on its page).
 */
export interface Edit {
  file: string;
  id: string;
  marker: string;
}

/**
 * Puts a new first sentence, holding `marker`, at the top of the body of a question in the
 * middle of the corpus, so that it lands in the excerpt. Duplicates are passed over: their
 * excerpt starts with the duplicate notice, which could push the marker out of it.
 */
export function editOneQuestion(contentDir: string, marker: string): Edit {
  const folder = join(contentDir, "questions");
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .sort();
  const middle = Math.floor(files.length / 2);
  for (let step = 0; step < files.length; step++) {
    const file = join(folder, files[(middle + step) % files.length] as string);
    const text = readFileSync(file, "utf8");
    const end = text.indexOf("\n---\n", 3);
    if (end < 0 || /^state:\s*"?duplicate/m.test(text.slice(0, end))) continue;
    const bodyStart = end + "\n---\n".length;
    const edited = `${text.slice(0, bodyStart)}\nEdited for the bench: ${marker}.\n\n${text.slice(bodyStart)}`;
    writeFileSync(file, edited);
    return { file, id: basename(file, ".md"), marker };
  }
  throw new Error(`${folder} has no question that is not a duplicate to edit`);
}
