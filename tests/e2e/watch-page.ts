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

/**
 * The page's cumulative layout shift so far, as Chromium reports it (`layout-shift` entries,
 * buffered), after `settleMs` more for any still to come.
 */
export function layoutShift(page: Page, settleMs = 300): Promise<number> {
  return page.evaluate(
    (settle) =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), settle);
      }),
    settleMs,
  );
}
