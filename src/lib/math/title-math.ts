import { escapeText } from "../escape-text.ts";
import type { TexLeft } from "../body-html.ts";
import { mayHoldTex, splitTex } from "./tex-spans.ts";
import { texTypesetter } from "./tex-mathml.ts";

/**
 * A title with its formulas typeset, as HTML to show wherever the title is a heading or a link
 * (with `math: tex`), and the formulas left as their source; undefined for a title that holds
 * none, which is shown as its text. A title is read as a body's text is (`splitTex`), each
 * formula inline, with macros of its own. Each `<math>` carries its source, delimiters
 * included, as `alttext`: what the listing's text reads in its place (listingLines in
 * scripts/common/listing-lines.ts), so that a typeset title leaves that text as it was.
 */
export function typesetTitle(title: string): { html: string; texLeft: TexLeft[] } | undefined {
  if (!mayHoldTex(title)) return undefined;
  const pieces = splitTex(title);
  if (pieces.every((piece) => "text" in piece)) return undefined;
  const typesetter = texTypesetter();
  const texLeft: TexLeft[] = [];
  const html = pieces
    .map((piece) => {
      if ("text" in piece) return escapeText(piece.text);
      const typeset = typesetter(piece.tex, false);
      if ("error" in typeset) {
        texLeft.push({ source: piece.source, reason: typeset.error });
        return escapeText(piece.source);
      }
      const alttext = escapeText(piece.source).replaceAll('"', "&quot;");
      return typeset.mathml.replace(/^<math/, `<math alttext="${alttext}"`);
    })
    .join("");
  return { html, texLeft };
}
