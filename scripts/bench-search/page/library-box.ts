/*
 * The search box of a built page driven by a library instead of our search script: the bench's
 * `search/search.js` for MiniSearch and FlexSearch (bundled by ../libraries.ts). It does what
 * src/search/client.ts does for the bench to time: loads the index when the box gets focus,
 * shows the first results of each query as links with their tags, tells how many match, and
 * sends the same `qa-search-results` event; plus `qa-bench-index-ready` once the index is
 * loaded. Everything comes as classic scripts, as a page opened from disk allows.
 */
import { INDEX_READY, PART_REGISTRY, RESULTS_SHOWN } from "../library-config.ts";

/** What the bench wrote: the library's own script, then the index's parts, below `search/`. */
declare const BENCH_LIBRARY_FILE: string;
declare const BENCH_PART_FILES: string[];

/** A question as a result shows it: [id, title line, tags], as our index's records. */
export type Shown = [id: string, titleLine: string, tags: string[]];

/** What a library makes of its loaded parts: a search giving every match, best first. */
export type OpenIndex = (parts: Map<string, string>) => (query: string) => {
  count: number;
  /** The first results, at most `first`. */
  top(first: number): Shown[];
};

const RESULTS_SHOWN_FIRST = 20;

export function startLibraryBox(open: OpenIndex): void {
  const box = document.querySelector<HTMLElement>("search.site-search");
  const input = box?.querySelector<HTMLInputElement>("input[type=search]");
  const status = box?.querySelector<HTMLElement>("[role=status]");
  const list = box?.querySelector<HTMLOListElement>("ol");
  if (!box || !input || !status || !list) return;
  const root = box.dataset["root"] ?? "./";
  const folder = `${root}search/`;

  let search: Promise<ReturnType<OpenIndex>> | undefined;
  const load = () =>
    (search ??= (async () => {
      const parts = new Map<string, string>();
      (globalThis as unknown as Record<string, unknown>)[PART_REGISTRY] = (
        name: string,
        text: string,
      ) => parts.set(name, text);
      await loadScript(`${folder}${BENCH_LIBRARY_FILE}`);
      await Promise.all(BENCH_PART_FILES.map((file) => loadScript(`${folder}${file}`)));
      const opened = open(parts);
      box.dispatchEvent(new CustomEvent(INDEX_READY));
      return opened;
    })());

  const show = async (query: string) => {
    const find = await load();
    const found = find(query);
    list.replaceChildren(
      ...found.top(RESULTS_SHOWN_FIRST).map(([id, titleLine, tags]) => {
        const item = document.createElement("li");
        const title = document.createElement("a");
        title.href = `${root}questions/${encodeURIComponent(id)}/index.html`;
        title.textContent = titleLine;
        const tagLine = document.createElement("div");
        tagLine.textContent = tags.join(", ");
        item.append(title, tagLine);
        return item;
      }),
    );
    status.textContent = `${found.count} questions match \u201c${query.trim()}\u201d.`;
    box.dispatchEvent(new CustomEvent(RESULTS_SHOWN, { detail: { query, count: found.count } }));
  };

  box.hidden = false;
  input.addEventListener("focus", () => void load(), { once: true });
  input.addEventListener("input", () => {
    show(input.value).catch((error: unknown) => {
      status.textContent = `Search is unavailable: ${String(error)}`;
    });
  });
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.addEventListener("load", () => {
      script.remove();
      resolve();
    });
    script.addEventListener("error", () => reject(new Error(`${src} did not load`)));
    script.src = src;
    document.head.append(script);
  });
}
