import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot } from "../../src/project-paths.ts";

/** Where the e2e run builds its sites; the static server serves this folder. */
export const sitesRoot = join(projectRoot, "tests/.output/e2e");
/** The server of `sitesRoot`: every site there is served from a sub-path (`/example/`). */
export const serverPort = 4390;
/** A second server whose root is the example site itself, as a host serving dist/ at `/`. */
export const rootServerPort = 4391;
/** A copy of the example's output, unchanged, served under this deeper sub-path. */
export const archivePath = "archive/questions";

/** A site built once for the e2e run: its content folder and extra build settings. */
interface SiteBuild {
  content: string;
  env?: Record<string, string>;
}

/**
 * The sites built for the e2e run: the example community, named fixtures, and the example
 * again as it would be deployed with its public URL known and precompressed copies written.
 */
export const sites = {
  example: { content: "content" },
  basic: { content: "tests/fixtures/basic/content" },
  paged: { content: "tests/fixtures/paged/content" },
  answers: { content: "tests/fixtures/answers/content" },
  "awkward-tags": { content: "tests/fixtures/awkward-tags/content" },
  narrow: { content: "tests/fixtures/narrow/content" },
  "math-titles": { content: "tests/fixtures/math-titles/content" },
  hosted: {
    content: "content",
    env: { QA_SITE_URL: "https://qa.example.org/archive/questions/", QA_PRECOMPRESS: "1" },
  },
} as const satisfies Record<string, SiteBuild>;

export type SiteName = keyof typeof sites;
export type Delivery = "http" | "file";

/** The listing page's address when served by the static server or opened from disk. */
export function pageUrl(site: SiteName, delivery: Delivery): string {
  return delivery === "http"
    ? `http://127.0.0.1:${serverPort}/${site}/`
    : pathToFileURL(join(sitesRoot, site, "index.html")).href;
}

/** Every way the same built example is read: from disk, from a host's root, from sub-paths. */
export const exampleDeliveries = {
  "opened from disk": pageUrl("example", "file"),
  "served from the root": `http://127.0.0.1:${rootServerPort}/`,
  "served from /example/": pageUrl("example", "http"),
  [`served from /${archivePath}/`]: `http://127.0.0.1:${serverPort}/${archivePath}/`,
} as const;
