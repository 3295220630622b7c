import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { exampleDeliveries, pageUrl } from "./sites.ts";
import { watchPage } from "./watch-page.ts";

/*
 * Search on the built example, read the three ways a site is read: from disk, from a host's
 * root and from sub-paths. Each query's expected results are written out by hand from
 * content/: which questions hold the words, and in what order (title matches first, then tag
 * matches, then listing order, newest first, and questions found by their answers alone last).
 */

/** A query, and the questions (ids) it must list, in order. */
const queries: { what: string; query: string; expected: string[] }[] = [
  {
    what: "a word in titles",
    query: "WireGuard",
    expected: [
      "tailscale-subnet-router-vs-wireguard",
      "wireguard-clients-cannot-reach-lan",
      "wireguard-handshake-but-no-traffic",
    ],
  },
  {
    what: "a word only in bodies (a WireGuard setting)",
    query: "allowedips",
    expected: ["wireguard-clients-cannot-reach-lan", "wireguard-handshake-but-no-traffic"],
  },
  { what: "a word only in a tag", query: "mdns", expected: ["iot-vlan-chromecast-mdns"] },
  {
    what: "a word only in an answer",
    query: "Caddyfile ",
    expected: ["caddy-basic-auth-hash-rejected"],
  },
  {
    what: "a prefix, as typed so far",
    query: "wireg",
    expected: [
      "tailscale-subnet-router-vs-wireguard",
      "wireguard-clients-cannot-reach-lan",
      "wireguard-handshake-but-no-traffic",
    ],
  },
  {
    what: "a word and a prefix, both needed",
    query: "zfs scr",
    expected: ["zfs-checksum-errors-after-scrub", "zfs-cksum-errors-new-drive"],
  },
  {
    what: "a title match before an earlier question that has the word in its body only",
    query: "certificate ",
    expected: [
      "caddy-cgnat-certificate",
      "certbot-renew-redirect-port-80",
      "letsencrypt-dns-challenge-cloudflare",
    ],
  },
  {
    what: "tag matches before body matches",
    query: "hdd",
    expected: [
      "smart-reallocated-sectors-replace",
      "zfs-cksum-errors-new-drive",
      "zfs-arc-memory-proxmox",
      "home-server-idle-power-draw",
    ],
  },
];

/** Types `query` into the box, as a reader would, and waits for its results. */
async function search(page: Page, query: string) {
  const box = page.getByLabel("Search questions");
  await box.fill(query);
  await expect(page.getByRole("status")).toContainText(`\u201c${query.trim()}\u201d`);
}

/** The results' links as the browser resolved them, relative to the site's root. */
async function resultIds(page: Page, root: string) {
  const links = await page
    .locator(".search-results a.search-title")
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  return links.map((link) => {
    const id = /^questions\/([^/]+)\/index\.html(?:#answer-[^/]+)?$/.exec(
      link.slice(root.length),
    )?.[1];
    return id ?? `not a question page of the site: ${link}`;
  });
}

for (const [where, listing] of Object.entries(exampleDeliveries)) {
  const root = listing.replace(/index\.html$/, "");
  test.describe(`search on the example ${where}`, () => {
    test("finds words in titles, bodies and tags, and prefixes, in rank order, loading only the site's files", async ({
      page,
    }) => {
      const seen = watchPage(page);
      await page.goto(listing);
      for (const { what, query, expected } of queries) {
        await search(page, query);
        const count = expected.length;
        await expect(page.getByRole("status"), what).toHaveText(
          `${count} ${count === 1 ? "question matches" : "questions match"} \u201c${query.trim()}\u201d.`,
        );
        expect(await resultIds(page, root), what).toEqual(expected);
      }
      // Each result shows its title line and tags, as the listing does, and the start of the
      // question when its words are in its tags only.
      await search(page, "mdns");
      const result = page.locator(".search-results li");
      await expect(result.locator(".search-title")).toHaveText(
        "Isolating IoT devices on their own VLAN without breaking Chromecast discovery",
      );
      await expect(result.locator(".tags")).toHaveText("vlan,mdns,networking,unifi");
      await expect(result.locator(".search-snippet mark")).toHaveCount(0);
      // A word found only in an answer leads to that answer, shown in context, marked.
      await search(page, "Caddyfile ");
      await expect(result.locator(".search-title")).toHaveAttribute(
        "href",
        /questions\/caddy-basic-auth-hash-rejected\/index\.html#answer-caddy-hash-quoting$/,
      );
      await expect(result.locator(".search-snippet mark").first()).toHaveText("Caddyfile");
      // Words in the question itself lead to the question, each marked where it stands.
      await search(page, "allowedips ");
      await expect(result.first().locator(".search-title")).toHaveAttribute(
        "href",
        /questions\/wireguard-clients-cannot-reach-lan\/index\.html$/,
      );
      await expect(result.first().locator(".search-snippet mark").first()).toHaveText(
        /allowedips/i,
      );
      await search(page, "xylophone ");
      await expect(page.getByRole("status")).toHaveText(
        "No question matches \u201cxylophone\u201d.",
      );
      await expect(page.locator(".search-results li")).toHaveCount(0);

      expect(seen.requests.filter((request) => !request.startsWith(root))).toEqual([]);
      expect(seen.failed).toEqual([]);
      expect(seen.errors).toEqual([]);
    });

    test("a result leads to its question's page, and search works there too", async ({ page }) => {
      await page.goto(listing);
      await search(page, "mdns");
      await page.locator(".search-results a.search-title").click();
      await expect(page.locator("h1")).toHaveText(
        "Isolating IoT devices on their own VLAN without breaking Chromecast discovery",
      );
      await search(page, "allowedips");
      await page.locator(".search-results a.search-title").last().click();
      await expect(page.locator("h1")).toHaveText(
        "WireGuard handshake completes but no traffic passes through the tunnel",
      );
      // A result found in an answer alone lands on that answer.
      await search(page, "Caddyfile ");
      await page.locator(".search-results a.search-title").click();
      await expect(page).toHaveURL(/#answer-caddy-hash-quoting$/);
      await expect(page.locator("#answer-caddy-hash-quoting")).toBeInViewport();
      // A result's tag leads to the tag's page.
      await search(page, "mdns");
      await page.locator(".search-results .tags a", { hasText: "unifi" }).click();
      await expect(page.locator("h1")).toContainText("unifi");
    });
  });
}

test.describe("the search box", () => {
  const listing = exampleDeliveries["opened from disk"];

  test("is used from the keyboard, and announces its count", async ({ page }) => {
    await page.goto(listing);
    // The box comes right after the site's links (the listing, tags and users).
    const links = await page.getByRole("navigation", { name: "Site" }).getByRole("link").count();
    expect(links).toBe(3);
    for (let step = 0; step <= links; step++) await page.keyboard.press("Tab");
    await expect(page.getByLabel("Search questions")).toBeFocused();
    await page.keyboard.type("zfs scr");
    const status = page.getByRole("status");
    await expect(status).toHaveText("2 questions match \u201czfs scr\u201d.");
    await expect(status).toHaveAttribute("id", "site-search-status");
    await expect(page.getByLabel("Search questions")).toHaveAttribute(
      "aria-describedby",
      "site-search-status",
    );
    await page.keyboard.press("ArrowDown");
    const results = page.locator(".search-results a.search-title");
    await expect(results.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(results.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(page.getByLabel("Search questions")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.locator("h1")).toHaveText(
      "ZFS scrub reports CKSUM errors on one disk, but SMART looks perfectly clean",
    );
  });

  test("offers the nearest word for one it does not know, and searches for it", async ({
    page,
  }) => {
    await page.goto(listing);
    await search(page, "wiregaurd handshake ");
    await expect(page.getByRole("status")).toHaveText(
      "No question matches \u201cwiregaurd handshake\u201d.",
    );
    await expect(page.locator(".search-suggestion")).toHaveText(
      "Did you mean wireguard handshake?",
    );
    await page.getByRole("button", { name: "wireguard handshake" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "2 questions match \u201cwireguard handshake\u201d.",
    );
    await expect(page.locator(".search-suggestion")).toBeHidden();
    await expect(page.getByLabel("Search questions")).toBeFocused();
    // Words each known, in no one question: nothing to correct.
    await search(page, "wireguard scrub ");
    await expect(page.locator(".search-suggestion")).toBeHidden();
  });

  test("Escape clears it; Enter in it goes nowhere", async ({ page }) => {
    await page.goto(listing);
    const box = page.getByLabel("Search questions");
    await box.fill("zfs");
    await expect(page.locator(".search-results li")).toHaveCount(8);
    await box.press("Enter");
    expect(page.url()).toBe(listing);
    await box.press("Escape");
    await expect(box).toHaveValue("");
    await expect(page.locator(".search-results li")).toHaveCount(0);
    await expect(page.locator("#site-search-status")).toHaveText("");
  });

  test("shows 20 results, then more on request, with focus on the first new one", async ({
    page,
  }) => {
    await page.goto(listing);
    await search(page, "co");
    await expect(page.getByRole("status")).toHaveText("34 questions match \u201cco\u201d.");
    await expect(page.locator(".search-results li")).toHaveCount(20);
    await page.getByRole("button", { name: "Show more results" }).click();
    await expect(page.locator(".search-results li")).toHaveCount(34);
    await expect(page.locator(".search-results a.search-title").nth(20)).toBeFocused();
    await expect(page.getByRole("button", { name: "Show more results" })).toBeHidden();
  });

  test("has no accessibility violations with results shown, light and dark", async ({ page }) => {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(listing);
      await search(page, "co");
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map(({ id, nodes }) => `${id}: ${nodes.length}`)).toEqual([]);
    }
  });

  test("moves nothing on the page when its script shows it, however late", async ({ page }) => {
    // The script held back until the page has been painted, as on a slow disk or network.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/search/search.js", async (route) => {
      await held;
      await route.continue();
    });
    // A deferred script holds DOMContentLoaded back: wait for the page's text instead.
    await page.goto(pageUrl("example", "http"), { waitUntil: "commit" });
    await page.locator("main h2").last().waitFor();
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(painted)));
    const mainTop = () => page.locator("main").evaluate((main) => main.getBoundingClientRect().top);
    const before = await mainTop();
    await expect(page.getByLabel("Search questions")).toBeHidden();
    release();
    await expect(page.getByLabel("Search questions")).toBeVisible();
    expect(await mainTop()).toBe(before);
  });

  test("with JavaScript off, is not shown, and every page reads as before", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const url of [listing, pageUrl("example", "http")]) {
      await page.goto(url);
      await expect(page.locator("search")).toBeHidden();
      await expect(page.getByLabel("Search questions")).toBeHidden();
      await expect(page.locator("main h2").first()).toBeVisible();
    }
    await context.close();
  });
});

test("a title with TeX shows typeset in a result, as on its pages, with nothing else made of it", async ({
  page,
}) => {
  for (const delivery of ["file", "http"] as const) {
    await page.goto(pageUrl("math-titles", delivery));
    await search(page, "deduce ");
    const title = page.locator(".search-results a.search-title");
    await expect(title.locator("math")).toHaveCount(2);
    await expect(title.locator("math").first()).toHaveAttribute("alttext", "$f(x)$");
    // Its TeX stays beside it, unseen: the link reads as the heading does.
    const namespace = await title
      .locator("math")
      .first()
      .evaluate((math) => math.namespaceURI);
    expect(namespace).toBe("http://www.w3.org/1998/Math/MathML");
    const shown = await title.innerText();
    expect(shown).not.toMatch(/[$\\]/);
    await title.click();
    expect(await page.locator("h1").innerText()).toBe(shown);
  }
});
