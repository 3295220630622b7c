import { cpSync, mkdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { archivePath, sites, sitesRoot, type SiteName } from "./sites.ts";

/**
 * Builds every e2e site with the real `npm run build` before any browser opens one, a build
 * per core at a time. Sites of the same content folder are built one after the other: they
 * share that folder's caches (`buildCacheDirectory`).
 */
export default async function globalSetup(): Promise<void> {
  const byContent = new Map<string, SiteName[]>();
  for (const [name, site] of Object.entries(sites) as [SiteName, (typeof sites)[SiteName]][]) {
    byContent.set(site.content, [...(byContent.get(site.content) ?? []), name]);
  }
  const queue = [...byContent.values()];
  const buildInTurn = async () => {
    for (let names = queue.shift(); names !== undefined; names = queue.shift()) {
      for (const name of names) await buildOne(name);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, buildInTurn));
  // The example's files, copied as they are (no rebuild), to a deeper sub-path.
  const archive = join(sitesRoot, archivePath);
  rmSync(archive, { recursive: true, force: true });
  mkdirSync(dirname(archive), { recursive: true });
  cpSync(join(sitesRoot, "example"), archive, { recursive: true });
}

async function buildOne(name: SiteName): Promise<void> {
  const site = sites[name];
  const outDir = join(sitesRoot, name);
  rmSync(outDir, { recursive: true, force: true });
  // Its settings go to its own build alone (not through this process's environment, which
  // the builds running beside it would see too).
  const build = await buildSite(
    site.content,
    outDir,
    "npm run build",
    "env" in site ? site.env : {},
  );
  if (build.exitCode !== 0) throw new Error(`Building ${site.content} failed:\n${build.output}`);
}
