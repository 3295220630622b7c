import { existsSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/**
 * Lets a build write into a folder beside the project whose path begins with the project's
 * path (the project in `qa-archive`, `QA_OUT_DIR=../qa-archive-site`). Astro then writes its
 * page bundle inside that folder, where the bundle cannot find the project's packages: it
 * tells a folder inside the project from one outside by comparing the two paths as strings
 * (`getOutDirWithinCwd`, astro/dist/core/build/common.js), and puts the bundle inside the
 * output folder only when it counts it as inside. So once the bundle is written, if it lies
 * outside the project, a link in its folder points Node to the project's node_modules; Astro
 * deletes the folder, link and all, when the build is done.
 */
export function outputOutsideProject(): AstroIntegration {
  return {
    name: "qa-output-outside-project",
    hooks: {
      "astro:config:setup": ({ command, config, updateConfig }) => {
        if (command !== "build") return;
        const root = fileURLToPath(config.root);
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

/** Links `<bundleDir>/node_modules` to the project's when the bundle lies outside the project. */
export function linkPackagesIfOutside(bundleDir: string, projectRoot: string): boolean {
  const fromProject = relative(projectRoot, bundleDir);
  const inside =
    fromProject !== "" && !fromProject.startsWith("..") && !fromProject.startsWith("/");
  const link = join(bundleDir, "node_modules");
  if (inside || existsSync(link)) return false;
  symlinkSync(join(projectRoot, "node_modules"), link, "dir");
  return true;
}
