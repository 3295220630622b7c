import type { ChildNode as Node, Element, Text } from "domhandler";
import { ElementType, Parser, parseDocument } from "htmlparser2";

// htmlparser2's tree (domhandler's nodes, whose own guards are not imported here).
const isTag = (node: Node): node is Element => "attribs" in node;
const isText = (node: Node): node is Text => node.type === ElementType.Text;

/**
 * The class of a list item made to hold what a list held outside its items: site.css shows it
 * as a block with no marker, as the list showed it, and it takes no number.
 */
const LIST_TEXT_CLASS = "list-text";

/**
 * Sanitized HTML with its lists and blocks nested as HTML allows, showing what a browser showed.
 * sanitize-html rebuilds a body with htmlparser2, whose tree is not a browser's: it lets
 * through text or other elements straight inside a list (`<ol>Data from ...</ol>`), list
 * items outside one, and a list item inside a paragraph (`<p>See:<li>...`), where a browser
 * would have ended the paragraph. Here a list's stray content goes into a list item of its own
 * (`LIST_TEXT_CLASS`), a run of items outside a list into a `<ul>`, and a paragraph ends
 * before such a list, or any block, and starts again after it. A block inside text markup
 * (`<b><pre>`, as an "About me" had it) takes the markup inside it, as a browser shows it:
 * `<pre><b>...</b></pre>`.
 *
 * Bodies whose lists look sound to a scan of their list tags, and whose blocks sit in no
 * paragraph or text markup, are returned as they are; only the few others are parsed
 * (scripts/bench.md, "Lists").
 */
export function repairNesting(html: string): string {
  const lists = html.includes("<li") || html.includes("<ol") || html.includes("<ul");
  const listsSound = !lists || !listsMayBeMisnested(html) || !misnested(html);
  if (listsSound && !blockMayBeInText(html)) return html;
  return renderChildren(parseDocument(html, { decodeEntities: false }).children, undefined);
}

/** A list's or an item's tag, opening or closing, as sanitize-html writes it. */
const LIST_TAG = /<(\/?)(ul|ol|li)\b[^>]*>/g;

/**
 * False when the list tags of sanitized HTML show that its lists are sound: each item opens
 * right after its list opens or the item before it closes, and each list holds nothing but
 * white space between its items. sanitize-html writes every tag in full and escapes `<` and
 * `>` in text and attributes, so its tags can be read by a pattern; true is checked by a parse.
 */
function listsMayBeMisnested(html: string): boolean {
  // Whether the last list tag leaves the HTML straight inside a list, and where it ended.
  let inList = false;
  let end = 0;
  for (const tag of html.matchAll(LIST_TAG)) {
    const item = tag[2] === "li";
    const closing = tag[1] === "/";
    const opensItem = item && !closing;
    const between = html.slice(end, tag.index);
    if (inList ? !(opensItem || (!item && closing)) || /\S/.test(between) : opensItem) {
      return true;
    }
    inList = item === closing;
    end = tag.index + tag[0].length;
  }
  return false;
}

const LISTS = new Set(["ul", "ol"]);

/** Text markup: elements that hold phrasing content alone, which no block may be inside. */
const PHRASING = new Set([
  ...["a", "abbr", "b", "bdi", "bdo", "cite", "code", "del", "dfn", "em", "i", "ins", "kbd"],
  ...["mark", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "u", "var"],
]);

/** The blocks that themselves hold phrasing alone: text markup around them goes inside. */
const HOLDS_PHRASING = new Set(["p", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "summary"]);

/** Any tag, opening or closing, as sanitize-html writes it. */
const ANY_TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>/g;

/**
 * Whether a block may open inside a paragraph or text markup, by a scan of the tags
 * (sanitize-html writes every tag in full): true is checked by the parse that repairs it.
 */
function blockMayBeInText(html: string): boolean {
  // Open paragraphs and text markup, innermost last: elements closed out of order are dropped
  // down to the one closed, as a scan can.
  const open: string[] = [];
  for (const [, closing, name = ""] of html.matchAll(ANY_TAG)) {
    if (VOID.has(name)) continue;
    if (closing === "/") {
      const at = open.lastIndexOf(name);
      if (at !== -1) open.length = at;
    } else if (BLOCKS.has(name) && open.length > 0) return true;
    else if (name === "p" || PHRASING.has(name)) open.push(name);
  }
  return false;
}

/** The elements a browser ends an open paragraph for (the HTML parser's "close a p element"). */
const BLOCKS = new Set([
  ...["ul", "ol", "li", "dl", "dd", "dt", "div", "blockquote", "pre", "table", "hr"],
  ...["h1", "h2", "h3", "h4", "h5", "h6", "details", "summary", "p"],
]);

/** Elements with no end tag, written as sanitize-html writes them. */
const VOID = new Set(["br", "hr", "wbr", "img"]);

const isWhitespace = (node: Node) => isText(node) && node.data.trim() === "";
const isElement = (node: Node, names: ReadonlySet<string>): node is Element =>
  isTag(node) && names.has(node.name);
const isItem = (node: Node): node is Element => isTag(node) && node.name === "li";

/** Whether `html` holds anything nested in a way `repairNesting` repairs. */
function misnested(html: string): boolean {
  // The names of the open elements, innermost last.
  const open: string[] = [];
  let found = false;
  const inList = () => LISTS.has(open.at(-1) ?? "");
  const parser = new Parser(
    {
      onopentag(name) {
        if (inList() ? name !== "li" : name === "li") found = true;
        open.push(name);
      },
      ontext(text) {
        if (inList() && text.trim() !== "") found = true;
      },
      onclosetag() {
        open.pop();
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return found;
}

/**
 * The children of an element named `parent` (undefined at the top) as HTML, repaired: in a
 * list, each run of nodes that are not items, within an item; elsewhere, each run of items
 * (and the white space between them) within a `<ul>`.
 */
function renderChildren(children: readonly Node[], parent: string | undefined): string {
  const inList = parent !== undefined && LISTS.has(parent);
  let html = "";
  let run: Node[] = [];
  const endRun = () => {
    if (run.length === 0) return;
    const inner = run.map((node) => render(node)).join("");
    html += inList ? `<li class="${LIST_TEXT_CLASS}">${inner}</li>` : `<ul>${inner}</ul>`;
    run = [];
  };
  const strays = (node: Node) => (inList ? !isItem(node) && !isWhitespace(node) : isItem(node));
  for (const [index, child] of children.entries()) {
    // White space joins a run only between two of its nodes.
    const joins = run.length > 0 && isWhitespace(child) && continues(children, index, inList);
    if (strays(child) || joins) run.push(child);
    else {
      endRun();
      html += render(child);
    }
  }
  endRun();
  return html;
}

/** Whether the run in progress goes on after the white space at `index`. */
function continues(children: readonly Node[], index: number, inList: boolean): boolean {
  const next = children.slice(index + 1).find((node) => !isWhitespace(node));
  return next !== undefined && (inList ? !isItem(next) : isItem(next));
}

/**
 * One node as HTML, repaired: a paragraph holding blocks becomes paragraphs around them, and
 * text markup holding blocks goes inside them (`distributed`).
 */
function render(node: Node): string {
  if (isText(node)) return node.data;
  if (!isTag(node)) return "";
  const open = openTag(node);
  if (VOID.has(node.name)) return `${open} />`;
  if (node.name === "p" && node.children.some(isBlockish)) {
    return paragraphsAround(node, `${open}>`);
  }
  if (isTextMarkupHoldingBlock(node)) return distributed(node, []);
  return `${open}>${renderChildren(node.children, node.name)}</${node.name}>`;
}

/** An element's start tag up to its `>`, as sanitize-html writes it. */
function openTag(node: Element): string {
  const attributes = Object.entries(node.attribs).map(([name, value]) => ` ${name}="${value}"`);
  return `<${node.name}${attributes.join("")}`;
}

/** A block, or text markup around one: what ends a paragraph. */
function isBlockish(node: Node): boolean {
  return isElement(node, BLOCKS) || isTextMarkupHoldingBlock(node);
}

/** Text markup with a block inside it, at any depth of text markup. */
function isTextMarkupHoldingBlock(node: Node): boolean {
  return isElement(node, PHRASING) && node.children.some(isBlockish);
}

/**
 * Text markup holding blocks, as a browser shows it: the markup (`within` it, outermost first)
 * around each stretch of text between the blocks, and inside each block that holds text alone;
 * a block that holds blocks (a list, a quote) as it is, without the markup.
 */
function distributed(markup: Element, within: readonly Element[]): string {
  const wrappers = [...within, markup];
  const wrap = (inner: string) =>
    wrappers.map((element) => `${openTag(element)}>`).join("") +
    inner +
    wrappers
      .map(({ name }) => `</${name}>`)
      .reverse()
      .join("");
  let html = "";
  let stretch: Node[] = [];
  const endStretch = () => {
    const inner = stretch.map(render).join("");
    html += stretch.every(isWhitespace) ? inner : wrap(inner);
    stretch = [];
  };
  for (const child of markup.children) {
    if (!isBlockish(child)) {
      stretch.push(child);
      continue;
    }
    endStretch();
    if (isTag(child) && isTextMarkupHoldingBlock(child)) html += distributed(child, wrappers);
    else if (isTag(child) && HOLDS_PHRASING.has(child.name)) {
      html += `${openTag(child)}>${wrap(renderChildren(child.children, child.name))}</${child.name}>`;
    } else html += render(child);
  }
  endStretch();
  return html;
}

/**
 * A paragraph whose children include blocks (list items among them, which come out as a list),
 * as a browser lays it out: a paragraph of each stretch between blocks that holds more than
 * white space, and the blocks between them.
 */
function paragraphsAround(paragraph: Element, open: string): string {
  const { children } = paragraph;
  // Consecutive children: a stretch of text, a run of items, or one block.
  const groups: { kind: "text" | "items" | "block"; nodes: Node[] }[] = [];
  for (const [index, child] of children.entries()) {
    const last = groups.at(-1);
    const kind = isItem(child)
      ? "items"
      : last?.kind === "items" && isWhitespace(child) && continues(children, index, false)
        ? "items"
        : isBlockish(child)
          ? "block"
          : "text";
    if (last !== undefined && last.kind === kind && kind !== "block") last.nodes.push(child);
    else groups.push({ kind, nodes: [child] });
  }
  return groups
    .map(({ kind, nodes }) => {
      if (kind !== "text") return renderChildren(nodes, "p");
      if (nodes.every(isWhitespace)) return nodes.map(render).join("");
      return `${open}${renderChildren(nodes, "p")}</p>`;
    })
    .join("");
}
