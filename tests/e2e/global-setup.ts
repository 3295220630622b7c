import { rmSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../helpers/build-site.ts";
import { sites, sitesRoot } from "./sites.ts";

/** Builds every e2e site with the real `astro build` before any browser opens one. */
export default async function globalSetup(): Promise<void> {
  for (const [name, contentDir] of Object.entries(sites)) {
    const outDir = join(sitesRoot, name);
    rmSync(outDir, { recursive: true, force: true });
    const build = await buildSite(contentDir, outDir);
    if (build.exitCode !== 0) throw new Error(`Building ${contentDir} failed:\n${build.output}`);
  }
}
