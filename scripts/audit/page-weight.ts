import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { htmlToText } from "../../src/lib/html-text.ts";
import { collapseWhitespace } from "../../src/lib/whitespace.ts";
import { listingLines } from "../common/listing-lines.ts";

export interface PageWeight {
  entries: number;
  /** Bytes of index.html and of the style sheets it uses. */
  htmlBytes: number;
  cssBytes: number;
  /** UTF-8 bytes of the listing's text: every entry's three lines, one newline each. */
  textBytes: number;
}

/** Weighs a built listing: its HTML and CSS against the raw text of its entries. */
export function weighListing(outDir: string): PageWeight {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const lines = listingLines(html).slice(1);
  const assets = join(outDir, "_astro");
  const cssBytes = readdirSync(assets)
    .filter((name) => name.endsWith(".css"))
    .reduce((sum, name) => sum + statSync(join(assets, name)).size, 0);
  return {
    entries: lines.length / 3,
    htmlBytes: Buffer.byteLength(html),
    cssBytes,
    textBytes: lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0),
  };
}

/** A question page's weight: its HTML against the text of its `<main>`. */
export interface QuestionPageWeight {
  htmlBytes: number;
  /** UTF-8 bytes of `<main>`'s text as a reader sees it, whitespace collapsed. */
  textBytes: number;
}

/** Weighs the page `questions/<id>/index.html` of a built site. */
export function weighQuestionPage(outDir: string, id: string): QuestionPageWeight {
  const html = readFileSync(join(outDir, "questions", id, "index.html"), "utf8");
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
  return {
    htmlBytes: Buffer.byteLength(html),
    textBytes: Buffer.byteLength(collapseWhitespace(htmlToText(main))),
  };
}
