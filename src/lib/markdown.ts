import MarkdownIt from "markdown-it";
import { markdownMath } from "./math/markdown-math.ts";

// Shared by both readers below, so that they read a body alike but for the math.
const READING = { html: true, linkify: false, typographer: false } as const;

/**
 * The one Markdown reader for bodies, shared by their plain text and their HTML so that both
 * read a body the same way: CommonMark plus GitHub's tables and strikethrough, as Astro's
 * Markdown reads it, with raw HTML passed through (Stack Exchange bodies are HTML).
 * Typographic replacements stay off: characters remain as typed, with no smart quotes, dashes
 * or ellipses. Autolinking bare URLs stays off too, as in CommonMark.
 */
export const markdown = new MarkdownIt("default", READING);

/**
 * The same reader with `math: tex` (src/lib/math/markdown-math.ts): formulas are read before
 * Markdown, and rendered as placeholders for the typeset MathML. Only body HTML uses it: a
 * body's plain text (the excerpt, the search words) is read as before, so that `math:` never
 * changes the listing.
 */
export const markdownWithMath = new MarkdownIt("default", READING).use(markdownMath);
