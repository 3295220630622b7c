import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
// Before any build: the builds of the sites and Playwright's workers share the compile cache.
import "./tests/helpers/compile-cache.ts";
import { chromiumArgs, chromiumExecutable } from "./tests/e2e/browser.ts";
import { rootServerPort, serverPort, sitesRoot } from "./tests/e2e/sites.ts";

const executablePath = chromiumExecutable();
// The server starts before the global setup has built anything into its folder.
mkdirSync(join(sitesRoot, "example"), { recursive: true });
const httpServer = (root: string, port: number) => ({
  command: `node --no-deprecation node_modules/http-server/bin/http-server "${root}" -a 127.0.0.1 -p ${port} -c-1 --silent`,
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: !process.env["CI"],
});

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalSetup: "./tests/e2e/global-setup.ts",
  forbidOnly: Boolean(process.env["CI"]),
  // A worker per core, not Playwright's half: one worker kept 2 cores 0.65 busy (the browser
  // waits on pages, the runner on the browser), and two took the suite from 141 s to 115 s.
  // Files run side by side; the two that build a site of their own build into folders of
  // their own (hostile/, hosted-again/).
  workers: "100%",
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: { args: chromiumArgs(), ...(executablePath ? { executablePath } : {}) },
  },
  // Real static file servers, as a host would serve dist/ (no rewrites, no SPA fallback): one
  // with every site on a sub-path of its own, one with the example site at its root.
  webServer: [
    httpServer(sitesRoot, serverPort),
    httpServer(join(sitesRoot, "example"), rootServerPort),
  ],
});
