import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { entryTitle, zimEntries, zimFiles } from "../../scripts/zim/entries.ts";

const COMMUNITY = "Homelab & Self-Hosting";

function page(title: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body></body></html>`;
}

describe("a ZIM's entries", () => {
  it("are titled as Kiwix lists them: a question by its title, decoded", () => {
    assert.equal(
      entryTitle("Caddy can&#39;t renew &amp; &lt;b&gt; · Homelab &amp; Self-Hosting", COMMUNITY),
      "Caddy can't renew & <b>",
    );
    assert.equal(entryTitle("Homelab &amp; Self-Hosting", COMMUNITY), COMMUNITY, "the listing");
    assert.equal(
      entryTitle("Why · Homelab &amp; Self-Hosting · Homelab &amp; Self-Hosting", COMMUNITY),
      "Why · Homelab & Self-Hosting",
      "only the name the page adds goes",
    );
  });

  it("leave out the host's files, and mark question pages alone for Kiwix's search", () => {
    const site = mkdtempSync(join(tmpdir(), "zim-entries-"));
    try {
      const files: Record<string, string> = {
        "index.html": page("Homelab &amp; Self-Hosting"),
        "questions/nas-backup/index.html": page("NAS backup? · Homelab &amp; Self-Hosting"),
        "tags/nas/index.html": page("Questions tagged [nas] · Homelab &amp; Self-Hosting"),
        "_astro/site.abc.css": "body{}",
        "search/search.js": "",
        "favicon.svg": "<svg/>",
        "404.html": page("Page not found"),
        _headers: "",
        "robots.txt": "",
        "sitemap-0.xml": "",
        "index.html.br": "",
      };
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(dirname(join(site, file)), { recursive: true });
        writeFileSync(join(site, file), text);
      }
      assert.deepEqual(zimEntries(site, zimFiles(site), COMMUNITY), [
        { path: "_astro/site.abc.css", title: "", mimeType: "text/css", question: false },
        { path: "favicon.svg", title: "", mimeType: "image/svg+xml", question: false },
        { path: "index.html", title: COMMUNITY, mimeType: "text/html", question: false },
        {
          path: "questions/nas-backup/index.html",
          title: "NAS backup?",
          mimeType: "text/html",
          question: true,
        },
        { path: "search/search.js", title: "", mimeType: "text/javascript", question: false },
        {
          path: "tags/nas/index.html",
          title: "Questions tagged [nas]",
          mimeType: "text/html",
          question: false,
        },
      ]);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it("find a title however far into the page it starts", () => {
    const site = mkdtempSync(join(tmpdir(), "zim-entries-"));
    try {
      const padded = `<!doctype html><head><meta name="description" content="${"x".repeat(9000)}"><title>Late · ${COMMUNITY.replace("&", "&amp;")}</title></head>`;
      writeFileSync(join(site, "late.html"), padded);
      assert.equal(zimEntries(site, ["late.html"], COMMUNITY)[0]?.title, "Late");
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
