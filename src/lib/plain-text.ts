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
