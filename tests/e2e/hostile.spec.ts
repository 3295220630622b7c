import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "yaml";
import { buildSite } from "../../scripts/common/build-site.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { serverPort, sitesRoot } from "./sites.ts";
import { watchPage } from "./watch-page.ts";

/** A community whose every text field and body is an attack (see hostile/README.md). */
const contentDir = "tests/e2e/hostile/content";
/** Built beside the e2e sites, so the static server of `sitesRoot` serves it at /hostile/. */
const outDir = join(sitesRoot, "hostile");

/** The site's own address each way it is read; nothing outside it may be requested. */
const deliveries = {
  "opened from disk": `${pathToFileURL(outDir).href}/`,
  "served over HTTP": `http://127.0.0.1:${serverPort}/hostile/`,
};

/** The questions, read from their files with the `yaml` package: ids and titles. */
const questions = readdirSync(join(projectRoot, contentDir, "questions"))
  .filter((name) => name.endsWith(".md"))
  .sort()
  .map((name) => {
    const text = readFileSync(join(projectRoot, contentDir, "questions", name), "utf8");
    const { title } = parse(text.split(/^---$/m)[1] ?? "") as { title: string };
    return { id: name.slice(0, -3), title };
  });

/** The hostile tag wiki's excerpt, which every page showing it must show as these characters. */
const WIKI_EXCERPT = (
  parse(
    readFileSync(join(projectRoot, contentDir, "tags/javascript.md"), "utf8").split(/^---$/m)[1] ??
      "",
  ) as { excerpt: string }
).excerpt;

/** The hostile user's fields, which their pages must show as these characters. */
const EVE = parse(
  readFileSync(join(projectRoot, contentDir, "users/eve.md"), "utf8").split(/^---$/m)[1] ?? "",
) as { name: string; location: string; website: string; badges: { name: string }[] };

/**
 * What the page's DOM holds that could run script, load something, or link to script. Links
 * are judged by the address the browser resolved (entities decoded, tabs and newlines gone):
 * a web or mail address, or one in the site itself (`base`), such as a relative link opened
 * from disk; never `javascript:`, `data:`, nor a `file:` outside the site.
 */
async function dangers(page: Page, base: string) {
  return page.evaluate((base) => {
    const elements = [...document.querySelectorAll("*")];
    const describe = (element: Element) => element.outerHTML.slice(0, 120);
    return {
      handlers: elements.flatMap((element) =>
        element
          .getAttributeNames()
          .filter((name) => name.toLowerCase().startsWith("on"))
          .map((name) => `${name} on ${describe(element)}`),
      ),
      elements: [
        ...document.querySelectorAll(
          "script, iframe, frame, object, embed, applet, img, base, meta[http-equiv='refresh' i]",
        ),
      ]
        // The site's own search script, from its file, is the one script a page may hold; an
        // image of the content's, from the site's images/, with nothing but its own attributes,
        // the one image.
        .filter(
          (element) =>
            !(
              element instanceof HTMLScriptElement &&
              element.src === new URL("search/search.js", base).href &&
              element.text === ""
            ) &&
            !(
              element instanceof HTMLImageElement &&
              element.src.startsWith(new URL("images/", base).href) &&
              element
                .getAttributeNames()
                .every((name) =>
                  ["src", "alt", "width", "height", "loading", "decoding"].includes(name),
                )
            ),
        )
        .map(describe),
      styled: [...document.querySelectorAll("[style]")].map(describe),
      links: [...document.querySelectorAll("a[href]")]
        .filter((element) => {
          const link = element as HTMLAnchorElement;
          return (
            !["http:", "https:", "mailto:"].includes(link.protocol) && !link.href.startsWith(base)
          );
        })
        .map(describe),
      // Links and images within the site, which must each name a file it has (`missingFiles`).
      siteLinks: [...document.querySelectorAll("a[href], img")]
        .map((element) =>
          element instanceof HTMLImageElement ? element.src : (element as HTMLAnchorElement).href,
        )
        .filter((href) => href.startsWith(base)),
      pwned: typeof (window as unknown as Record<string, unknown>)["__pwned"],
    };
  }, base);
}

/** What `dangers` finds on a page where no attack got through. */
const NO_DANGER = { handlers: [], elements: [], styled: [], links: [], pwned: "undefined" };

/**
 * The links within the site that name no file of it: a post's relative link or image, left
 * with its address, would. A folder's address names its index.html only over HTTP.
 */
function missingFiles(siteLinks: readonly string[], base: string): string[] {
  return siteLinks.filter((href) => {
    const path = decodeURIComponent(href.slice(base.length).replace(/[?#].*$/, ""));
    const file = path === "" || path.endsWith("/") ? `${path}index.html` : path;
    if (base.startsWith("file:") && file !== path) return true;
    return !statSync(join(outDir, file), { throwIfNoEntry: false })?.isFile();
  });
}

/** Every dialog the page opens (an attack that ran), dismissed and listed. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return dialogs;
}

test.describe("a hostile community", () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(outDir, { recursive: true, force: true });
    const build = await buildSite(contentDir, outDir);
    if (build.exitCode !== 0) throw new Error(`Building ${contentDir} failed:\n${build.output}`);
  });

  // Each page, and the titles it shows.
  const pages = [
    { name: "the listing", path: "", titles: questions.map(({ title }) => title) },
    ...questions.map(({ id, title }) => ({
      name: `question ${id}`,
      path: `questions/${id}/`,
      titles: [title],
    })),
    // The tags index and the tag whose wiki attacks (tags/javascript.md), its page and its own.
    { name: "the tags index", path: "tags/", titles: [WIKI_EXCERPT] },
    { name: "a hostile tag wiki's tag page", path: "tags/javascript/", titles: [WIKI_EXCERPT] },
    { name: "a hostile tag wiki", path: "tags/javascript/info/", titles: [WIKI_EXCERPT] },
    // A person whose every field attacks (users/eve.md), on the users index and on their page.
    { name: "the users index", path: "users/", titles: [EVE.name, EVE.location] },
    {
      name: "a hostile user's page",
      path: "users/eve/",
      titles: [EVE.name, EVE.location, EVE.website, ...EVE.badges.map(({ name }) => name)],
    },
  ];
  for (const [delivery, base] of Object.entries(deliveries)) {
    for (const { name, path, titles } of pages) {
      test(`${name} ${delivery}: nothing runs, loads from elsewhere or links to script`, async ({
        page,
      }) => {
        const seen = watchPage(page);
        const dialogs = watchDialogs(page);
        // A folder's page is its index.html; only a server finds it from the folder's address.
        const url = base + path + (base.startsWith("file:") ? "index.html" : "");
        await page.goto(url);
        await page.waitForLoadState("networkidle");

        expect(seen.requests[0]).toBe(url);
        expect(seen.requests.filter((request) => !request.startsWith(base))).toEqual([]);
        expect(seen.failed).toEqual([]);
        // A script the CSP blocked, or any other error, would be reported here.
        expect(seen.errors).toEqual([]);
        expect(dialogs).toEqual([]);
        const { siteLinks, ...found } = await dangers(page, base);
        expect(found).toEqual(NO_DANGER);
        expect(missingFiles(siteLinks, base)).toEqual([]);
        // Every attack in a title shows as the characters it is made of.
        for (const title of titles) await expect(page.locator("main")).toContainText(title);
      });
    }
  }

  for (const [delivery, base] of Object.entries(deliveries)) {
    test(`searching ${delivery}: results show the attacks as text, and nothing runs or loads from elsewhere`, async ({
      page,
    }) => {
      const seen = watchPage(page);
      const dialogs = watchDialogs(page);
      await page.goto(base + (base.startsWith("file:") ? "index.html" : ""));
      // Every title holding "alert" (case and accents folded, as search does).
      const expected = questions
        .filter(({ title }) => /alert/i.test(title))
        .map(({ title }) => title);
      await page.getByLabel("Search questions").fill("alert ");
      await expect(page.getByRole("status")).toHaveText(
        new RegExp(`^${expected.length} questions match`),
      );
      const shown = await page.locator(".search-results a.search-title").allInnerTexts();
      expect([...shown].sort()).toEqual(
        expect.arrayContaining(expected.map((title) => expect.stringContaining(title))),
      );
      // The index was loaded from the site's own files, as scripts, and did nothing else.
      expect(seen.requests.filter((request) => !request.startsWith(base))).toEqual([]);
      expect(seen.requests.some((request) => request.startsWith(`${base}search/w-`))).toBe(true);
      expect(seen.failed).toEqual([]);
      expect(seen.errors).toEqual([]);
      expect(dialogs).toEqual([]);
      const { siteLinks, ...found } = await dangers(page, base);
      expect(found).toEqual(NO_DANGER);
      expect(missingFiles(siteLinks, base)).toEqual([]);
    });
  }
});

test.describe("code attacks", () => {
  for (const [delivery, base] of Object.entries(deliveries)) {
    test(`code ${delivery} is coloured, its attacks kept as their text in spans of the palette alone`, async ({
      page,
    }) => {
      const url = `${base}questions/code-languages/${base.startsWith("file:") ? "index.html" : ""}`;
      await page.goto(url);
      const blocks = page.locator("main .post-body pre");
      const texts = await blocks.allTextContents();
      expect(texts).toEqual(
        expect.arrayContaining([
          "</code></pre><script>window.__pwned = 3</script>\n",
          '<script>window.__pwned = 7</script><svg onload="window.__pwned=8"></svg>\n<style>body { background: url(https://evil.example/css) }</style>\n',
          'print("</code><script>window.__pwned=11</script>")',
          'const s = `</span><span class="k" style="color:red">${"&amp;&lt;"}</span>`; // window.__pwned=13\n',
        ]),
      );
      // Inside a block, only code and the palette's spans, with no other attribute.
      const inside = blocks.locator("*");
      const markup = await inside.evaluateAll((elements) =>
        elements.map((element) => [element.localName, ...element.getAttributeNames()].join(" ")),
      );
      expect(markup.filter((tag) => !/^(?:code(?: class)?|span class)$/.test(tag))).toEqual([]);
      const classes = await blocks
        .locator("span")
        .evaluateAll((spans) => spans.map((span) => span.className));
      expect(classes.filter((name) => !/^[kfnsbctud]$/.test(name))).toEqual([]);
      // The HTML block and the untagged one, coloured by the question's first tag, javascript.
      await expect(blocks.nth(2).locator("span.t").first()).toHaveText("<script>");
      await expect(blocks.filter({ hasText: "const s" }).locator("span.k").first()).toHaveText(
        "const",
      );
    });
  }
});

test.describe("TeX attacks with math: tex", () => {
  for (const [delivery, base] of Object.entries(deliveries)) {
    test(`the formulas ${delivery} are MathML with no link, style or image, and the attacks show as their TeX`, async ({
      page,
    }) => {
      const seen = watchPage(page);
      const url = `${base}questions/tex-attacks/${base.startsWith("file:") ? "index.html" : ""}`;
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      expect(seen.requests.filter((request) => !request.startsWith(base))).toEqual([]);
      expect(seen.errors).toEqual([]);
      const body = page.locator("main .post-body").first();
      // The two fine formulas and the capped rule; every other one is left as its TeX.
      expect(await body.locator("math").count()).toBe(3);
      expect(await body.locator("math [href], math [style], math [class], math [id]").count()).toBe(
        0,
      );
      expect(await body.locator("math a, math img, math *[onerror]").count()).toBe(0);
      await expect(body).toContainText("$\\href{javascript:window.__pwned=11}{click}$");
      await expect(body).toContainText("\\(\\htmlData{onclick=window.__pwned=13}{x}\\)");
      // Chromium lays out MathML: the display formula has a real height.
      const display = body.locator('math[display="block"]');
      expect((await display.boundingBox())?.height ?? 0).toBeGreaterThan(20);
    });
  }
});

test.describe("a hostile community's own image", () => {
  for (const [delivery, base] of Object.entries(deliveries)) {
    test(`shows as the content's file, with its alt text as text and nothing else kept (${delivery})`, async ({
      page,
    }) => {
      await page.goto(`${base}questions/images/${base.startsWith("file:") ? "index.html" : ""}`);
      // `![Relative](images/relative.png)`, then the attack.
      await expect(page.locator(".post-body img")).toHaveCount(2);
      const image = page.locator(".post-body img").nth(1);
      await expect(image).toHaveAttribute("alt", '"><script>window.__pwned=4</script>');
      await expect(image).toHaveAttribute("src", "../../images/relative.png");
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBe(48);
      for (const text of ["a way out of images/", "an escaped way out", "a fragment"]) {
        await expect(page.locator(".post-body span", { hasText: text })).toHaveCount(1);
      }
    });
  }
});

test.describe("an image the archive does not hold", () => {
  for (const [delivery, base] of Object.entries(deliveries)) {
    test(`shows as a link that says it is an image and leaves the archive (${delivery})`, async ({
      page,
    }) => {
      await page.goto(`${base}questions/images/${base.startsWith("file:") ? "index.html" : ""}`);
      const body = page.locator(".post-body").first();
      const leaving = "(not in this archive: opens the image on its host)";
      // The alt text when there is one, the host when there is none; the mark read aloud.
      for (const [name, href] of [
        ["Image: A remote diagram", "https://evil.example/diagram.png"],
        ["Image at evil.example", "https://evil.example/no-alt.png"],
        ["Image: Raw HTML image", "https://evil.example/raw.png"],
      ] as const) {
        const link = body.getByRole("link", { name: `${name} ${leaving}`, exact: true });
        await expect(link).toHaveAttribute("href", href);
      }
      // Inside a link, the image says what it is; the link is marked by it.
      const outer = body.getByRole("link", { name: `Image: Screenshot in a link ${leaving}` });
      await expect(outer).toHaveAttribute("href", "https://evil.example/full.png");
      // The mark is drawn, after the label, for every image left as a link or as text.
      const marks = await body
        .locator(".image-link")
        .evaluateAll((labels) =>
          labels.map((label) => [label.textContent, getComputedStyle(label, "::after").content]),
        );
      expect(marks.length).toBeGreaterThan(6);
      for (const [text, mark] of marks) {
        expect(text).toMatch(/^Image\b/);
        expect(mark).toContain("\u2197");
      }
    });
  }
});
