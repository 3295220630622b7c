import type { ChildProcess } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { projectRoot } from "../../src/project-paths.ts";
import { sitesRoot } from "./sites.ts";
import { watchPage } from "./watch-page.ts";
import { packZim, startKiwixServe } from "../helpers/kiwix.ts";

/*
 * The example, packed by `npm run zim` and served by kiwix-serve, read in Chromium as a Kiwix
 * reader shows it: every question and tag page reached from the main page by its links, every
 * link landing, and nothing asked of anywhere but the server.
 */

const work = join(projectRoot, "tests/.output/kiwix");
const site = join(sitesRoot, "example");
const PORT = 4397;
const base = `http://127.0.0.1:${PORT}`;
/** kiwix-serve names a book by its file's name: its pages are under `/example/`. */
const book = `${base}/example/`;

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  rmSync(work, { recursive: true, force: true });
  const packed = await packZim(["--out", join(work, "example.zim"), "--site", site]);
  if (packed.exitCode !== 0) throw new Error(`npm run zim failed:\n${packed.output}`);
  server = await startKiwixServe(join(work, "example.zim"), PORT);
});

test.afterAll(() => server?.kill());

/** The site's question and tag pages, as paths in the book. */
function pagesOfTheSite(): string[] {
  return ["questions", "tags"].flatMap((folder) =>
    readdirSync(join(site, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${folder}/${entry.name}/index.html`),
  );
}

test("a crawl from the main page reaches every question and tag page, asking nothing of elsewhere", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seen = watchPage(page);
  const queue = [book];
  const visited = new Set<string>();
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (visited.has(url)) continue;
    visited.add(url);
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    const links = await page
      .locator("main a[href], nav a[href]")
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    for (const link of links) {
      const target = link.replace(/#.*$/, "");
      if (target.startsWith(book) && !visited.has(target)) queue.push(target);
    }
  }
  const reached = [...visited].map((url) => url.slice(book.length));
  expect(reached).toEqual(expect.arrayContaining(pagesOfTheSite()));
  expect(seen.requests.filter((request) => !request.startsWith(base))).toEqual([]);
  expect(seen.failed).toEqual([]);
});

test("Kiwix's own search finds a question by a word of its body", async ({ page }) => {
  await page.goto(`${base}/search?content=example&pattern=websocket`);
  await expect(
    page.locator('a[href="/example/questions/nginx-reverse-proxy-websocket/index.html"]'),
  ).toBeVisible();
});

test("kiwix-serve's own search bar, above a question's page, takes the reader to its results", async ({
  page,
}) => {
  await page.goto(`${book}questions/restic-systemd-timer/index.html`);
  const box = page.locator("#kiwixsearchbox");
  await box.fill("websocket");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?content=example&pattern=websocket$/);
  await expect(
    page.locator('a[href="/example/questions/nginx-reverse-proxy-websocket/index.html"]'),
  ).toBeVisible();
});

test("the ZIM carries the content's images: a question's diagram shows through kiwix-serve", async ({
  page,
}) => {
  await page.goto(`${book}questions/proxmox-vlan-aware-bridge-single-nic/index.html`);
  const image = page.locator(".post-body img");
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBe(720);
});
