import type { Page } from "@playwright/test";

/** What the page asked the network for, and what went wrong while it loaded. */
export function watchPage(page: Page) {
  const seen = { requests: [] as string[], failed: [] as string[], errors: [] as string[] };
  page.on("request", (request) => seen.requests.push(request.url()));
  page.on("requestfailed", (request) => seen.failed.push(request.url()));
  page.on("response", (response) => {
    if (response.status() >= 400) seen.failed.push(`${response.status()} ${response.url()}`);
  });
  page.on("pageerror", (error) => seen.errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") seen.errors.push(message.text());
  });
  return seen;
}
