import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { projectRoot } from "../../src/project-paths.ts";

/*
 * `npm run dev` as a user runs it: the dev server on a copy of the example content, edited
 * while it runs. Each edit must show on a reload within a few seconds, with no restart, and
 * the pages must leave the browser's console clean (the built pages' policy would block the
 * dev server's own scripts and styles).
 */

const port = 4394;
const origin = `http://127.0.0.1:${port}`;
let work: string;
let contentDir: string;
let server: ChildProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "qa-dev-"));
  contentDir = join(work, "content");
  cpSync(join(projectRoot, "content"), contentDir, { recursive: true });
  server = spawn(
    join(projectRoot, "node_modules/.bin/astro"),
    ["dev", "--port", String(port), "--host", "127.0.0.1"],
    {
      cwd: projectRoot,
      env: { ...process.env, QA_CONTENT_DIR: contentDir, QA_CACHE_DIR: join(work, "cache") },
      stdio: "ignore",
    },
  );
  await expect
    .poll(
      () =>
        fetch(`${origin}/`).then(
          (response) => response.status,
          () => 0,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
  rmSync(work, { recursive: true, force: true });
});

/** Rewrites one line of a content file, matched by its start. */
function editLine(file: string, start: string, line: string): void {
  const path = join(contentDir, file);
  const lines = readFileSync(path, "utf8").split("\n");
  const at = lines.findIndex((text) => text.startsWith(start));
  lines[at] = line;
  writeFileSync(path, lines.join("\n"));
}

/** The text of the first element matching `selector` on a page of the dev server, once loaded. */
async function textAt(path: string, selector: string): Promise<string> {
  const html = await (await fetch(`${origin}${path}`)).text();
  const match = new RegExp(`<${selector}[^>]*>([^<]*)`).exec(html);
  return match?.[1] ?? "";
}

test("shows an edited title and community name without a restart", async () => {
  editLine("questions/best-nas-os.md", "title:", 'title: "Which NAS system, edited live?"');
  await expect
    .poll(() => textAt("/questions/best-nas-os/", "h1"), { timeout: 10_000 })
    .toBe("Which NAS system, edited live? [closed]");
  editLine("community.yaml", "name:", "name: Renamed While Running");
  await expect.poll(() => textAt("/", "h1"), { timeout: 10_000 }).toBe("Renamed While Running");
});

test("serves a new question file, and stops serving a deleted one", async () => {
  const file = join(contentDir, "questions/added-live.md");
  writeFileSync(
    file,
    '---\ntitle: "Added while running"\ntags: [dns]\nasked: 2031-01-01\n---\nNew.\n',
  );
  await expect
    .poll(() => textAt("/questions/added-live/", "h1"), { timeout: 10_000 })
    .toBe("Added while running");
  // A file that lives a few milliseconds can come and go before the file watcher looks at it
  // (it then reports neither); a file a person adds lives longer than this.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  rmSync(file);
  await expect
    .poll(() => fetch(`${origin}/questions/added-live/`).then(({ status }) => status), {
      timeout: 10_000,
    })
    .toBe(404);
});

test("leaves the console clean on the listing and a question page", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of ["/", "/questions/best-nas-os/"]) {
    await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
  }
  expect(errors).toEqual([]);
});
