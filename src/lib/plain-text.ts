import MarkdownIt from "markdown-it";
import { collapseWhitespace } from "./whitespace.ts";
import { htmlToText } from "./html-text.ts";

/**
 * CommonMark plus GitHub's tables and strikethrough, as Astro's Markdown reads it, with raw
 * HTML passed through (Stack Exchange bodies are HTML). Typographic replacements stay off:
 * characters remain as typed, with no smart quotes, dashes or ellipses.
 */
const markdown = new MarkdownIt("default", { html: true, linkify: false, typographer: false });

/**
 * A question body (Markdown with raw HTML) as one line of plain text: markup removed, the text
 * of code, links and autolinks kept, block edges and line breaks as whitespace, every
 * whitespace run collapsed to one space, trimmed.
 */
export function bodyToPlainText(body: string): string {
  return collapseWhitespace(htmlToText(markdown.render(body)));
}

// A link reference definition (`[label]: url`) may come after the links that use it.
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:/m;

/**
 * The start of a body's plain text, enough for an excerpt: either the whole text, or a prefix
 * of it longer than `neededLength` characters.
 *
 * A long body is read only up to a blank line past `2 * neededLength` characters. Markdown
 * never carries inline markup across a blank line, and a block left open at the cut (a fence,
 * a `<pre>`) reads the same text up to there, so the head's text is the start of the whole
 * text. Two cases fall back to reading everything: a link reference definition after the cut
 * (it changes how earlier links read), and a head whose text is not longer than needed (say a
 * long HTML comment or script). An `html` body is read as HTML only, as a browser would.
 */
export function bodyPlainTextStart(
  body: string,
  neededLength: number,
  format: "markdown" | "html" = "markdown",
): string {
  // HTML is read in one quick pass, with no structure that later text could change.
  if (format === "html") return collapseWhitespace(htmlToText(body));
  const readAhead = 2 * neededLength;
  const cut = body.length > 2 * readAhead ? body.indexOf("\n\n", readAhead) : -1;
  if (cut > 0 && !LINK_DEFINITION.test(body.slice(cut))) {
    const text = bodyToPlainText(body.slice(0, cut));
    if (text.length > neededLength) return text;
  }
  return bodyToPlainText(body);
}
