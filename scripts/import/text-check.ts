import { bodyToPlainText } from "../../src/lib/plain-text.ts";
import { htmlToText } from "../../src/lib/html-text.ts";
import { collapseWhitespace } from "../../src/lib/whitespace.ts";
import { cutExcerpt } from "../../src/lib/excerpt.ts";
import { communitySchema } from "../../src/schemas/community.ts";

/** One body whose listing text is not the text of its HTML. */
export interface TextDifference {
  id: string;
  /** Whether the listing's excerpt (at the default length) differs too, not only later text. */
  excerptDiffers: boolean;
  /** Where the two texts part, with some context: as the site reads it, and as HTML. */
  asMarkdown: string;
  asHtml: string;
}

const EXCERPT_LENGTH = communitySchema.shape.excerptLength.parse(undefined);
const CONTEXT = 40;

/**
 * Stack Exchange bodies are HTML, but the site reads every body as Markdown with raw HTML
 * (CommonMark), which can misread HTML: a blank line ends an HTML block, after which an indented
 * line becomes a code block and `[1]: url` a link definition. This compares, per body, the
 * listing's plain text (`bodyToPlainText`) with the text of the body read as pure HTML.
 */
export class TextCheck {
  checked = 0;
  readonly differences: TextDifference[] = [];

  check(id: string, body: string): void {
    this.checked++;
    const asMarkdown = bodyToPlainText(body);
    const asHtml = collapseWhitespace(htmlToText(body));
    if (asMarkdown === asHtml) return;
    let at = 0;
    while (asMarkdown[at] === asHtml[at]) at++;
    const from = Math.max(0, at - CONTEXT);
    this.differences.push({
      id,
      excerptDiffers: cutExcerpt(asMarkdown, EXCERPT_LENGTH) !== cutExcerpt(asHtml, EXCERPT_LENGTH),
      asMarkdown: asMarkdown.slice(from, at + CONTEXT),
      asHtml: asHtml.slice(from, at + CONTEXT),
    });
  }
}
