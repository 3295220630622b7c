import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { htmlToText, sanitizedHtmlText } from "../../src/lib/html-text.ts";
import { collapseWhitespace } from "../../src/lib/whitespace.ts";

/** What a reader sees once the caller has collapsed whitespace, as bodyToPlainText does. */
function shown(html: string): string {
  return collapseWhitespace(htmlToText(html));
}

describe("htmlToText", () => {
  it("leaves whitespace as it is (collapsing is the caller's step)", () => {
    assert.equal(htmlToText("a\n  b\tc"), "a\n  b\tc");
  });

  it("adds nothing at the edges of inline elements", () => {
    assert.equal(
      htmlToText('<em>a</em>b<strong>c</strong>d<code>e</code>f<a href="x">g</a>h<span>i</span>j'),
      "abcdefghij",
    );
  });

  it("reads a formula as shown: its TeX annotation is no text, an annotation elsewhere is", () => {
    const formula =
      '<p>a <math><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">\\alpha</annotation></semantics></math> b</p>';
    assert.equal(htmlToText(formula), " a x b ");
    assert.equal(sanitizedHtmlText(formula), " a x b ");
    assert.equal(htmlToText("<p>a <annotation>kept</annotation> b</p>"), " a kept b ");
  });

  it("adds nothing for an image, and does not show its alt text", () => {
    assert.equal(htmlToText('a<img src="x.png" alt="picture">b'), "ab");
  });

  it("turns both edges of a block element into a space", () => {
    assert.equal(htmlToText("<p>a</p><p>b</p>"), " a  b ");
  });

  const blocks: ReadonlyArray<{ rule: string; html: string; expected: string }> = [
    { rule: "paragraphs never glue together", html: "<p>one</p><p>two</p>", expected: "one two" },
    { rule: "a line break separates words", html: "a<br>b", expected: "a b" },
    { rule: "a self-closing line break separates words", html: "a<br/>b", expected: "a b" },
    { rule: "a thematic break separates words", html: "a<hr>b", expected: "a b" },
    {
      rule: "list items are separate words",
      html: "<ul><li>one</li><li>two</li></ul>",
      expected: "one two",
    },
    {
      rule: "table cells are separate words",
      html: "<table><tr><td>1</td><td>2</td></tr></table>",
      expected: "1 2",
    },
    {
      rule: "a heading is separated from the following text",
      html: "<h2>Head</h2>text",
      expected: "Head text",
    },
    { rule: "a div is separated from its neighbours", html: "a<div>b</div>c", expected: "a b c" },
    {
      rule: "a blockquote is separated from its neighbours",
      html: "a<blockquote>b</blockquote>c",
      expected: "a b c",
    },
    { rule: "pre is separated from its neighbours", html: "a<pre>b</pre>c", expected: "a b c" },
    { rule: "upper-case block tags count as blocks", html: "<P>a</P><P>b</P>", expected: "a b" },
  ];
  for (const { rule, html, expected } of blocks) {
    it(rule, () => {
      assert.equal(shown(html), expected);
    });
  }

  const hidden: ReadonlyArray<{ rule: string; html: string; expected: string }> = [
    {
      rule: "script content vanishes",
      html: 'foo<script>document.title = "owned"</script>bar',
      expected: "foobar",
    },
    {
      rule: "style content vanishes",
      html: "<style>p { color: red }</style>text",
      expected: "text",
    },
    {
      rule: "template content vanishes",
      html: "<template>secret</template>shown",
      expected: "shown",
    },
    { rule: "upper-case SCRIPT content vanishes", html: "<SCRIPT>x</SCRIPT>y", expected: "y" },
    { rule: "an HTML comment vanishes", html: "a<!-- note -->b", expected: "ab" },
    {
      rule: "a stray closing script tag does not hide the text after it",
      html: "<script>a</script>b</script>c",
      expected: "bc",
    },
  ];
  for (const { rule, html, expected } of hidden) {
    it(rule, () => {
      assert.equal(htmlToText(html), expected);
    });
  }

  const entities: ReadonlyArray<{ rule: string; html: string; expected: string }> = [
    {
      rule: "&lt; and &gt; decode to the characters",
      html: "<code>&lt;div&gt;</code>",
      expected: "<div>",
    },
    {
      rule: "&amp;lt; decodes exactly once, to &lt;",
      html: "<p>a &amp;lt; b</p>",
      expected: "a &lt; b",
    },
    {
      rule: "&amp;amp; decodes exactly once, to &amp;",
      html: "<p>a &amp;amp; b</p>",
      expected: "a &amp; b",
    },
    {
      rule: "named and numeric entities decode",
      html: "&copy; &#x41; &#65; &quot;q&quot;",
      expected: '© A A "q"',
    },
    {
      rule: "&nbsp; decodes to a no-break space, which collapsing keeps",
      html: "x&nbsp;y",
      expected: "x\u00a0y",
    },
  ];
  for (const { rule, html, expected } of entities) {
    it(rule, () => {
      assert.equal(shown(html), expected);
    });
  }

  it("reads a Stack Exchange body: paragraphs, inline code and a code block with entities", () => {
    const body =
      "<p>Why does <code>&lt;div&gt;</code> fail?</p>\n\n" +
      "<pre><code>if (a &lt; b &amp;&amp; c) {\n    return;\n}\n</code></pre>\n\n" +
      "<p>Thanks!</p>";
    assert.equal(shown(body), "Why does <div> fail? if (a < b && c) { return; } Thanks!");
  });
});
