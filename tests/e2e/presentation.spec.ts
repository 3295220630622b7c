import AxeBuilder from "@axe-core/playwright";
import { join } from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { pageUrl, rootServerPort } from "./sites.ts";
import { layoutShift, watchPage } from "./watch-page.ts";

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

interface Colour {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** A colour as Chromium computes it, `rgb(...)` or `rgba(...)`: channels 0-255, alpha 0-1. */
function parseColour(css: string): Colour {
  const match = /^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/.exec(css);
  if (!match) throw new Error(`not an rgb() colour: ${css}`);
  return {
    r: Number(match[1]),
    g: Number(match[2]),
    b: Number(match[3]),
    a: match[4] === undefined ? 1 : Number(match[4]),
  };
}

/** WCAG's relative luminance: 0 for black, 1 for white. */
function luminance({ r, g, b }: Colour): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * WCAG's contrast ratio, 1 to 21, of `foreground` over `backgrounds`: computed background
 * colours from the element's own out to the first opaque one, each laid over the next, and
 * all over white paper (what a print without any background shows).
 */
function contrastRatio(foreground: string, backgrounds: readonly string[]): number {
  let behind: Colour = { r: 255, g: 255, b: 255, a: 1 };
  for (const layer of backgrounds.toReversed().map(parseColour)) {
    const mix = (top: number, bottom: number) => top * layer.a + bottom * (1 - layer.a);
    behind = {
      r: mix(layer.r, behind.r),
      g: mix(layer.g, behind.g),
      b: mix(layer.b, behind.b),
      a: 1,
    };
  }
  const [lighter, darker] = [luminance(parseColour(foreground)), luminance(behind)].sort(
    (x, y) => y - x,
  );
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/**
 * Every line of the listing (each question's title, tags and excerpt) as laid out now: what a
 * reader would find wrong with it (not shown, past the window's edge, cut, over the line
 * below), and its text colour with the background colours behind it.
 */
async function laidOutLines(page: Page) {
  return page.evaluate(() => {
    const windowWidth = document.documentElement.clientWidth;
    const backgroundsOf = (element: Element) => {
      const layers: string[] = [];
      for (let at: Element | null = element; at; at = at.parentElement) {
        const colour = getComputedStyle(at).backgroundColor;
        if (colour !== "rgba(0, 0, 0, 0)") layers.push(colour);
        if (colour.startsWith("rgb(")) break;
      }
      return layers;
    };
    const articles = [...document.querySelectorAll("main article")];
    return articles.flatMap((article, index) => {
      const lines = [...article.querySelectorAll(":scope > h2, :scope > .tags, :scope > .excerpt")];
      const boxes = lines.map((line) => line.getBoundingClientRect());
      return lines.map((line, position) => {
        const part = line.tagName === "H2" ? "title" : line.className;
        const box = boxes[position] ?? line.getBoundingClientRect();
        // The next line that is shown, in this question or the next one.
        const below = [
          ...boxes.slice(position + 1),
          articles[index + 1]?.getBoundingClientRect(),
        ].find((next) => next !== undefined && next.height > 0);
        const problems = [
          box.width === 0 || box.height === 0 ? "not shown" : "",
          box.left < 0 || box.right > windowWidth + 0.5
            ? `past the window's edge: ${Math.round(box.left)}-${Math.round(box.right)} px of ${windowWidth}`
            : "",
          line.scrollWidth > line.clientWidth + 1
            ? `cut: ${line.scrollWidth} px of text in ${line.clientWidth} px`
            : "",
          below && box.bottom > below.top + 0.5 ? "over the line below" : "",
        ].filter((problem) => problem !== "");
        // The tags' colours are the tag chips', not their line's.
        const inked = line.querySelector(".tags a") ?? line;
        return {
          name: `question ${index + 1} ${part}`,
          problems,
          colour: getComputedStyle(inked).color,
          backgrounds: backgroundsOf(inked),
        };
      });
    });
  });
}

/** The problems of `laidOutLines`, as `question N part: problem` lines. */
function lineProblems(lines: Awaited<ReturnType<typeof laidOutLines>>): string[] {
  return lines.flatMap((line) => line.problems.map((problem) => `${line.name}: ${problem}`));
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
      test(`at ${width} px every question shows whole in a centred column, without sideways scrolling (screenshot)`, async ({
        page,
      }, testInfo) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(listing);
        await screenshot(page, testInfo, `listing-${width}-${colorScheme}`);

        const layout = await page.evaluate(() => {
          const root = document.documentElement;
          const main = document.querySelector("main")?.getBoundingClientRect();
          return {
            overflow: root.scrollWidth - root.clientWidth,
            windowWidth: root.clientWidth,
            rem: parseFloat(getComputedStyle(root).fontSize),
            main: { left: main?.left ?? NaN, right: main?.right ?? NaN },
            page: getComputedStyle(document.body).backgroundColor,
          };
        });
        expect(layout.overflow).toBeLessThanOrEqual(0);
        // Lines no longer than the 50rem column, in the middle of a window wider than it.
        expect(layout.main.right - layout.main.left).toBeLessThanOrEqual(50 * layout.rem);
        expect(
          Math.abs(layout.main.left - (layout.windowWidth - layout.main.right)),
        ).toBeLessThanOrEqual(1);
        // The reader's colour scheme: a white page in dark mode is the first thing noticed.
        expect(luminance(parseColour(layout.page)) > 0.5 ? "light" : "dark").toBe(colorScheme);

        const lines = await laidOutLines(page);
        const questions = await page.locator("main article").count();
        expect(questions).toBeGreaterThan(0);
        const names = new Set(lines.map((line) => line.name));
        const missing = Array.from({ length: questions }, (_, index) =>
          ["title", "tags"].map((part) => `question ${index + 1} ${part}`),
        )
          .flat()
          .filter((name) => !names.has(name));
        expect(missing).toEqual([]);
        expect(lineProblems(lines)).toEqual([]);
      });
    }
  });
}

test("a print holds the whole listing, every line in readable ink (screenshot)", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.goto(listing);
  const onScreen = await page.locator("main").innerText();
  await page.emulateMedia({ media: "print" });
  await screenshot(page, testInfo, "listing-print");

  expect(await page.locator("main").innerText()).toBe(onScreen);
  const lines = await laidOutLines(page);
  expect(lines.length).toBeGreaterThan(0);
  expect(lineProblems(lines)).toEqual([]);
  // WCAG AA for body text, 4.5:1, against the paper or what is printed behind the line.
  const faint = lines
    .map((line) => ({ ...line, contrast: contrastRatio(line.colour, line.backgrounds) }))
    .filter((line) => line.contrast < 4.5)
    .map((line) => `${line.name}: ${line.colour} is ${line.contrast.toFixed(2)}:1`);
  expect(faint).toEqual([]);
});

test("the 404 page's link shows a focus ring a reader can see (screenshot)", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 800, height: 1100 });
  await page.goto(missing);
  await page.keyboard.press("Tab");
  await screenshot(page, testInfo, "404-focus");

  const link = page.locator("a");
  await expect(link).toBeFocused();
  const ring = await link.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      colour: style.outlineColor,
      page: getComputedStyle(document.body).backgroundColor,
    };
  });
  expect(ring.style).not.toBe("none");
  expect(ring.width).toBeGreaterThanOrEqual(2);
  // WCAG 1.4.11: a focus indicator needs 3:1 against the colours around it.
  expect(contrastRatio(ring.colour, [ring.page])).toBeGreaterThanOrEqual(3);
});

test("prints in black on white, without the tag colours", async ({ page }) => {
  await page.emulateMedia({ media: "print", colorScheme: "dark" });
  await page.goto(listing);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await expect(page.locator("main h2").first()).toHaveCSS("color", "rgb(0, 0, 0)");
  await expect(page.locator(".tags a").first()).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
});

test("fits a 320 px phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(listing);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test("an answer reads as the question does: body text below a rule, not heading type", async ({
  page,
}) => {
  await page.goto(`${listing}questions/nginx-reverse-proxy-websocket/index.html`);
  const typeOf = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return { size: style.fontSize, weight: style.fontWeight };
      });
  const question = await typeOf("main > .post-body p");
  expect(question).toEqual({ size: "16px", weight: "400" });
  for (const selector of [".answer .post-body p", ".answer .post-meta"]) {
    expect((await typeOf(selector)).weight, selector).toBe("400");
  }
  expect(await typeOf(".answer .post-body p")).toEqual(question);
  await expect(page.locator(".answers")).toHaveCSS("border-top-width", "1px");
});

test("nothing moves once shown: no layout shift while loading", async ({ page }) => {
  await page.goto(listing);
  const shift = await layoutShift(page);
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

test("a strict Content-Security-Policy runs the site's own script files and nothing else", async ({
  page,
}) => {
  await page.goto(listing);
  const policy = await page
    .locator('meta[http-equiv="content-security-policy"]')
    .getAttribute("content");
  expect(policy).toContain("default-src 'none'");
  // Exactly the site's own files: no 'unsafe-inline', no 'unsafe-eval', no other source.
  expect(policy?.split("; ")).toContain("script-src 'self'");
  // The policy is enforced: inline code and a script from elsewhere are refused. (Whether it
  // refuses eval cannot be seen from here: DevTools' own evaluation is exempt from the CSP.)
  const seen = watchPage(page);
  const ran = await page.evaluate(async () => {
    const inline = document.createElement("script");
    inline.textContent = "document.title = 'ran'";
    document.head.append(inline);
    const outside = document.createElement("script");
    outside.src = "https://example.org/x.js";
    const refused = new Promise((settled) => outside.addEventListener("error", settled));
    document.head.append(outside);
    await refused;
    return document.title;
  });
  expect(ran).not.toBe("ran");
  const refusals = seen.errors.filter((error) => error.includes("Content Security Policy"));
  expect(refusals).toEqual([
    expect.stringContaining("inline script"),
    expect.stringContaining("https://example.org/x.js"),
  ]);
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

test("several folders deep, the 404 page is styled and its link leads to the listing (screenshot)", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto(`http://127.0.0.1:${rootServerPort}/questions/a/b/c/gone.html`);
  expect(response?.status()).toBe(404);
  // Only the site's style sheet draws the body's top border and follows the reader's scheme.
  await expect(page.locator("body")).not.toHaveCSS("border-top-width", "0px");
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    await screenshot(page, testInfo, `404-deep-390-${colorScheme}`);
    const paper = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(luminance(parseColour(paper)) > 0.5 ? "light" : "dark").toBe(colorScheme);
  }

  await page.getByRole("link", { name: "Go to the questions of Homelab & Self-Hosting" }).click();
  await expect(page.locator("h1")).toHaveText("Homelab & Self-Hosting");
  await expect(page.locator("main article").first()).toBeVisible();
});
