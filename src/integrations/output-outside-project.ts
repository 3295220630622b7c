import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AstroIntegration } from "astro";
import { hash } from "node:crypto";
import { folderRelation } from "../core/output-folder.ts";
import { taggedUniqueName } from "../machinery/store/process-tag.ts";
import { realPathOf } from "../project-paths.ts";

/*
 * Astro writes its page bundle (`.prerender/`) inside the output folder when it counts that
 * folder as inside the folder the build runs in, and otherwise in `.astro/.prerender/` there
 * (`getOutDirWithinCwd`, astro/dist/core/build/common.js). That one folder is then shared: two
 * builds at once into two folders outside the project each wrote and deleted the other's
 * bundle ("Cannot find module .../prerender-entry..."), and an output folder on another file
 * system (tmpfs, another disk, a mounted volume) failed when Astro renamed the style sheet
 * across ("EXDEV: cross-device link not permitted"). So a build into a folder outside the
 * project gives Astro a path inside it: a link in node_modules/.astro/outputs/ to the output
 * folder. Astro then keeps the bundle in the output folder itself, one per output folder and
 * on its file system, and deletes it when the build is done.
 */

/** The folder of the links to output folders outside the project, in the project. */
const OUTPUT_LINKS = "node_modules/.astro/outputs";

export function outputOutsideProject(): AstroIntegration {
  return {
    name: "qa-output-outside-project",
    hooks: {
      "astro:config:setup": ({ command, config, updateConfig, logger }) => {
        if (command !== "build") return;
        const root = fileURLToPath(config.root);
        const outDir = realPathOf(fileURLToPath(config.outDir));
        if (folderRelation(outDir, realPathOf(root)) !== "inside") {
          const link = linkToOutput(root, outDir);
          updateConfig({ outDir: pathToFileURL(`${link}/`) });
          logger.info(`writing into ${outDir}, through ${relative(root, link)}`);
        }
        updateConfig({
          vite: {
            plugins: [
              {
                name: "qa-bundle-packages",
                applyToEnvironment: (environment) => environment.name === "prerender",
                writeBundle({ dir }) {
                  if (dir !== undefined) linkPackagesIfOutside(dir, root);
                },
              },
            ],
          },
        });
      },
    },
  };
}

/**
 * A link in the project to the output folder `outDir` (made if missing), named for it: made
 * anew under another name and renamed into place, so that builds into the same folder at once
 * each find a whole link.
 */
function linkToOutput(root: string, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const links = join(root, OUTPUT_LINKS);
  mkdirSync(links, { recursive: true });
  removeLinksToNothing(links);
  const link = join(links, `${basename(outDir)}-${hash("sha1", outDir, "hex").slice(0, 12)}`);
  const fresh = join(links, `.${taggedUniqueName()}`);
  symlinkSync(outDir, fresh, "dir");
  try {
    renameSync(fresh, link);
  } catch (error) {
    rmSync(fresh, { force: true });
    throw error;
  }
  return link;
}

/** Deletes the links in `links` whose output folder is gone (a test's, a deleted site's). */
function removeLinksToNothing(links: string): void {
  for (const name of readdirSync(links)) {
    if (!existsSync(join(links, name))) rmSync(join(links, name), { force: true });
  }
}

/**
 * Links `<bundleDir>/node_modules` to the project's when the bundle lies outside the project,
 * links resolved: Node imports the bundle from where its files are, and finds packages from
 * there.
 */
export function linkPackagesIfOutside(bundleDir: string, projectRoot: string): boolean {
  const inside = folderRelation(realPathOf(bundleDir), realPathOf(projectRoot)) === "inside";
  const link = join(bundleDir, "node_modules");
  if (inside || existsSync(link)) return false;
  symlinkSync(join(projectRoot, "node_modules"), link, "dir");
  return true;
}
