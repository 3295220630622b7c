import { mkdirSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./tests/e2e/browser.ts";
import { serverPort, sitesRoot } from "./tests/e2e/sites.ts";

const executablePath = chromiumExecutable();
// The server starts before the global setup has built anything into its folder.
mkdirSync(sitesRoot, { recursive: true });

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalSetup: "./tests/e2e/global-setup.ts",
  forbidOnly: Boolean(process.env["CI"]),
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: { args: chromiumArgs(), ...(executablePath ? { executablePath } : {}) },
  },
  // A real static file server, as a host would serve dist/ (no rewrites, no SPA fallback).
  webServer: {
    command: `node --no-deprecation node_modules/http-server/bin/http-server "${sitesRoot}" -a 127.0.0.1 -p ${serverPort} -c-1 --silent`,
    url: `http://127.0.0.1:${serverPort}/`,
    reuseExistingServer: !process.env["CI"],
  },
});
