import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * Debian's Chromium, for machines where Playwright cannot download its own browser: first its
 * headless shell (package chromium-headless-shell), the build Playwright itself runs headless
 * tests in, then the whole browser. The shell ran the e2e suite in 158 s against 251 s.
 */
const SYSTEM_CHROMIUMS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/**
 * Which Chromium to drive: `PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH` when set, else Playwright's own
 * build when it is installed (undefined lets Playwright pick it), else the system's.
 */
export function chromiumExecutable(): string | undefined {
  const fromEnvironment = process.env["PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH"];
  if (fromEnvironment) return fromEnvironment;
  if (existsSync(chromium.executablePath())) return undefined;
  return SYSTEM_CHROMIUMS.find((path) => existsSync(path)) ?? SYSTEM_CHROMIUMS.at(-1);
}

/**
 * Flags for a headless run in a sandboxed CI container: as root Chromium's own sandbox cannot
 * start, and with no network its background services only produce refused connections.
 */
export function chromiumArgs(): string[] {
  const args = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ];
  if (process.getuid?.() === 0) args.unshift("--no-sandbox");
  return args;
}
