import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectFile } from "../../src/project-paths.ts";

const lighthouseCli = projectFile("node_modules/lighthouse/cli/index.js");
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseResult {
  /** Each category's score, 0 to 100. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** The scored audits that did not pass, as `id: title` lines, to say why a score is low. */
  failing: string[];
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { title: string; score: number | null }>;
}

/**
 * Runs the Lighthouse CLI on `url` in headless Chromium (CHROME_PATH, else /usr/bin/chromium),
 * with its default mobile emulation or the desktop preset, in the light or dark colour scheme. Asynchronous: the server it audits
 * may run in this same process.
 */
export async function runLighthouse(
  url: string,
  preset: "mobile" | "desktop",
  colorScheme: "light" | "dark" = "light",
): Promise<LighthouseResult> {
  const output = join(mkdtempSync(join(tmpdir(), "qa-lighthouse-")), "report.json");
  const child = spawn(
    process.execPath,
    [
      lighthouseCli,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      // Lighthouse emulates no colour scheme: Chromium's own flag makes the page's dark one apply.
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu${colorScheme === "dark" ? " --force-dark-mode" : ""}`,
      ...(preset === "desktop" ? ["--preset=desktop"] : []),
    ],
    {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, CHROME_PATH: process.env["CHROME_PATH"] ?? "/usr/bin/chromium" },
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (status !== 0) throw new Error(`Lighthouse failed on ${url}:\n${stderr}`);
  const report = JSON.parse(readFileSync(output, "utf8")) as Report;
  const scores = Object.fromEntries(
    CATEGORIES.map((name) => [name, Math.round((report.categories[name]?.score ?? 0) * 100)]),
  ) as LighthouseResult["scores"];
  const failing = CATEGORIES.flatMap((name) =>
    (report.categories[name]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${name}: ${ref.id}: ${report.audits[ref.id]?.title ?? ""}`),
  );
  return { scores, failing };
}
