import { statSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "../../tests/e2e/browser.ts";
import { INDEX_READY, RESULTS_SHOWN } from "./library-config.ts";
import type { BenchQuery } from "./queries.ts";

/** One query typed in the box: from its input event to its results' event, in the page. */
export interface QueryTiming {
  query: BenchQuery;
  ms: number;
  /** The questions the engine says match. */
  count: number;
  /** The files of `search/` the page asked for with this query (a first query: since it opened). */
  files: string[];
  bytes: number;
}

/** What one engine measured in the browser, or how far it got. */
export interface EngineMeasure {
  /** From focusing the box to the index being ready (ours: the manifest), per fresh page. */
  loadMs: number[];
  /** Each cold query: a fresh page, the box focused and its loading done, then the query. */
  cold: QueryTiming[];
  /** The queries in turn on one page that has searched once already. */
  warm: QueryTiming[];
  /** The largest JS heap in use seen on the warm page: after loading and after each query. */
  peakHeapBytes: number | undefined;
  /** The JS heap in use after the last query and a garbage collection. */
  heapAfterGcBytes: number | undefined;
  failure?: string;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  return chromium.launch({
    ...(executablePath === undefined ? {} : { executablePath }),
    args: chromiumArgs(),
  });
}

/**
 * Opens `indexHtml` from disk in fresh pages and times the engine's search there: each cold
 * query on a page of its own, then `warm` one after the other on one more page (after one query
 * not timed), sampling the heap (CDP `Runtime.getHeapUsage`) as it goes. `ours` tells how the
 * page says its index is ready: our search script loads its manifest on focus, the libraries'
 * boxes send `qa-bench-index-ready`.
 */
export async function measureEngine(
  browser: Browser,
  indexHtml: string,
  ours: boolean,
  cold: readonly BenchQuery[],
  warm: readonly BenchQuery[],
  timeoutSeconds: number,
  log: (message: string) => void,
): Promise<EngineMeasure> {
  const measure: EngineMeasure = {
    loadMs: [],
    cold: [],
    warm: [],
    peakHeapBytes: undefined,
    heapAfterGcBytes: undefined,
  };
  const timeoutMs = timeoutSeconds * 1000;
  const open = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    // Resource timing lists nothing loaded from file://; Playwright sees every request.
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(pathToFileURL(indexHtml).href);
    return { context, page, errors, requested };
  };
  let step = "";
  let pageErrors: string[] = [];
  try {
    for (const query of cold) {
      step = `cold query "${query.text}"`;
      const { context, page, errors, requested } = await open();
      pageErrors = errors;
      measure.loadMs.push(await focusAndLoad(page, ours, timeoutMs));
      const timing = await typeQuery(page, query, timeoutMs, requested, 0);
      measure.cold.push(timing);
      log(`  cold "${query.text}": ${describe(timing)}`);
      await context.close();
    }

    step = "warm queries";
    const { context, page, errors, requested } = await open();
    pageErrors = errors;
    const cdp = await context.newCDPSession(page);
    const heapUsed = async () =>
      ((await cdp.send("Runtime.getHeapUsage")) as { usedSize: number }).usedSize;
    measure.loadMs.push(await focusAndLoad(page, ours, timeoutMs));
    let peak = await heapUsed();
    const first = cold[0] ?? warm[0];
    if (first !== undefined) await typeQuery(page, first, timeoutMs, requested, requested.length);
    for (const query of warm) {
      step = `warm query "${query.text}"`;
      const timing = await typeQuery(page, query, timeoutMs, requested, requested.length);
      measure.warm.push(timing);
      peak = Math.max(peak, await heapUsed());
    }
    measure.peakHeapBytes = peak;
    await cdp.send("HeapProfiler.collectGarbage");
    measure.heapAfterGcBytes = await heapUsed();
    await context.close();
  } catch (error) {
    const message = (error as Error).message.split("\n")[0] ?? String(error);
    measure.failure = `${step}: ${message}${pageErrors.length > 0 ? ` (page: ${pageErrors.join("; ")})` : ""}`;
    log(`  failed at ${measure.failure}`);
  }
  return measure;
}

/** Focuses the search box and waits for the index to be ready; milliseconds, timed in the page. */
function focusAndLoad(page: Page, ours: boolean, timeoutMs: number): Promise<number> {
  return page.evaluate(
    ({ ours, readyEvent, timeoutMs }) => {
      const box = document.querySelector<HTMLElement>("search.site-search");
      const input = box?.querySelector<HTMLInputElement>("input[type=search]");
      if (!box || !input) throw new Error("the page has no search box");
      return new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const ready = () => resolve(performance.now() - started);
        if (ours) {
          // Our script's registry: the manifest file calls it once it has run.
          type Registry = { manifest(data: unknown): void };
          const registry = (globalThis as unknown as { qaSearchIndex?: Registry }).qaSearchIndex;
          if (!registry) throw new Error("the search script did not set up its registry");
          const manifest = registry.manifest.bind(registry);
          registry.manifest = (data) => {
            manifest(data);
            ready();
          };
        } else box.addEventListener(readyEvent, ready, { once: true });
        setTimeout(() => reject(new Error(`no index after ${timeoutMs} ms`)), timeoutMs);
        input.focus();
      });
    },
    { ours, readyEvent: INDEX_READY, timeoutMs },
  );
}

/**
 * Types `query` as a whole (sets the box's value, sends one input event) and waits for its
 * results' event. The files loaded are the page's requests from entry `since` of `requested`
 * on (0: since the page opened).
 */
async function typeQuery(
  page: Page,
  query: BenchQuery,
  timeoutMs: number,
  requested: readonly string[],
  since: number,
): Promise<QueryTiming> {
  const { ms, count } = await page.evaluate(
    ({ text, resultsEvent, timeoutMs }) => {
      const box = document.querySelector<HTMLElement>("search.site-search");
      const input = box?.querySelector<HTMLInputElement>("input[type=search]");
      if (!box || !input) throw new Error("the page has no search box");
      return new Promise<{ ms: number; count: number }>((resolve, reject) => {
        let started = 0;
        const shown = (event: Event) => {
          const detail = (event as CustomEvent<{ query: string; count: number }>).detail;
          if (detail.query !== text) return;
          const ms = performance.now() - started;
          box.removeEventListener(resultsEvent, shown);
          resolve({ ms, count: detail.count });
        };
        box.addEventListener(resultsEvent, shown);
        setTimeout(() => reject(new Error(`no results after ${timeoutMs} ms`)), timeoutMs);
        input.value = text;
        started = performance.now();
        input.dispatchEvent(new Event("input"));
      });
    },
    { text: query.text, resultsEvent: RESULTS_SHOWN, timeoutMs },
  );
  // A request is reported before the page runs what it loads, so before the results' event.
  const files = requested
    .slice(since)
    .filter((url) => url.startsWith("file:") && url.includes("/search/"));
  const bytes = files.reduce((sum, url) => sum + statSync(fileURLToPath(url)).size, 0);
  return {
    query,
    ms,
    count,
    files: files.map((url) => url.slice(url.lastIndexOf("/") + 1)),
    bytes,
  };
}

export function describe(timing: QueryTiming): string {
  return `${timing.ms.toFixed(1)} ms, ${timing.count} found, ${timing.files.length} files (${(timing.bytes / 1024).toFixed(0)} KB) loaded`;
}
