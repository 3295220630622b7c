import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { projectRoot } from "../../src/project-paths.ts";
import { exampleDeliveries, pageUrl, type Delivery } from "./sites.ts";
import { watchPage } from "./watch-page.ts";

async function mainLines(page: Page): Promise<string[]> {
  return (await page.locator("main").innerText()).split("\n");
}

/**
 * The example community as an independent oracle reads it: frontmatter through the `yaml`
 * package and `Date.parse`, none of the site's own code.
 */
function exampleQuestions() {
  const dir = join(projectRoot, "content/questions");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => {
      const text = readFileSync(join(dir, name), "utf8");
      const yaml = text.split(/^---$/m)[1] ?? "";
      const data = parse(yaml) as {
        title: string;
        tags: string[];
        asked: string;
        state?: string;
        duplicateOf?: string;
        answers?: number;
        score?: number;
      };
      return { id: name.slice(0, -3), ...data, time: Date.parse(data.asked) };
    })
    .sort((a, b) => b.time - a.time || (a.id < b.id ? -1 : 1));
}

for (const delivery of ["http", "file"] as const satisfies Delivery[]) {
  test.describe(`listing ${delivery === "http" ? "served over HTTP" : "opened from disk"}`, () => {
    test("the fixture's main text is exactly its expected lines", async ({ page }) => {
      await page.goto(pageUrl("basic", delivery));
      const expected = readFileSync(join(projectRoot, "tests/fixtures/basic/expected.txt"), "utf8");
      expect(await mainLines(page)).toEqual(expected.trimEnd().split("\n"));
    });

    test("content never becomes markup or script", async ({ page }) => {
      await page.goto(pageUrl("example", delivery));
      // The one script is the site's own search script, from its file: none comes from content.
      expect(
        await page
          .locator("script")
          .evaluateAll((scripts) =>
            scripts.map((script) => [script.getAttribute("src"), script.textContent]),
          ),
      ).toEqual([["./search/search.js", ""]]);
      await expect(page.locator("main h2", { hasText: '"<script>"' })).toHaveCount(1);
      // One example body carries <script>alert(1)</script>: a dialog would mean it ran.
      let dialogs = 0;
      page.on("dialog", async (dialog) => {
        dialogs++;
        await dialog.dismiss();
      });
      await page.reload();
      expect(dialogs).toBe(0);
      await expect(page.locator("main")).toContainText("<script>");
    });
  });
}

for (const [where, url] of Object.entries(exampleDeliveries)) {
  test.describe(`the example ${where}`, () => {
    test("lists every question, newest first, three lines each, styled, with only its own files", async ({
      page,
    }) => {
      const seen = watchPage(page);
      await page.goto(url);
      const community = parse(
        readFileSync(join(projectRoot, "content/community.yaml"), "utf8"),
      ) as {
        name: string;
      };
      const questions = exampleQuestions();
      const lines = await mainLines(page);

      expect(lines[0]).toBe(community.name);
      expect(lines).toHaveLength(1 + 3 * questions.length);
      const marker = (state?: string) =>
        state === "duplicate" ? " [duplicate]" : state === "closed" ? " [closed]" : "";
      questions.forEach((question, index) => {
        const [title, tags, excerpt] = lines.slice(1 + 3 * index, 4 + 3 * index);
        expect(title).toBe(question.title + marker(question.state));
        expect(tags).toBe(question.tags.join(","));
        expect(excerpt?.length).toBeLessThanOrEqual(200);
        const original = questions.find((other) => other.id === question.duplicateOf);
        if (original) {
          expect(excerpt).toContain(
            `This question already has an answer here: ${original.title} (`,
          );
        }
      });
      expect(seen.errors).toEqual([]);
      expect(seen.failed).toEqual([]);
      // Styled by its own style sheet, with nothing fetched from anywhere else.
      await expect(page.locator(".tags a").first()).not.toHaveCSS(
        "background-color",
        "rgba(0, 0, 0, 0)",
      );
      expect(seen.requests[0]).toBe(url);
      expect(seen.requests.some((request) => /\/_astro\/site\.[\w-]{8}\.css$/.test(request))).toBe(
        true,
      );
      for (const request of seen.requests)
        expect(request.startsWith(url.replace(/index\.html$/, ""))).toBe(true);
    });
  });
}

for (const [how, url] of Object.entries(exampleDeliveries)) {
  test(`the tabs lead from the listing to Votes, Active and Unanswered and back (${how})`, async ({
    page,
  }) => {
    const seen = watchPage(page);
    await page.goto(url);
    const tabs = page.getByRole("navigation", { name: "Sort questions" });
    await expect(tabs.locator("[aria-current=page]")).toHaveText("Newest");
    const newest = await mainLines(page);
    const scores = new Map(exampleQuestions().map((q) => [q.title, q.score ?? 0]));
    for (const [tab, heading] of [
      ["Votes", "Highest scored questions"],
      ["Active", "Recently active questions"],
      ["Unanswered", "Unanswered questions"],
    ] as const) {
      await tabs.getByRole("link", { name: tab }).click();
      await expect(page.locator("main h1")).toHaveText(heading);
      await expect(tabs.locator("[aria-current=page]")).toHaveText(tab);
      if (tab === "Votes") {
        const titles = await page.locator("main .questions h2").allInnerTexts();
        expect(titles.length).toBe((newest.length - 1) / 3);
        const shown = titles.map((title) => scores.get(title.replace(/ \[\w+\]$/, "")) ?? 0);
        expect(shown).toEqual([...shown].sort((a, b) => b - a));
      }
    }
    await tabs.getByRole("link", { name: "Newest" }).click();
    expect(await mainLines(page)).toEqual(newest);
    expect(seen.errors).toEqual([]);
    expect(seen.failed).toEqual([]);
  });
}
