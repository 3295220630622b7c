import { Parser } from "htmlparser2";

/**
 * Elements that a browser lays out as blocks, or that break a line: their edges become
 * whitespace in the plain text, so `<p>a</p><p>b</p>` reads "a b" and never "ab". Every other
 * element is inline and adds nothing: `<em>a</em>b` reads "ab".
 */
const BLOCK_ELEMENTS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);

/**
 * Elements whose content is never shown as text: code to run, styles, inert templates; and a
 * formula's annotation (its TeX), inside its `<semantics>`.
 */
const HIDDEN_ELEMENTS = new Set(["script", "style", "template"]);

/**
 * The text a reader sees in an HTML fragment: tags and comments removed, script and style
 * content dropped, block edges turned into a space, entities decoded exactly once.
 * Whitespace is left as it is; collapsing it is the caller's step.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let hiddenDepth = 0;
  // Inside a formula's <semantics>, whose <annotation> (its TeX) a browser does not show.
  let semanticsDepth = 0;
  const hides = (name: string) =>
    HIDDEN_ELEMENTS.has(name) || (name === "annotation" && semanticsDepth > 0);
  const parser = new Parser(
    {
      onopentagname(name) {
        if (hides(name)) hiddenDepth++;
        else if (name === "semantics") semanticsDepth++;
        else if (BLOCK_ELEMENTS.has(name)) parts.push(" ");
      },
      onclosetag(name) {
        if (hides(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        else if (name === "semantics") semanticsDepth = Math.max(0, semanticsDepth - 1);
        else if (BLOCK_ELEMENTS.has(name)) parts.push(" ");
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return parts.join("");
}

/**
 * Elements the fast path leaves to the parser: text read raw or as RCDATA (script, title...),
 * and math and svg, foreign content by the parser's rules. Sanitized bodies have none but
 * typeset formulas.
 */
const LEFT_TO_PARSER = new Set([
  ...["script", "style", "template", "title", "textarea", "xmp", "iframe", "plaintext"],
  ...["noembed", "noframes", "math", "svg"],
]);

/** Elements that never close: the parser closes each right after opening it. */
const VOID_BLOCKS = new Set(["br", "hr"]);

/** The entities the sanitizer writes into text, decoded; any other `&` goes to the parser. */
const ENTITIES: ReadonlyMap<string, string> = new Map([
  ["&amp;", "&"],
  ["&lt;", "<"],
  ["&gt;", ">"],
  ["&quot;", '"'],
  ["&#39;", "'"],
  ["&apos;", "'"],
  ["&nbsp;", "\u00a0"],
]);

/**
 * Text as the sanitizer escaped it (a code block's, between its tags), decoded: the entities
 * the sanitizer writes (`ENTITIES`) read back, any other `&` kept as it is.
 */
export function decodeSanitizedText(escaped: string): string {
  if (!escaped.includes("&")) return escaped;
  return escaped.replace(/&#?\w+;/g, (entity) => ENTITIES.get(entity) ?? entity);
}

/**
 * The text of a sanitized body, as its words are cut from (src/lib/search/words.ts): the text
 * of `htmlToText`, but that a block's edge may give one space where it gives two. A scan of the
 * well-formed HTML the sanitizer writes, a third of the parser's cost, which the build pays
 * for every question and answer; HTML it does not expect (a comment, an entity it does not
 * know, a formula's MathML) is left to `htmlToText` whole.
 */
export function sanitizedHtmlText(html: string): string {
  return scanSanitizedHtml(html) ?? htmlToText(html);
}

/** `sanitizedHtmlText`'s scan: undefined as soon as the HTML is not of the sanitizer's kind. */
function scanSanitizedHtml(html: string): string | undefined {
  let text = "";
  let index = 0;
  const end = html.length;
  while (index < end) {
    const next = nextMarkup(html, index);
    if (next > index) text += html.slice(index, next);
    if (next === end) break;
    if (html.charCodeAt(next) === 38 /* & */) {
      const close = html.indexOf(";", next);
      const decoded = close < 0 ? undefined : ENTITIES.get(html.slice(next, close + 1));
      if (decoded === undefined) return undefined;
      text += decoded;
      index = close + 1;
      continue;
    }
    const tag = readTag(html, next);
    if (tag === undefined) return undefined;
    text += tag.text;
    index = tag.end;
  }
  return text;
}

/** Where the next `<` or `&` is at or after `from`; the end of the HTML if none. */
function nextMarkup(html: string, from: number): number {
  for (let index = from; index < html.length; index++) {
    const code = html.charCodeAt(index);
    if (code === 60 /* < */ || code === 38 /* & */) return index;
  }
  return html.length;
}

/** Space, tab, line feed, form feed and carriage return, as the parser counts whitespace. */
function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/**
 * The tag at `start` (a `<`): what it adds to the text (a space at a block's edge, two where the
 * parser opens and closes it at once) and where it ends; undefined for a comment, a `<` of text,
 * a single-quoted or unquoted attribute value, and the elements `LEFT_TO_PARSER`.
 */
function readTag(html: string, start: number): { text: string; end: number } | undefined {
  const closing = html.charCodeAt(start + 1) === 47; /* / */
  let index = closing ? start + 2 : start + 1;
  if (!isAsciiLetter(html.charCodeAt(index))) return undefined;
  const nameStart = index;
  while (index < html.length) {
    const code = html.charCodeAt(index);
    if (isSpace(code) || code === 47 || code === 62) break;
    index++;
  }
  const name = html.slice(nameStart, index).toLowerCase();
  if (LEFT_TO_PARSER.has(name)) return undefined;
  let selfClosing = false;
  for (;;) {
    if (index >= html.length) return undefined;
    const code = html.charCodeAt(index);
    if (code === 62 /* > */) break;
    if (code === 61 /* = */) {
      if (html.charCodeAt(index + 1) !== 34 /* " */) return undefined;
      const quote = html.indexOf('"', index + 2);
      if (quote < 0) return undefined;
      index = quote + 1;
      continue;
    }
    if (code === 34 || code === 39 /* " ' */) return undefined;
    if (code === 47 /* / */) {
      if (closing || html.charCodeAt(index + 1) !== 62) return undefined;
      selfClosing = true;
    }
    index++;
  }
  const edges = !BLOCK_ELEMENTS.has(name)
    ? 0
    : closing || !(selfClosing || VOID_BLOCKS.has(name))
      ? 1
      : 2;
  return { text: " ".repeat(edges), end: index + 1 };
}
