import MarkdownIt from "markdown-it";

/**
 * The one Markdown reader for bodies, shared by their plain text and their HTML so that both
 * read a body the same way: CommonMark plus GitHub's tables and strikethrough, as Astro's
 * Markdown reads it, with raw HTML passed through (Stack Exchange bodies are HTML).
 * Typographic replacements stay off: characters remain as typed, with no smart quotes, dashes
 * or ellipses. Autolinking bare URLs stays off too, as in CommonMark.
 */
export const markdown = new MarkdownIt("default", {
  html: true,
  linkify: false,
  typographer: false,
});
