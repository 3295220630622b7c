import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "@playwright/test";
import { buildSite } from "../../scripts/common/build-site.ts";
import { runCollectingOutput } from "../../scripts/common/run-process.ts";
import type { ImportReport } from "../../scripts/import/report.ts";
import { projectRoot } from "../../src/project-paths.ts";
import { layoutShift, watchPage } from "./watch-page.ts";
import { dumpFile, row } from "../helpers/dump-rows.ts";
import { imageHost, picture } from "../helpers/image-host.ts";

/*
 * `npm run import --images` on a dump whose posts show images from a loopback server standing in
 * for the image host, and from another standing in for a host that is not listed: the images
 * that can be had land in images/ and show on the built pages from disk; every one that cannot
 * is reported and left a link; no request reaches the other host; a second import asks nothing.
 */

const work = join(projectRoot, "tests/.output/imported-images");
const dump = join(work, "images.stackexchange.com");
const out = join(work, "content");
const site = join(work, "site");

function writeDump(bodies: { question: string; answer: string }) {
  rmSync(dump, { recursive: true, force: true });
  mkdirSync(dump, { recursive: true });
  const rows = [
    row({
      ...{ Id: "1", PostTypeId: "1", CreationDate: "2020-01-02T10:00:00.000", Score: "3" },
      ...{ Title: "A circuit I cannot read", Tags: "<circuits>", AnswerCount: "1" },
      Body: bodies.question,
    }),
    row({
      ...{ Id: "2", PostTypeId: "2", ParentId: "1", CreationDate: "2020-01-03T10:00:00.000" },
      ...{ Score: "1", Body: bodies.answer },
    }),
  ];
  writeFileSync(join(dump, "Posts.xml"), dumpFile("posts", rows));
}

function runImport(hosts: string) {
  return runCollectingOutput(
    process.execPath,
    [
      join(projectRoot, "scripts/import.ts"),
      dump,
      "--out",
      out,
      "--force",
      "--images",
      "--image-hosts",
      hosts,
      "--json",
    ],
    { cwd: projectRoot },
  );
}

test.describe("images imported with --images", () => {
  let host: Awaited<ReturnType<typeof imageHost>>;
  let elsewhere: Awaited<ReturnType<typeof imageHost>>;
  let report: ImportReport;
  let second: ImportReport;
  let requestsOfSecond: string[];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    elsewhere = await imageHost(
      new Map([["/x.png", { type: "image/png", body: await picture("png", 8, 8) }]]),
    );
    host = await imageHost(
      new Map([
        ["/photo.jpg", { type: "image/jpeg", body: await picture("jpeg", 2000, 1000) }],
        ["/plot.png", { type: "image/png", body: await picture("png", 300, 200) }],
        ["/anim.gif", { type: "image/gif", body: await picture("gif", 60, 40) }],
        ["/pic.webp", { type: "image/webp", body: await picture("webp", 50, 50) }],
        [
          "/circuit.svg",
          {
            type: "image/svg+xml",
            body: `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><script>alert(1)</script><image href="${elsewhere.origin}/x.png" width="8" height="8"/><rect width="120" height="60" fill="#0a58ad"/></svg>`,
          },
        ],
        ["/page.png", { type: "image/png", body: "<!doctype html><title>Sign in</title>" }],
        [
          "/huge.png",
          {
            type: "image/png",
            body: Buffer.alloc(11_000_000),
            headers: { "content-length": "11000000" },
          },
        ],
        ["/away.png", { status: 302, headers: { location: `${elsewhere.origin}/x.png` } }],
      ]),
    );
    const image = (path: string, alt: string) => `<img src="${host.origin}${path}" alt="${alt}">`;
    writeDump({
      question: `<p>The circuit:</p>\n<p>${image("/circuit.svg", "the circuit")}</p>\n<p>${image("/photo.jpg", "a photo")} ${image("/plot.png", "a plot")}</p>\n<p>${image("/missing.png", "gone")} ${image("/page.png", "a page")} ${image("/huge.png", "huge")} ${image("/away.png", "away")}</p>\n<p><img src="${elsewhere.origin}/x.png" alt="not listed"></p>\n`,
      answer: `<p>${image("/anim.gif", "a gif")} <a href="${host.origin}/pic.webp">${image("/pic.webp", "in a link")}</a></p>\n`,
    });
    const first = await runImport(new URL(host.origin).host);
    expect(first.exitCode, first.output).toBe(0);
    report = JSON.parse(first.output.slice(first.output.indexOf("{"))) as ImportReport;
    const before = host.requests.length;
    const again = await runImport(new URL(host.origin).host);
    expect(again.exitCode, again.output).toBe(0);
    second = JSON.parse(again.output.slice(again.output.indexOf("{"))) as ImportReport;
    requestsOfSecond = host.requests.slice(before);
    const build = await buildSite(out, site);
    expect(build.exitCode, build.output).toBe(0);
  });

  test.afterAll(() => {
    host?.server.close();
    elsewhere?.server.close();
  });

  test("keeps every image it can have, reports the others, and asks nothing of another host", () => {
    expect(report.images).toMatchObject({ addresses: 9, posts: 2, fetched: 5, fromCache: 0 });
    expect(
      report.images?.failed.map(({ address, reason }) => [
        address.slice(host.origin.length),
        reason,
      ]),
    ).toEqual([
      ["/missing.png", "answered 404"],
      ["/page.png", expect.stringMatching(/^is not an image that can be read/)],
      ["/huge.png", "is 11000000 bytes, over the cap of 10000000"],
      [
        "/away.png",
        `redirects to ${new URL(elsewhere.origin).host}, which is not an image host (--image-hosts)`,
      ],
    ]);
    expect(elsewhere.requests).toEqual([]);
    expect(
      readdirSync(join(out, "images")).every((file) => /^[0-9a-f]{32}\.webp$/.test(file)),
    ).toBe(true);
    const question = readFileSync(join(out, "questions/1.md"), "utf8");
    expect(question).toContain(`<img src="${host.origin}/missing.png" alt="gone">`);
    expect(question).toContain(`<img src="${elsewhere.origin}/x.png" alt="not listed">`);
  });

  test("a second import reuses what the first fetched, asking the host only for what failed", () => {
    expect(second.images).toMatchObject({ fetched: 0, fromCache: 5 });
    expect(requestsOfSecond.sort()).toEqual([
      "/away.png",
      "/huge.png",
      "/missing.png",
      "/page.png",
    ]);
    expect(existsSync(`${out}.image-cache`)).toBe(true);
  });

  test("the built page shows each image from disk in its box, and the others as links", async ({
    page,
  }) => {
    const seen = watchPage(page);
    await page.goto(pathToFileURL(join(site, "questions/1/index.html")).href);
    const images = page.locator("main img");
    await expect(images).toHaveCount(5);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    const photo = page.locator('main img[alt="a photo"]');
    await expect(photo).toHaveAttribute("width", "1280");
    await expect(photo).toHaveAttribute("height", "640");
    await expect(page.getByRole("link", { name: "gone" })).toHaveAttribute(
      "href",
      `${host.origin}/missing.png`,
    );
    expect(seen.requests.filter((request) => !request.startsWith("file:"))).toEqual([]);
    expect(await layoutShift(page)).toBe(0);
  });
});
