/*
 * The search box, in the reader's browser: `search/search.js`, built from this file as one
 * classic script (src/search/script.ts), since a page opened from disk runs no module script
 * and loads nothing with fetch(). The index comes the same way: each of its files is a script
 * that hands its data to the registry set up here (src/lib/search/index-format.ts).
 *
 * Nothing of the content ever becomes markup: titles, tags and snippets go in as text nodes (a
 * typeset title rebuilt from MathML's allowlist alone), and the only URLs made are the site's
 * own pages, from a question's id and a tag's folder.
 */
import {
  MANIFEST_FILE,
  REGISTRY,
  SEARCH_FOLDER,
  type IndexRegistry,
  type QuestionRecord,
  type SearchManifest,
} from "../lib/search/index-format.ts";
import { tagFolder } from "../lib/tag-folder.ts";
import { answerAnchor } from "../lib/site-paths.ts";
import { snippetOf, type Snippet } from "../lib/search/snippet.ts";
import { TYPESET_ATTRIBUTES, TYPESET_ELEMENTS } from "../lib/math/mathml-allowlist.ts";
import { createSearcher, type Found } from "./searcher.ts";

/** Results shown at first, and added by each "Show more". */
const RESULTS_PER_STEP = 20;

/** The event the box sends once a query's results are shown (for tests and the bench). */
export const RESULTS_SHOWN = "qa-search-results";

startSearchBox();

function startSearchBox(): void {
  const box = document.querySelector<HTMLElement>("search.site-search");
  const input = box?.querySelector<HTMLInputElement>("input[type=search]");
  if (!box || !input) return;
  // What only the script uses, added by it: a page without it shows none of them.
  const status = element("p", { id: "site-search-status", className: "search-status" });
  status.setAttribute("role", "status");
  input.setAttribute("aria-describedby", status.id);
  const list = element("ol", { className: "search-results" });
  const more = element("button", { className: "search-more", type: "button", hidden: true });
  more.textContent = "Show more results";
  // "Did you mean ...?", when a word is in no question but one near it is.
  const suggestion = element("p", { className: "search-suggestion", hidden: true });
  box.append(status, suggestion, list, more);
  // The relative way from this page to the site's root, written by the page.
  const root = box.dataset["root"] ?? "./";
  const searcher = createSearcher(scriptSource(`${root}${SEARCH_FOLDER}/`));

  let latest = 0;
  let found: Found | undefined;
  let shown = 0;

  const show = async (query: string) => {
    const ticket = ++latest;
    try {
      const result = await searcher.find(query);
      if (ticket !== latest) return;
      found = result;
      shown = 0;
      list.replaceChildren();
      offerSuggestion(suggestion, result.suggestion, input);
      if (result.words.length === 0) {
        status.textContent = query.trim() === "" ? "" : "Type a less common word.";
        more.hidden = true;
        return;
      }
      await showMore(ticket);
      if (ticket !== latest) return;
      const count = result.questions.length;
      const quoted = `\u201c${query.trim()}\u201d`;
      status.textContent =
        count === 0
          ? `No question matches ${quoted}.`
          : `${count.toLocaleString("en")} ${count === 1 ? "question matches" : "questions match"} ${quoted}.`;
      box.dispatchEvent(new CustomEvent(RESULTS_SHOWN, { detail: { query, count } }));
    } catch (error) {
      if (ticket !== latest) return;
      status.textContent = `Search is unavailable: ${error instanceof Error ? error.message : String(error)}`;
      more.hidden = true;
    }
  };

  /** Adds the next results of the current query to the list. */
  const showMore = async (ticket: number) => {
    if (!found) return;
    const next = found.questions.slice(shown, shown + RESULTS_PER_STEP);
    const records = await searcher.records(next);
    const posts = await searcher.posts(next, records);
    if (ticket !== latest) return;
    const { words } = found;
    list.append(
      ...records.map((record, at) => resultItem(record, snippetOf(posts[at] ?? [], words), root)),
    );
    shown += next.length;
    more.hidden = shown >= found.questions.length;
  };

  box.hidden = false;
  box.querySelector("form")?.addEventListener("submit", (event) => event.preventDefault());
  // Loading the manifest as soon as the reader comes to the box takes it off the first search.
  input.addEventListener("focus", () => void searcher.prepare().catch(() => undefined), {
    once: true,
  });
  input.addEventListener("input", () => void show(input.value));
  more.addEventListener("click", () => {
    // Focus moves to the first new result, so that a keyboard reader goes on from there.
    const firstNew = shown;
    void showMore(latest).then(() =>
      list.querySelectorAll<HTMLAnchorElement>("a.search-title").item(firstNew)?.focus(),
    );
  });
  box.addEventListener("keydown", (event) => moveFocus(event, input, list));
  // A page the browser restored with text in the box (back and forward) shows its results.
  if (input.value !== "") void show(input.value);
}

/**
 * Offers, in `offer`, the query with its unknown words replaced (`words`), as a button that
 * searches for it; hides it when there is none.
 */
function offerSuggestion(
  offer: HTMLElement,
  words: readonly string[] | undefined,
  input: HTMLInputElement,
): void {
  offer.hidden = words === undefined;
  if (words === undefined) {
    offer.replaceChildren();
    return;
  }
  const query = words.join(" ");
  const button = element("button", { type: "button", className: "search-suggested" });
  button.textContent = query;
  button.addEventListener("click", () => {
    input.value = query;
    input.dispatchEvent(new Event("input"));
    input.focus();
  });
  offer.replaceChildren("Did you mean ", button, "?");
}

/** A new element of the page, with these properties. */
function element<Name extends keyof HTMLElementTagNameMap>(
  name: Name,
  properties: Partial<HTMLElementTagNameMap[Name]>,
): HTMLElementTagNameMap[Name] {
  return Object.assign(document.createElement(name), properties);
}

/** Arrow keys move between the box and the results; Escape clears the search. */
function moveFocus(event: KeyboardEvent, input: HTMLInputElement, list: HTMLOListElement): void {
  const links = [...list.querySelectorAll<HTMLAnchorElement>("a.search-title")];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (event.key === "ArrowDown" && (document.activeElement === input || at >= 0)) {
    links[at + 1]?.focus();
    event.preventDefault();
  } else if (event.key === "ArrowUp" && at >= 0) {
    (at === 0 ? input : links[at - 1])?.focus();
    event.preventDefault();
  } else if (event.key === "Escape" && (input.value !== "" || at >= 0)) {
    input.value = "";
    input.dispatchEvent(new Event("input"));
    input.focus();
    event.preventDefault();
  }
}

/**
 * One result: the question's title line, linking to its page, or to the answer that holds the
 * words when only an answer does; its tags; and the words in context (`snippetOf`), marked.
 */
function resultItem(
  [id, titleLine, tags, , titleHtml]: QuestionRecord,
  snippet: Snippet | undefined,
  root: string,
): HTMLLIElement {
  const item = document.createElement("li");
  const title = document.createElement("a");
  title.className = "search-title";
  const answer =
    snippet === undefined || snippet.postId === "" ? "" : `#${answerAnchor(snippet.postId)}`;
  title.href = `${root}questions/${encodeURIComponent(id)}/index.html${answer}`;
  if (titleHtml === undefined) title.textContent = titleLine;
  else title.append(...titleNodes(titleHtml));
  const tagLine = document.createElement("div");
  tagLine.className = "tags";
  tags.forEach((tag, index) => {
    if (index > 0) {
      const separator = document.createElement("span");
      separator.className = "tag-sep";
      separator.textContent = ",";
      tagLine.append(separator);
    }
    const link = document.createElement("a");
    link.href = `${root}tags/${encodeURIComponent(tagFolder(tag))}/index.html`;
    link.textContent = tag;
    tagLine.append(link);
  });
  item.append(title, tagLine);
  if (snippet !== undefined) item.append(snippetParagraph(snippet));
  return item;
}

/**
 * A title's typeset HTML (escaped text and MathML the build made, `typesetTitle`) as nodes:
 * parsed inert, then rebuilt from its text and the elements and attributes a typeset formula
 * holds (src/lib/math/mathml-allowlist.ts) alone, so that nothing else could come through.
 */
function titleNodes(html: string): Node[] {
  const parsed = new DOMParser().parseFromString(`<body>${html}`, "text/html").body;
  const rebuilt = (node: Node): Node[] => {
    if (node.nodeType === Node.TEXT_NODE) return [document.createTextNode(node.textContent ?? "")];
    if (!(node instanceof Element) || node.namespaceURI !== MATHML) return [];
    if (!TYPESET_ELEMENTS.has(node.localName)) return [];
    const copy = document.createElementNS(MATHML, node.localName);
    for (const { name, value } of node.attributes) {
      if (TYPESET_ATTRIBUTES.has(name)) copy.setAttribute(name, value);
    }
    copy.append(...[...node.childNodes].flatMap(rebuilt));
    return [copy];
  };
  return [...parsed.childNodes].flatMap(rebuilt);
}

const MATHML = "http://www.w3.org/1998/Math/MathML";

/** A snippet as text nodes, its matched words in `<mark>`: nothing of the post is markup. */
function snippetParagraph({ pieces }: Snippet): HTMLParagraphElement {
  const paragraph = element("p", { className: "search-snippet" });
  for (const { text, matched } of pieces) {
    if (!matched) paragraph.append(text);
    else paragraph.append(element("mark", { textContent: text }));
  }
  return paragraph;
}

/**
 * The index's files as classic scripts from `folder`: each one, once loaded, calls the
 * registry, which settles the promise waiting for it.
 */
function scriptSource(folder: string): Parameters<typeof createSearcher>[0] {
  const waiting = new Map<string, (data: unknown) => void>();
  const registry: IndexRegistry = {
    manifest: (manifest) => waiting.get(MANIFEST_FILE)?.(manifest),
    chunk: (name, data) => waiting.get(`${name}.js`)?.(data),
  };
  (globalThis as unknown as Record<string, IndexRegistry>)[REGISTRY] = registry;
  const load = (file: string) =>
    new Promise<unknown>((resolve, reject) => {
      const script = document.createElement("script");
      let data: { value: unknown } | undefined;
      waiting.set(file, (value) => (data = { value }));
      const settle = (failure?: string) => {
        waiting.delete(file);
        script.remove();
        if (failure === undefined && data) resolve(data.value);
        else reject(new Error(failure ?? `${folder}${file} did not hold its part of the index.`));
      };
      script.addEventListener("load", () => settle());
      script.addEventListener("error", () =>
        settle(`its index file ${folder}${file} did not load.`),
      );
      script.src = `${folder}${file}`;
      document.head.append(script);
    });
  return {
    manifest: () => load(MANIFEST_FILE) as Promise<SearchManifest>,
    chunk: (name) => load(`${name}.js`),
  };
}
