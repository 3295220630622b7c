/**
 * The floor under any Astro site: a bare Astro project of trivial pages, built cold by the same
 * Astro and Node as ours, so that what our build costs beyond Astro's own start, bundling and
 * page loop can be named (issue 48). One page is the fixed cost; as many pages as our build
 * wrote adds Astro's share per page.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../src/project-paths.ts";
import { timed, type Timing } from "./measure.ts";

const CACHE = ".astro-cache";

/** A bare Astro project in `folder`, of `pages` pages, sharing this project's node_modules. */
export function writeFloorProject(folder: string, pages: number): void {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, "src/pages"), { recursive: true });
  symlinkSync(join(projectRoot, "node_modules"), join(folder, "node_modules"), "dir");
  writeFileSync(
    join(folder, "package.json"),
    `${JSON.stringify({ name: "astro-floor", type: "module", private: true })}\n`,
  );
  // No integrations, no content collections. The cache in the project's own folder: Astro's
  // default, node_modules/.astro, is this project's through the link.
  writeFileSync(join(folder, "astro.config.mjs"), `export default { cacheDir: "./${CACHE}" };\n`);
  writeFileSync(join(folder, "src/pages", "[...n].astro"), floorPage(pages));
}

/** One route of `pages` pages: the root, then /2/ and on, each a heading alone. */
function floorPage(pages: number): string {
  return `---
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, index) => ({
    params: { n: index === 0 ? undefined : String(index + 1) },
    props: { number: index + 1 },
  }));
}
const { number } = Astro.props;
---

<html lang="en">
  <head><meta charset="utf-8" /><title>Page {number}</title></head>
  <body><h1>Page {number}</h1></body>
</html>
`;
}

/** The floor project built cold: its output and Astro's cache deleted first, as ours is. */
export function buildFloor(folder: string, timeoutSeconds: number): Timing {
  rmSync(join(folder, "dist"), { recursive: true, force: true });
  rmSync(join(folder, CACHE), { recursive: true, force: true });
  rmSync(join(folder, ".astro"), { recursive: true, force: true });
  return timed([process.execPath, join(projectRoot, "node_modules/astro/bin/astro.mjs"), "build"], {
    cwd: folder,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
    timeoutSeconds,
  });
}
