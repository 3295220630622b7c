import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot } from "../helpers/build-site.ts";

/** Where the e2e run builds its sites; the static server serves this folder. */
export const sitesRoot = join(projectRoot, "tests/.output/e2e");
export const serverPort = 4390;

/** The sites built once for the e2e run: the example community and named fixtures. */
export const sites = {
  example: "content",
  basic: "tests/fixtures/basic/content",
} as const;

export type SiteName = keyof typeof sites;
export type Delivery = "http" | "file";

/** The listing page's address when served by the static server or opened from disk. */
export function pageUrl(site: SiteName, delivery: Delivery): string {
  return delivery === "http"
    ? `http://127.0.0.1:${serverPort}/${site}/`
    : pathToFileURL(join(sitesRoot, site, "index.html")).href;
}
