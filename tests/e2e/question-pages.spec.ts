import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { pageUrl, type Delivery, type SiteName } from "./sites.ts";
import { layoutShift, watchPage } from "./watch-page.ts";

/** The address of a page of a built site, opened from disk or from the server's sub-path. */
function sitePage(site: SiteName, delivery: Delivery, path: string): string {
  return new URL(path, pageUrl(site, delivery)).href;
}

/**
 * Every link of the page, resolved: the addresses a reader can go to from it. Read with
 * `page.evaluate` rather than a locator: a locator's first use on a new document costs Playwright
 * about 100 ms here (12 of the example crawl's 20 s).
 */
function linksOf(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("a[href]")].map((link) => (link as HTMLAnchorElement).href),
  );
}

for (const site of ["example", "answers", "awkward-tags"] as const satisfies SiteName[]) {
  test(`every internal link of the ${site} site resolves, crawled from index.html over file://`, async ({
    page,
  }) => {
    // Every page of the site is opened, one after another: the example's 123 pages take 10 s
    // here, a third of the default 30 s, and more on a busy machine.
    test.slow();
    const start = pageUrl(site, "file");
    const root = start.slice(0, -"index.html".length);
    const seen = watchPage(page);
    const queue = [start];
    const visited = new Set<string>();
    const broken: string[] = [];
    while (queue.length > 0) {
      const url = queue.shift() as string;
      if (visited.has(url)) continue;
      visited.add(url);
      await page.goto(url);
      for (const link of await linksOf(page)) {
        if (!link.startsWith("file:")) continue; // the credit's links to the original site
        const target = link.split("#")[0] as string;
        if (!target.startsWith(root) || !existsSync(fileURLToPath(target))) {
          broken.push(`${url} -> ${link}`);
        } else if (!visited.has(target)) queue.push(target);
      }
    }
    expect(broken).toEqual([]);
    expect(seen.failed).toEqual([]);
    // The listing and every question page were reached.
    expect(visited.size).toBeGreaterThan({ example: 44, answers: 4, "awkward-tags": 10 }[site]);
  });
}

for (const delivery of ["file", "http"] as const satisfies Delivery[]) {
  test(`a question page shows its question, notices and answers in order (${delivery})`, async ({
    page,
  }) => {
    const seen = watchPage(page);
    await page.goto(pageUrl("answers", delivery));
    await page
      .getByRole("link", { name: "How do I rotate logs without restarting nginx?" })
      .click();
    await expect(page.locator("h1")).toHaveText("How do I rotate logs without restarting nginx?");
    const main = page.locator("main");
    await expect(main.locator(".tags").first()).toHaveText("nginx,logrotate");
    await expect(main.locator("time").first()).toHaveAttribute("datetime", "2024-01-10T09:00:00Z");
    await expect(main.getByRole("link", { name: "Ada O'Brien" })).toHaveAttribute(
      "href",
      "https://example.org/users/1",
    );
    await expect(main.getByRole("link", { name: "Original post" }).first()).toHaveAttribute(
      "href",
      "https://example.org/q/1",
    );
    // What a reader judges it by: its last activity, its views, its last edit and who made it.
    await expect(main.locator(".post-activity")).toHaveText(
      "Modified 2024-02-01 08:30 UTC · Viewed 1,234 times",
    );
    await expect(main.locator(".post-edit").first()).toHaveText(
      "Edited 2024-01-11 12:00 UTC by Grace",
    );
    await expect(main.locator(".post-edit").first().getByRole("link")).toHaveAttribute(
      "href",
      "https://example.org/users/2",
    );
    await expect(main.locator("#answer-a1 .post-edit")).toHaveText(
      "Edited 2024-01-12 00:00 UTC by Ada O'Brien",
    );
    await expect(page.locator("#answers-heading")).toHaveText("3 answers");
    // Accepted first, then by score, then oldest first.
    await expect(main.locator("article.answer")).toHaveCount(3);
    expect(
      await main.locator("article.answer").evaluateAll((answers) => answers.map((a) => a.id)),
    ).toEqual(["answer-a1", "answer-a2", "answer-a3"]);
    await expect(main.locator("article.answer").first()).toContainText("Accepted answer");
    await expect(main.locator("article.answer").nth(2)).toContainText("by A & B <ops>");

    // A duplicate's notice leads to its original, and back to the listing from there.
    await page.goto(sitePage("answers", delivery, "questions/dup/index.html"));
    await expect(page.locator(".notice")).toHaveText(
      "This question already has an answer here: How do I rotate logs without restarting nginx? (3 answers)",
    );
    await page.locator(".notice a").click();
    await expect(page.locator("h1")).toHaveText("How do I rotate logs without restarting nginx?");
    await page
      .getByRole("navigation", { name: "Site" })
      .getByRole("link", { name: "Answers Fixture" })
      .click();
    await expect(page.locator("h1")).toHaveText("Answers Fixture");
    // A question no one answered says so where its answers would be.
    await page.goto(sitePage("example", delivery, "questions/pbs-datastore-on-nfs/index.html"));
    await expect(page.getByRole("region", { name: "No answers yet" })).toBeVisible();
    await expect(page.locator("article.answer")).toHaveCount(0);
    expect(seen.failed).toEqual([]);
    expect(seen.errors).toEqual([]);
    // Nothing but the site's own files: the author and source links are not followed.
    const local = delivery === "file" ? "file:" : "http://127.0.0.1:";
    expect(seen.requests.filter((url) => !url.startsWith(local))).toEqual([]);
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  for (const [name, site, path] of [
    ["a question page with answers", "answers", "questions/orig/index.html"],
    ["a tag page", "awkward-tags", "tags/_net/index.html"],
    ["the tags index", "awkward-tags", "tags/index.html"],
    ["the listing's Votes tab", "example", "votes/index.html"],
    ["a tag page with its wiki's excerpt", "example", "tags/linux/index.html"],
    ["a tag's wiki", "example", "tags/linux/info/index.html"],
    // A person's page with badges, About me and both lists, and everyone by reputation.
    ["a user page with badges", "example", "users/lena/index.html"],
    ["the users index", "example", "users/index.html"],
    // A closed question's notice, with when and why.
    ["a closed question", "example", "questions/best-nas-os/index.html"],
    // Code coloured in two languages (Apache's and nginx's configuration).
    [
      "a question page with coloured code",
      "example",
      "questions/htaccess-rewrite-to-nginx/index.html",
    ],
    // A question comment is folded, and the fragment opens the fold and marks the comment for
    // axe to see both.
    [
      "a question page with comments, folded and opened",
      "example",
      "questions/nginx-reverse-proxy-websocket/index.html#comment-105",
    ],
  ] as const) {
    test(`axe-core finds no violation on ${name} (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(sitePage(site, "http", path));
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.flatMap((violation) =>
          violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`),
        ),
      ).toEqual([]);
    });
  }
}

for (const delivery of ["file", "http"] as const satisfies Delivery[]) {
  test(`tags lead to their pages, and the tags index to every tag (${delivery})`, async ({
    page,
  }) => {
    const seen = watchPage(page);
    await page.goto(pageUrl("awkward-tags", delivery));
    // The listing's tags line reads as it did, and its tags are links now.
    await expect(page.locator("main .tags").first()).toHaveText(".net,gc");
    await page.locator("main .tags").first().getByRole("link", { name: ".net" }).click();
    await expect(page.locator("h1")).toHaveText("Questions tagged .net");
    await expect(page.locator("main article h2")).toHaveText([
      "Why does the .NET GC pause my service?",
      "Plain net, not .net",
    ]);
    await page
      .getByRole("navigation", { name: "Pages" })
      .getByRole("link", { name: "Next" })
      .click();
    await expect(page.locator("main article h2")).toHaveText(["Node 1.0 and a..b again"]);
    await page
      .getByRole("navigation", { name: "Site" })
      .getByRole("link", { name: "Tags", exact: true })
      .click();
    await expect(page.locator("h1")).toHaveText("Tags");
    // Its folder is tags/con~/: con names a device on Windows.
    await page.locator("main").getByRole("link", { name: "con", exact: true }).click();
    await expect(page.locator("h1")).toHaveText("Questions tagged con");
    expect(seen.failed).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
}

for (const delivery of ["file", "http"] as const satisfies Delivery[]) {
  test(`a post's link to an answer lands on it; to a question, on its page (${delivery})`, async ({
    page,
  }) => {
    const seen = watchPage(page);
    await page.goto(
      sitePage("example", delivery, "questions/nginx-reverse-proxy-websocket/index.html"),
    );
    await page.getByRole("link", { name: "raise its read timeout" }).click();
    await expect(page).toHaveURL(/#answer-nginx-websocket-read-timeout$/);
    await expect(page.locator("#answer-nginx-websocket-read-timeout")).toBeInViewport();

    await page.goto(
      sitePage("example", delivery, "questions/docker-dns-systemd-resolved/index.html"),
    );
    await page.getByRole("link", { name: "this question" }).click();
    await expect(page.locator("h1")).toHaveText(
      "Pi-hole blocks ads on laptops but not on Android phones",
    );
    // Linked both ways: the page the link leads to lists the question it came from.
    const linked = page.getByRole("region", { name: "Linked questions" });
    await linked
      .getByRole("link", {
        name: "Containers can't resolve internal hostnames when the host uses systemd-resolved",
      })
      .click();
    await expect(page.locator("h1")).toHaveText(
      "Containers can't resolve internal hostnames when the host uses systemd-resolved",
    );
    expect(seen.failed).toEqual([]);
  });
}

for (const delivery of ["file", "http"] as const satisfies Delivery[]) {
  test(`comments show under their post, the five highest-voted first, the rest folded; a link to a folded one opens it and marks it (${delivery})`, async ({
    page,
  }) => {
    const seen = watchPage(page);
    await page.goto(
      sitePage("example", delivery, "questions/nginx-reverse-proxy-websocket/index.html"),
    );
    const question = page.locator("main > ul.comments > li.comment");
    await expect(question).toHaveCount(5);
    await expect(question.first()).toContainText(
      "Which nginx version is this? nginx -v prints it. – marta",
    );
    // The latest, with 3 votes, is shown; two with none are folded, as on Stack Exchange.
    await expect(question.last()).toContainText("Fixed with the timeout, thanks all.");
    const fold = page.locator("main > details.more-comments");
    await expect(fold.locator("summary")).toHaveText("Show 2 more comments");
    await expect(fold).not.toHaveAttribute("open");
    await expect(page.locator("#comment-102")).toBeHidden();
    await expect(page.locator("#comment-105")).toBeHidden();
    // Printed, a page shows every comment: paper has no disclosure to open.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("#comment-102")).toBeVisible();
    await expect(fold.locator("summary")).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    const answer = page.locator("#answer-nginx-websocket-map-connection li.comment");
    await expect(answer).toHaveCount(2);
    // A comment's licence shows where it is not its post's own.
    await expect(answer.first()).not.toContainText("CC BY-SA 4.0");
    await expect(answer.nth(1)).toContainText("· CC0 1.0");

    const background = (selector: string) =>
      page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
    const unmarked = await background("#comment-101");
    await answer.getByRole("link", { name: "nginx 1.18.0" }).click();
    await expect(page).toHaveURL(/#comment-102$/);
    await expect(page.locator("#comment-102")).toBeInViewport();
    await expect(fold).toHaveAttribute("open");
    // The comment a link led to is marked; the others are not.
    expect(await background("#comment-102")).not.toBe(unmarked);
    expect(await background("#comment-103")).toBe(unmarked);
    await page.getByRole("link", { name: "This answer" }).click();
    await expect(page).toHaveURL(/#answer-nginx-websocket-read-timeout$/);
    expect(await background("#answer-nginx-websocket-read-timeout")).not.toBe(unmarked);
    expect(await background("#comment-102")).toBe(unmarked);
    expect(seen.failed).toEqual([]);
  });
}

for (const delivery of ["file", "http"] as const satisfies Delivery[]) {
  test(`an image of the content's shows from the site's own files, in its box from the start (${delivery})`, async ({
    page,
  }) => {
    const seen = watchPage(page);
    await page.goto(
      sitePage("example", delivery, "questions/proxmox-vlan-aware-bridge-single-nic/index.html"),
    );
    const image = page.locator(".post-body img");
    await expect(image).toHaveCount(1);
    // Its box is the image's size before a byte of it loads: lazy, it has not yet been asked for.
    const before = await image.boundingBox();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(720);
    expect(await image.boundingBox()).toMatchObject({
      width: before?.width,
      height: before?.height,
    });
    expect(before?.height).toBeCloseTo(((before?.width ?? 0) * 300) / 720, 0);
    const shift = await layoutShift(page);
    expect(shift).toBe(0);
    const source = await image.evaluate((element) => (element as HTMLImageElement).currentSrc);
    expect(source).toBe(sitePage("example", delivery, "images/proxmox-vlan-bridge.png"));
    expect(seen.failed).toEqual([]);
  });
}
