import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/**
 * Tells the questions loader where the project and Astro's cache folder are. The loader runs
 * inside the page bundle (a live collection), where its own location says nothing, so both
 * folders become compile-time constants (read in src/project-paths.ts). Taken from the
 * resolved config, so a config that moves `cacheDir` moves the loader's cache too.
 */
export function loaderPaths(): AstroIntegration {
  return {
    name: "qa-loader-paths",
    hooks: {
      "astro:config:setup": ({ config, updateConfig }) => {
        updateConfig({
          vite: {
            define: {
              __QA_PROJECT_ROOT__: JSON.stringify(fileURLToPath(config.root)),
              __QA_CACHE_DIR__: JSON.stringify(fileURLToPath(config.cacheDir)),
            },
          },
        });
      },
    },
  };
}
