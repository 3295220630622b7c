import AxeBuilder from "@axe-core/playwright";
import { join } from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { pageUrl, rootServerPort } from "./sites.ts";
import { watchPage } from "./watch-page.ts";

const schemes = ["light", "dark"] as const;
const listing = pageUrl("example", "http");
/**
 * Hosts serve the 404 page at whatever address was missing, often deeper than the site; the
 * server with the example at its root answers so (http-server looks for /404.html).
 */
const missing = `http://127.0.0.1:${rootServerPort}/no/such/page`;
const notFound = `${pageUrl("example", "http")}404.html`;

/**
 * Saves a screenshot to test-results/screenshots/<name>.png, one folder for a person to look
 * through, and attaches it to the test's results.
 */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = join(testInfo.project.outputDir, "screenshots", `${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** The axe-core rules' violations on the page as loaded, as `rule: target` lines. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`),
  );
}

for (const colorScheme of schemes) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test("axe-core finds no violation on the listing or the 404 page", async ({ page }) => {
      await page.goto(listing);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(notFound);
      expect(await axeViolations(page)).toEqual([]);
    });

    for (const width of [375, 1280]) {
      test(`screenshot at ${width} px`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(listing);
        await screenshot(page, testInfo, `listing-${width}-${colorScheme}`);
      });
    }
  });
}

test("the screenshots of a print and of the 404 page", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.goto(listing);
  await page.emulateMedia({ media: "print" });
  await screenshot(page, testInfo, "listing-print");
  await page.emulateMedia({ media: "screen" });
  await page.goto(missing);
  await page.keyboard.press("Tab");
  await screenshot(page, testInfo, "404-focus");
});

test("prints in black on white, without the tag colours", async ({ page }) => {
  await page.emulateMedia({ media: "print", colorScheme: "dark" });
  await page.goto(listing);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await expect(page.locator("main h2").first()).toHaveCSS("color", "rgb(0, 0, 0)");
  await expect(page.locator(".tag").first()).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
});

test("fits a 320 px phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(listing);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test("nothing moves once shown: no layout shift while loading", async ({ page }) => {
  await page.goto(listing);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBe(0);
});

test.describe("with JavaScript turned off", () => {
  test.use({ javaScriptEnabled: false });

  test("the listing reads the same", async ({ browser, page }) => {
    await page.goto(listing);
    const withoutScript = await page.locator("main").innerText();
    const other = await browser.newPage();
    await other.goto(listing);
    expect(withoutScript).toBe(await other.locator("main").innerText());
    await other.close();
  });
});

test("a strict Content-Security-Policy allows no script at all", async ({ page }) => {
  await page.goto(listing);
  const policy = await page
    .locator('meta[http-equiv="content-security-policy"]')
    .getAttribute("content");
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("script-src 'none'");
  // The policy is enforced: a script added now is refused, and says so.
  const seen = watchPage(page);
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "document.title = 'ran'";
    document.head.append(script);
  });
  expect(await page.title()).not.toBe("ran");
  expect(seen.errors.join("\n")).toContain("Content Security Policy");
});

test("the 404 page is styled at any depth, and its link shows focus", async ({ page }) => {
  const seen = watchPage(page);
  const response = await page.goto(missing);
  // http-server answers a missing file with 404.html, as Netlify and Cloudflare Pages do.
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("Page not found");
  await expect(page.locator("body")).not.toHaveCSS("border-top-width", "0px");
  // The page itself and nothing else: the style sheet is inline, no favicon is asked for.
  expect(seen.requests).toEqual([missing]);
  await page.keyboard.press("Tab");
  await expect(page.locator("a")).toBeFocused();
  await expect(page.locator("a")).toHaveCSS("outline-style", "solid");
});
