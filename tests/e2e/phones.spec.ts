import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { pageUrl, sites, sitesRoot, type SiteName } from "./sites.ts";

/** A common phone's width in CSS pixels (an iPhone 12 to 15). */
const phoneWidth = 390;

/** Every page a site's build wrote, as paths relative to its folder with `/`. */
function builtPages(site: SiteName): string[] {
  const dir = join(sitesRoot, site);
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).replaceAll("\\", "/"))
    .sort();
}

/**
 * How wide the page is, and when it is wider than the window, what sticks out: the outermost
 * element whose own box passes the right edge, else (text that overflows a box, as an address
 * too long for its line) the innermost element whose content does. What scrolls inside a box
 * of its own (a code block, a table) is not counted: it does not widen the page.
 */
function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const edge = root.clientWidth;
    if (root.scrollWidth <= edge) return { width: root.scrollWidth, culprit: "" };
    const clipped = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        if (getComputedStyle(at).overflowX !== "visible") return true;
      }
      return false;
    };
    const name = (element: Element) => {
      const classes = [...element.classList].map((name) => `.${name}`).join("");
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
      const box = element.getBoundingClientRect();
      return `<${element.localName}${classes}> "${text}" (${Math.round(box.left)}-${Math.round(box.left + Math.max(box.width, element.scrollWidth))} px)`;
    };
    const shown = [...document.body.querySelectorAll("*")].filter((element) => !clipped(element));
    const boxPast = shown.find(
      (element) =>
        element.getBoundingClientRect().right > edge + 0.5 &&
        !(
          element.parentElement && element.parentElement.getBoundingClientRect().right > edge + 0.5
        ),
    );
    const contentPast = shown.findLast(
      (element) => element.getBoundingClientRect().left + element.scrollWidth > edge + 0.5,
    );
    const culprit = boxPast ?? contentPast;
    return { width: root.scrollWidth, culprit: culprit ? name(culprit) : "(none found)" };
  });
}

test.use({ viewport: { width: phoneWidth, height: 844 } });

for (const site of Object.keys(sites) as SiteName[]) {
  test(`every page of the ${site} site fits a ${phoneWidth} px phone without sideways scrolling`, async ({
    page,
  }) => {
    // Every page of the site is opened in turn: the example's 120-odd take a few seconds.
    test.slow();
    const pages = builtPages(site);
    expect(pages.length).toBeGreaterThan(3);
    const tooWide: string[] = [];
    for (const path of pages) {
      await page.goto(new URL(path, pageUrl(site, "http")).href);
      const { width, culprit } = await measure(page);
      if (width > phoneWidth) tooWide.push(`${path}: ${width} px wide; past the edge: ${culprit}`);
    }
    expect(tooWide, `pages wider than ${phoneWidth} px`).toEqual([]);
  });
}

test("a display formula wider than the phone scrolls inside its own box, with room around it", async ({
  page,
}) => {
  await page.goto(new URL("questions/wide-formula/", pageUrl("narrow", "http")).href);
  const formula = page.locator('.post-body math[display="block"]').first();
  const { gaps, overflows, scrolled } = await formula.evaluate((math) => {
    // The text of the paragraph just before and just after the formula, as laid out.
    const lineBox = (node: Node | null) => {
      const range = document.createRange();
      if (node) range.selectNodeContents(node);
      return [...range.getClientRects()].filter((rect) => rect.width > 0);
    };
    const box = math.getBoundingClientRect();
    const above = lineBox(math.previousSibling).at(-1);
    const below = lineBox(math.nextSibling)[0];
    math.scrollLeft = math.scrollWidth;
    return {
      gaps: [box.top - (above?.bottom ?? 0), (below?.top ?? 0) - box.bottom],
      overflows: math.scrollWidth > math.clientWidth,
      scrolled: math.scrollLeft > 0,
    };
  });
  expect(overflows, "the formula is wider than the column").toBe(true);
  expect(scrolled, "its end can be scrolled into view").toBe(true);
  for (const gap of gaps) expect(gap, "room between the formula and the text").toBeGreaterThan(6);
});

test("a long inline formula breaks after its operators and stays within the column", async ({
  page,
}) => {
  await page.goto(new URL("questions/wide-formula/", pageUrl("narrow", "http")).href);
  const paragraph = page.locator(".post-body p", { hasText: "Written inline" });
  const { column, formula, lines } = await paragraph.evaluate((p) => {
    const math = p.querySelector("math");
    const box = math?.getBoundingClientRect();
    // Each stretch Temml made starts a new line when it begins left of the one before.
    const row = math?.querySelector(":scope > semantics > mrow");
    const stretches = [...(row?.children ?? [])].map(
      (stretch) => stretch.getBoundingClientRect().left,
    );
    return {
      column: p.getBoundingClientRect().right,
      formula: box ? box.right : Infinity,
      lines: 1 + stretches.filter((left, at) => at > 0 && left < (stretches[at - 1] ?? 0)).length,
    };
  });
  expect(formula, "the formula ends within the column").toBeLessThanOrEqual(column + 0.5);
  expect(lines, "lines the formula is broken into").toBeGreaterThan(1);
});

test("a wide table breaks its cells between words only, and scrolls inside its own box", async ({
  page,
}) => {
  await page.goto(new URL("questions/wide-formula/", pageUrl("narrow", "http")).href);
  const table = page.locator(".post-body table").first();
  const { split, overflows } = await table.evaluate((element) => {
    // A word split across lines has more than one box of its own.
    const split: string[] = [];
    for (const cell of element.querySelectorAll("th, td")) {
      const text = cell.firstChild;
      if (text === null || text.nodeType !== Node.TEXT_NODE) continue;
      for (const word of (text.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        if (range.getClientRects().length > 1) split.push(word[0]);
      }
    }
    return { split, overflows: element.scrollWidth > element.clientWidth };
  });
  expect(split, "words broken across lines").toEqual([]);
  expect(overflows, "the table is wider than the column, and scrolls").toBe(true);
});

test("a display formula that scrolls shows a shadow at the edge it scrolls towards", async ({
  page,
}) => {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(new URL("questions/wide-formula/", pageUrl("narrow", "http")).href);
    const formula = page.locator('.post-body math[display="block"]').first();
    await formula.scrollIntoViewIfNeeded();
    // The edges' pixels, a few inside the box: a shadow makes them unlike the page behind.
    const edges = async () => {
      const box = (await formula.boundingBox()) as { x: number; y: number; width: number };
      const shot = await page.screenshot({ clip: { ...box, height: 2, y: box.y + 4 } });
      const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({
        resolveWithObject: true,
      });
      const behind = await page.evaluate(() =>
        (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number),
      );
      const unlike = (x: number) =>
        [0, 1, 2].some(
          (channel) => Math.abs((data[x * 3 + channel] ?? 0) - (behind[channel] ?? 0)) > 12,
        );
      return { left: unlike(1), right: unlike(info.width - 2) };
    };
    expect(await edges(), `${colorScheme}, at its start`).toEqual({ left: false, right: true });
    await formula.evaluate((math) => (math.scrollLeft = math.scrollWidth));
    expect(await edges(), `${colorScheme}, at its end`).toEqual({ left: true, right: false });
  }
});
