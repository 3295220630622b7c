import { mkdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroConfig, AstroIntegration } from "astro";
import { outputFolderOverlap, type GuardedFolder } from "../core/output-folder.ts";
import { lockOutputFolder, OUTPUT_LOCK_FILE } from "../machinery/incremental/output-files.ts";
import { writeFailureReason } from "../lib/write-failures.ts";
import { contentDirectory, realPathOf } from "../project-paths.ts";

/**
 * Checks the output folder before a build writes anything: it must keep apart from the content
 * and the project's own files (a build deletes what no page stands for), be writable, and be
 * written by one build at a time, which holds a lock in it (`OUTPUT_LOCK_FILE`) to its end.
 * A folder that fails is reported, with the fix, and the build stops there.
 */
export function outputFolder(): AstroIntegration {
  return {
    name: "qa-output-folder",
    hooks: {
      // The first hook of a build, before anything (output-outside-project.ts) makes the folder.
      "astro:config:setup": ({ command, config }) => {
        if (command !== "build") return;
        const outDir = resolve(fileURLToPath(config.outDir));
        const shown = shownOutputFolder(outDir);
        const overlap = outputFolderOverlap(realPathOf(outDir), shown, guardedFolders(config));
        if (overlap !== undefined) stop([overlap]);
        const unusable = lockProblem(outDir, shown);
        if (unusable !== undefined) stop([unusable]);
      },
    },
  };
}

/** Prints why the output folder cannot be used and ends the build, as content problems do. */
function stop(reasons: readonly string[]): never {
  console.error(`The output folder cannot be used:\n${reasons.map((r) => `  - ${r}`).join("\n")}`);
  process.exit(1);
}

/** The output folder as the user named it: QA_OUT_DIR as typed, with the path it comes to. */
function shownOutputFolder(outDir: string): string {
  const setting = process.env["QA_OUT_DIR"];
  if (setting === undefined) return relative(process.cwd(), outDir) || outDir;
  return resolve(setting) === outDir
    ? `QA_OUT_DIR=${setting}`
    : `QA_OUT_DIR=${setting} (${outDir})`;
}

/** The folders the output folder keeps apart from, links resolved. */
function guardedFolders(config: AstroConfig): GuardedFolder[] {
  const root = fileURLToPath(config.root);
  const folders: [string, string, boolean?][] = [
    ["the content folder", contentDirectory(root)],
    ["the project's folder", root, true],
    ["the project's src/", fileURLToPath(config.srcDir)],
    ["the project's public/", fileURLToPath(config.publicDir)],
    ["the project's scripts/", join(root, "scripts")],
    ["the project's node_modules/", join(root, "node_modules")],
    ["the project's .git/", join(root, ".git")],
    ["the build's cache folder", fileURLToPath(config.cacheDir)],
  ];
  return folders.map(([name, path, mayHoldOutput]) => ({
    name,
    path: realPathOf(path),
    ...(mayHoldOutput && { mayHoldOutput }),
  }));
}

/**
 * Takes the output folder's lock, made with the folder if missing; or says why it cannot be
 * taken: the folder cannot be written, or another build holds it.
 */
function lockProblem(outDir: string, shown: string): string | undefined {
  let holder: ReturnType<typeof lockOutputFolder>;
  try {
    mkdirSync(outDir, { recursive: true });
    holder = lockOutputFolder(outDir);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return `${shown} cannot be written (${code ?? message}: ${writeFailureReason(code) ?? message}); make it writable, or set QA_OUT_DIR to a folder this user can write`;
  }
  if (holder === undefined) return undefined;
  const { pid, host, since } = holder;
  return `${shown} is being written by another build (process ${pid} on ${host}, since ${since}); wait for it to end, or build into another folder (QA_OUT_DIR). If no build is running there, delete ${join(outDir, OUTPUT_LOCK_FILE)}`;
}
