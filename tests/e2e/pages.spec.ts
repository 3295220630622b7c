import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { projectRoot } from "../../src/project-paths.ts";
import { pageUrl, type Delivery } from "./sites.ts";
import { watchPage } from "./watch-page.ts";

/** The fixture's whole listing in one page (tests/fixtures/ordering: the same questions). */
const wholeListing = readFileSync(join(projectRoot, "tests/fixtures/ordering/expected.txt"), "utf8")
  .trimEnd()
  .split("\n")
  .slice(1);

for (const delivery of ["http", "file"] as const satisfies Delivery[]) {
  test(`a listing split into pages reads in order by its Next links (${delivery})`, async ({
    page,
  }) => {
    const seen = watchPage(page);
    await page.goto(pageUrl("paged", delivery));
    const read: string[] = [];
    for (let number = 1; ; number++) {
      const lines = (await page.locator("main").innerText()).split("\n");
      // Every page's <main> keeps the contract: the heading line, then three lines per entry.
      expect(lines[0]).toBe("Paged listing");
      expect((lines.length - 1) % 3).toBe(0);
      read.push(...lines.slice(1));
      await expect(page.locator('nav[aria-label="Pages"] [aria-current="page"]')).toHaveText(
        String(number),
      );
      const next = page.locator('nav[aria-label="Pages"] a[rel="next"]');
      if ((await next.count()) === 0) break;
      await next.click();
    }
    expect(read).toEqual(wholeListing);

    // Back to the first page by its number, from the last one.
    await page.locator('nav[aria-label="Pages"] a', { hasText: /^1$/ }).click();
    await expect(page.locator("main")).toContainText("half-second-later");
    expect(seen.failed).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
}
