import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../../src/project-paths.ts";

/**
 * The Nu HTML Checker's errors on `pages` (files), each as `<page>: <message>`, the page named
 * by `name` (its path, by default); the checker's own failure to run throws. Java runs the
 * checker from the `vnu-jar` package.
 */
export function nuErrors(pages: readonly string[], name = (path: string) => path): string[] {
  const vnu = spawnSync(
    "java",
    [
      "-jar",
      join(projectRoot, "node_modules/vnu-jar/build/dist/vnu.jar"),
      "--errors-only",
      "--format",
      "json",
      ...pages,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (vnu.error !== undefined) throw vnu.error;
  // vnu writes its JSON report to stderr; exit code 1 means it found errors.
  const report = JSON.parse(vnu.stderr) as { messages: { url: string; message: string }[] };
  const errors = report.messages.map(
    (message) => `${name(new URL(message.url).pathname)}: ${message.message}`,
  );
  if (errors.length === 0 && vnu.status !== 0) {
    throw new Error(`The Nu HTML Checker exited with ${String(vnu.status)}:\n${vnu.stderr}`);
  }
  return errors;
}
