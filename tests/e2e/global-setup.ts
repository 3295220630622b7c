import { cpSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { withEnvironment } from "../../scripts/common/environment.ts";
import { archivePath, sites, sitesRoot } from "./sites.ts";

/** Builds every e2e site with the real `npm run build` before any browser opens one. */
export default async function globalSetup(): Promise<void> {
  for (const [name, site] of Object.entries(sites)) {
    const outDir = join(sitesRoot, name);
    rmSync(outDir, { recursive: true, force: true });
    const build = await withEnvironment("env" in site ? site.env : {}, () =>
      buildSite(site.content, outDir),
    );
    if (build.exitCode !== 0) throw new Error(`Building ${site.content} failed:\n${build.output}`);
  }
  // The example's files, copied as they are (no rebuild), to a deeper sub-path.
  const archive = join(sitesRoot, archivePath);
  rmSync(archive, { recursive: true, force: true });
  mkdirSync(dirname(archive), { recursive: true });
  cpSync(join(sitesRoot, "example"), archive, { recursive: true });
}
