import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { bodyToPlainText, renderedPlainText } from "../../src/lib/plain-text.ts";
import { drawBody } from "../../scripts/bench/corpus-text.ts";
import { createRandom, mixSeed } from "../../scripts/bench/prng.ts";

/*
 * bodyToPlainText reads a body without raw HTML from markdown-it's tokens; by definition its
 * text is that of the rendered HTML (renderedPlainText). These hold the two to the same
 * characters, on the kinds of bodies people write and on random mixes of Markdown's syntax.
 */

/** Markdown's syntax in pieces: put together at random, they make every token kind. */
const FRAGMENTS = [
  "word",
  " ",
  "  ",
  "\n",
  "\n\n",
  "  \n",
  "\\\n",
  "\t",
  "    ",
  "*",
  "**",
  "_",
  "__",
  "~~",
  "`",
  "``",
  "```",
  "```js\n",
  "~~~",
  "[",
  "]",
  "](http://example.com/a_b)",
  "![",
  '](img.png "t")',
  "[ref]",
  "\n[ref]: http://example.com/r\n",
  "<https://auto.link/x?a=1&b=2>",
  "<foo@bar.com>",
  "http://bare.url/x",
  "# ",
  "## ",
  "\n===\n",
  "\n---\n",
  "\n***\n",
  "- ",
  "\n- ",
  "\n1. ",
  "\n   - ",
  "\n> ",
  "> ",
  "| a | b |\n|---|---|\n| c | d |\n",
  "|",
  "\\|",
  "\\*",
  "\\",
  "&amp;",
  "&lt;",
  "&gt;",
  "&quot;",
  "&#9;",
  "&#x41;",
  "&nbsp;",
  "&copy",
  "AT&T",
  "<",
  ">",
  '"',
  "'",
  "é",
  "日本語",
  "\u00a0",
  "\r\n",
  "\f",
  "1 < 2 > 0",
];

function randomMarkdown(seed: number): string {
  const random = createRandom(mixSeed(20_261_122, seed));
  const length = random.between(1, 40);
  let body = "";
  for (let i = 0; i < length; i++) body += random.pick(FRAGMENTS);
  return body;
}

describe("bodyToPlainText reads tokens as the rendered HTML reads", () => {
  it("on 3,000 bodies like the bench corpus's (prose, code, lists, quotes, headings)", () => {
    for (let seed = 0; seed < 3_000; seed++) {
      const body = drawBody(createRandom(mixSeed(7, seed)));
      assert.equal(bodyToPlainText(body), renderedPlainText(body), `body ${seed}:\n${body}`);
    }
  });

  it("on 20,000 random mixes of Markdown's syntax", () => {
    for (let seed = 0; seed < 20_000; seed++) {
      const body = randomMarkdown(seed);
      assert.equal(
        bodyToPlainText(body),
        renderedPlainText(body),
        `mix ${seed}: ${JSON.stringify(body)}`,
      );
    }
  });
});
