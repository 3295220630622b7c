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

/** Elements whose content is never shown as text: code to run, styles, inert templates. */
const HIDDEN_ELEMENTS = new Set(["script", "style", "template"]);

/**
 * The text a reader sees in an HTML fragment: tags and comments removed, script and style
 * content dropped, block edges turned into a space, entities decoded exactly once.
 * Whitespace is left as it is; collapsing it is the caller's step.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN_ELEMENTS.has(name)) hiddenDepth++;
        else if (BLOCK_ELEMENTS.has(name)) parts.push(" ");
      },
      onclosetag(name) {
        if (HIDDEN_ELEMENTS.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
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
