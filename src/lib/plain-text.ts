import { collapseWhitespace } from "./whitespace.ts";
import { htmlToText } from "./html-text.ts";
import { markdown } from "./markdown.ts";

/**
 * A question body (Markdown with raw HTML) as one line of plain text: markup removed, the text
 * of code, links and autolinks kept, block edges and line breaks as whitespace, every
 * whitespace run collapsed to one space, trimmed.
 *
 * By definition, this is the text of the HTML that markdown-it renders, as `htmlToText` reads
 * it. A body without raw HTML is read straight from markdown-it's tokens instead, which gives
 * the same text without writing the HTML and parsing it back (`renderedPlainText`, the
 * definition, is what tests hold it to).
 */
export function bodyToPlainText(body: string): string {
  const tokens = markdown.parse(body, {});
  return collapseWhitespace(tokensToText(tokens) ?? renderedText(tokens));
}

/** The definition of `bodyToPlainText`: render the HTML, then read its text. */
export function renderedPlainText(body: string): string {
  return collapseWhitespace(renderedText(markdown.parse(body, {})));
}

type Token = ReturnType<typeof markdown.parse>[number];

function renderedText(tokens: Token[]): string {
  return htmlToText(markdown.renderer.render(tokens, markdown.options, {}));
}

/*
 * What each kind of token adds to the text, as read from the HTML markdown-it writes for it.
 * Every block token renders to an element that `htmlToText` reads as a block (p, h1-h6,
 * blockquote, ul, ol, li, hr, table, thead, tbody, tr, th, td, pre), so its edge is whitespace;
 * a paragraph hidden in a tight list sits between such edges too. Inline tokens add their
 * content as it was before escaping (`&lt;` reads back as `<`), or nothing (emphasis, links,
 * an image, whose alt text is an attribute); a hard break is a <br>.
 */
const BLOCK_EDGES = new Set([
  "paragraph_open",
  "paragraph_close",
  "heading_open",
  "heading_close",
  "blockquote_open",
  "blockquote_close",
  "bullet_list_open",
  "bullet_list_close",
  "ordered_list_open",
  "ordered_list_close",
  "list_item_open",
  "list_item_close",
  "hr",
  "table_open",
  "table_close",
  "thead_open",
  "thead_close",
  "tbody_open",
  "tbody_close",
  "tr_open",
  "tr_close",
  "th_open",
  "th_close",
  "td_open",
  "td_close",
]);
const INLINE_MARKUP = new Set([
  "em_open",
  "em_close",
  "strong_open",
  "strong_close",
  "s_open",
  "s_close",
  "link_open",
  "link_close",
  "image",
]);

/**
 * The text of a body's tokens as `htmlToText` would read their HTML, whitespace not yet
 * collapsed; undefined when there is raw HTML (or a token this walk does not know), whose
 * effect on the rest (an unclosed <script>, say) only the HTML parser can tell.
 */
function tokensToText(tokens: Token[]): string | undefined {
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline") {
      for (const child of token.children ?? []) {
        const type = child.type;
        if (type === "text" || type === "code_inline") parts.push(child.content);
        else if (type === "softbreak" || type === "hardbreak") parts.push(" ");
        else if (!INLINE_MARKUP.has(type)) return undefined;
      }
    } else if (token.type === "fence" || token.type === "code_block") {
      parts.push(" ", token.content, " ");
    } else if (BLOCK_EDGES.has(token.type)) {
      parts.push(" ");
    } else {
      return undefined;
    }
  }
  return parts.join("");
}

// A link reference definition (`[label]: url`) may come after the links that use it.
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:/m;

/**
 * The start of a body's plain text, enough for an excerpt: either the whole text, or a prefix
 * of it longer than `neededLength` characters.
 *
 * A long body is read only up to a blank line past `1.25 * neededLength` characters: a head
 * that long has almost always text enough, and reading twice as much was a sixth of the time
 * spent on Markdown on the bench corpus, for nothing. Markdown never carries inline markup
 * across a blank line, and a block left open at the cut (a fence, a `<pre>`) reads the same
 * text up to there, so the head's text is the start of the whole text. Two cases fall back
 * to reading everything: a link reference definition after the cut (it changes how earlier
 * links read), and a head whose text is not longer than needed (say a long HTML comment or
 * script). An `html` body is read as HTML only, as a browser would.
 */
export function bodyPlainTextStart(
  body: string,
  neededLength: number,
  format: "markdown" | "html" = "markdown",
): string {
  // HTML is read in one quick pass, with no structure that later text could change.
  if (format === "html") return collapseWhitespace(htmlToText(body));
  const readAhead = 1.25 * neededLength;
  const cut = body.length > 2 * readAhead ? body.indexOf("\n\n", readAhead) : -1;
  if (cut > 0 && !LINK_DEFINITION.test(body.slice(cut))) {
    const text = bodyToPlainText(body.slice(0, cut));
    if (text.length > neededLength) return text;
  }
  return bodyToPlainText(body);
}
