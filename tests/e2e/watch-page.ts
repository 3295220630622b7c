import type { Page } from "@playwright/test";

/** What the page asked the network for, and what went wrong while it loaded. */
export function watchPage(page: Page) {
  const seen = { requests: [] as string[], failed: [] as string[], errors: [] as string[] };
  page.on("request", (request) => seen.requests.push(request.url()));
  page.on("requestfailed", (request) => {
    // A load cut short because the page went on to the next one (a click, a goto) is no fault
    // of the site: the favicon of a page left at once is often one.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    seen.failed.push(request.url());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) seen.failed.push(`${response.status()} ${response.url()}`);
  });
  page.on("pageerror", (error) => seen.errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") seen.errors.push(message.text());
  });
  return seen;
}
