import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { bodyPlainTextStart, bodyToPlainText } from "../../src/lib/plain-text.ts";

interface Case {
  rule: string;
  body: string;
  expected: string;
}

function table(title: string, cases: readonly Case[]): void {
  describe(title, () => {
    for (const { rule, body, expected } of cases) {
      it(rule, () => {
        assert.equal(bodyToPlainText(body), expected);
      });
    }
  });
}

describe("bodyToPlainText", () => {
  table("inline markup is removed and adds no whitespace", [
    { rule: "emphasis and strong keep their text", body: "a *b* __c__ d", expected: "a b c d" },
    { rule: "emphasis glued to a word stays glued", body: "*a*b", expected: "ab" },
    {
      rule: "inline code keeps its text",
      body: "Use `while read -r line`; it keeps **backslashes** as typed.",
      expected: "Use while read -r line; it keeps backslashes as typed.",
    },
    { rule: "strong around code keeps both texts", body: "**`code` bold**", expected: "code bold" },
    {
      rule: "a link keeps its text, not its URL",
      body: "[link text](http://example.com) here",
      expected: "link text here",
    },
    { rule: "a link glued to a word stays glued", body: "[a](http://x.com)b", expected: "ab" },
    {
      rule: "an autolink keeps its URL",
      body: "see <https://auto.link/x>",
      expected: "see https://auto.link/x",
    },
    { rule: "an email autolink keeps its address", body: "<foo@bar.com>", expected: "foo@bar.com" },
    {
      rule: "a bare URL stays as typed",
      body: "see http://bare.url/x",
      expected: "see http://bare.url/x",
    },
    { rule: "an image adds nothing", body: "![alt text](img.png) after", expected: "after" },
    { rule: "inline HTML spans add nothing", body: "a<span>b</span>c", expected: "abc" },
    {
      rule: "inline HTML kbd keeps its text",
      body: "Use <kbd>Ctrl</kbd>+<kbd>C</kbd>",
      expected: "Use Ctrl+C",
    },
    { rule: "a backslash escape shows the character", body: "x\\*y\\*", expected: "x*y*" },
  ]);

  table("block boundaries and line breaks become one space", [
    {
      rule: "a soft line break becomes a space",
      body: "line one\nline two",
      expected: "line one line two",
    },
    {
      rule: "a hard line break (two spaces) becomes a space",
      body: "hard  \nbreak",
      expected: "hard break",
    },
    { rule: "a hard line break (backslash) becomes a space", body: "a\\\nb", expected: "a b" },
    {
      rule: "paragraphs are separated by one space",
      body: "first\n\n\n\nsecond",
      expected: "first second",
    },
    {
      rule: "a heading is separated from its paragraph",
      body: "# Heading\ntext",
      expected: "Heading text",
    },
    {
      rule: "a setext heading keeps its text, not its underline",
      body: "Title\n=====\n\npara",
      expected: "Title para",
    },
    {
      rule: "a blockquote keeps its text, not its marker",
      body: "> quote\n\ntext",
      expected: "quote text",
    },
    { rule: "CRLF line endings read like LF", body: "a\r\nb\r\n\r\nc", expected: "a b c" },
    {
      rule: "raw HTML paragraphs without a newline between still separate",
      body: "<p>one</p><p>two</p>",
      expected: "one two",
    },
    {
      rule: "a raw HTML heading separates from the text after it",
      body: "<h2>Head</h2>text",
      expected: "Head text",
    },
    {
      rule: "raw HTML list items are separate words",
      body: "<ul><li>one</li><li>two</li></ul>",
      expected: "one two",
    },
  ]);

  table("lists, breaks and reference definitions vanish", [
    {
      rule: "bullet and ordered list markers vanish",
      body: "- one\n- two\n\n1. three\n2. four",
      expected: "one two three four",
    },
    { rule: "nested list markers vanish", body: "1. a\n   - b\n2. c", expected: "a b c" },
    {
      rule: "a thematic break between paragraphs vanishes",
      body: "a\n\n---\n\nb",
      expected: "a b",
    },
    { rule: "a body of only *** is empty", body: "***", expected: "" },
    { rule: "a body of only * * * is empty", body: "* * *", expected: "" },
    { rule: "a body of only ___ is empty", body: "___", expected: "" },
    {
      rule: "a link reference definition vanishes; the reference keeps its text",
      body: '[ref]\n\n[ref]: http://example.com "title"',
      expected: "ref",
    },
  ]);

  table("code keeps its text", [
    {
      rule: "a fenced code block keeps its text, not its info string",
      body: "```js\nconst x = 1 < 2;\n```",
      expected: "const x = 1 < 2;",
    },
    {
      rule: "an indented code block keeps its lines",
      body: "    indented code\n    line2",
      expected: "indented code line2",
    },
    { rule: "runs of spaces inside code collapse too", body: "`a    b`", expected: "a b" },
    {
      rule: "an HTML comment inside a code span stays as text",
      body: "`<!-- x -->`",
      expected: "<!-- x -->",
    },
  ]);

  table("comments, script and style vanish", [
    { rule: "an inline HTML comment vanishes", body: "a <!-- hidden --> b", expected: "a b" },
    { rule: "a comment glued to words adds nothing", body: "a<!--b-->c", expected: "ac" },
    {
      rule: "a block HTML comment with blank lines vanishes",
      body: "<!--\n\ncomment\n\n-->\nafter",
      expected: "after",
    },
    {
      rule: "a script block vanishes",
      body: '<p>Because titles are plain text &amp; never markup.</p>\n<script>document.title = "owned"</script>',
      expected: "Because titles are plain text & never markup.",
    },
    {
      rule: "an inline script vanishes",
      body: "foo<script>hidden</script>bar",
      expected: "foobar",
    },
    { rule: "a style block vanishes", body: "<style>p{color:red}</style>text", expected: "text" },
  ]);

  table("entities are decoded exactly once", [
    {
      rule: "&amp;lt; in text shows &lt;",
      body: "&amp;lt; is how you write <",
      expected: "&lt; is how you write <",
    },
    { rule: "&lt; in a code span shows &lt; literally", body: "`&lt;`", expected: "&lt;" },
    {
      rule: "&amp; in a fenced code block shows &amp; literally",
      body: "```\n&lt; &amp;\n```",
      expected: "&lt; &amp;",
    },
    {
      rule: "named and numeric entities in text decode",
      body: "&copy; &#x41; &#65;",
      expected: "© A A",
    },
    {
      rule: "an entity without its semicolon is not an entity in Markdown",
      body: "AT&T &copy",
      expected: "AT&T &copy",
    },
    {
      rule: "&amp;amp; in raw HTML shows &amp;",
      body: "<p>a &amp;amp; b</p>",
      expected: "a &amp; b",
    },
    {
      rule: "a tab written as &#9; is whitespace and collapses",
      body: "term&#9;tab",
      expected: "term tab",
    },
  ]);

  table("a no-break space stays", [
    { rule: "&nbsp; becomes U+00A0", body: "x&nbsp;y", expected: "x\u00a0y" },
    {
      rule: "spaces around &nbsp; collapse on each side, the no-break space stays",
      body: "a  &nbsp;  b",
      expected: "a \u00a0 b",
    },
    { rule: "a typed no-break space stays", body: "x\u00a0y", expected: "x\u00a0y" },
  ]);

  table("characters stay as typed", [
    {
      rule: "no smart quotes, dashes, ellipses or symbols",
      body: "\"a\" 'b' -- --- ... (c) (tm) +-",
      expected: "\"a\" 'b' -- --- ... (c) (tm) +-",
    },
    { rule: "a lone < and > stay", body: "a < b > c", expected: "a < b > c" },
    { rule: "a single tilde pair is not subscript", body: "H~2~O", expected: "H~2~O" },
    { rule: "a task-list box stays as typed", body: "* [ ] task", expected: "[ ] task" },
  ]);

  table("GitHub tables and strikethrough are read as Markdown", [
    {
      rule: "table cells become words, delimiter row vanishes",
      body: "| a | b |\n|---|---|\n| c | d |",
      expected: "a b c d",
    },
    {
      rule: "an escaped pipe in a cell stays as a pipe",
      body: "| a |\n|---|\n| `x \\| y` |",
      expected: "a x | y",
    },
    {
      rule: "strikethrough keeps its text, without tildes",
      body: "~~gone~~ kept",
      expected: "gone kept",
    },
    { rule: "strikethrough glued to words adds nothing", body: "a~~b~~c", expected: "abc" },
  ]);

  table("Stack Exchange HTML bodies", [
    {
      rule: "paragraphs, inline code and a code block with escaped markup read as text",
      body:
        "<p>Use <code>&lt;div&gt;</code> here</p>\n\n" +
        "<pre><code>&lt;div class=&quot;x&quot;&gt;\n    &amp;amp;\n&lt;/div&gt;\n</code></pre>",
      expected: 'Use <div> here <div class="x"> &amp; </div>',
    },
    {
      rule: "a code block with a blank line inside stays one block",
      body: "<pre><code>if (a &lt; b) {\n\n  return;\n}</code></pre>",
      expected: "if (a < b) { return; }",
    },
    {
      rule: "Markdown inside an HTML block is not read as Markdown",
      body: "<div>\n*not emphasis*\n</div>",
      expected: "*not emphasis*",
    },
  ]);

  table("empty bodies", [
    { rule: "an empty body is empty", body: "", expected: "" },
    { rule: "a whitespace-only body is empty", body: "  \n\n\t  ", expected: "" },
  ]);
});

describe("bodyPlainTextStart", () => {
  const paragraph = (word: string) => `${`${word} `.repeat(200).trim()}.`;
  const longBody = (tail: string) =>
    `${Array.from({ length: 8 }, (_, i) => paragraph(`w${i}`)).join("\n\n")}\n\n${tail}`;

  it("returns a prefix of the whole text, longer than needed, for a long body", () => {
    const body = longBody("The end.");
    const whole = bodyToPlainText(body);
    const start = bodyPlainTextStart(body, 200);
    assert.ok(start.length > 200 && start.length < whole.length, `length ${start.length}`);
    assert.ok(whole.startsWith(start));
  });

  it("reads everything when a link reference definition follows the cut", () => {
    const body = `See [the docs][1].\n\n${longBody("[1]: https://example.com/docs")}`;
    const start = bodyPlainTextStart(body, 200);
    assert.ok(start.startsWith("See the docs. w0 w0"), start.slice(0, 40));
    assert.equal(start, bodyToPlainText(body));
  });

  it("reads everything when the head has too little text (a long comment)", () => {
    const body = `<!--\n\n${longBody("-->")}\n\nVisible text after the comment.`;
    assert.equal(bodyPlainTextStart(body, 200), "Visible text after the comment.");
  });

  it("keeps code of a fence that the cut leaves open", () => {
    const code = Array.from({ length: 120 }, (_, i) => `line_${i}();\n`).join("\n");
    const body = `Intro.\n\n\`\`\`js\n${code}\`\`\`\n\nAfter.`;
    const start = bodyPlainTextStart(body, 200);
    assert.ok(start.startsWith("Intro. line_0(); line_1();"), start.slice(0, 40));
    assert.ok(bodyToPlainText(body).startsWith(start));
  });

  it("returns the whole text of a short body", () => {
    assert.equal(bodyPlainTextStart("Short *body*.", 200), "Short body.");
  });
});
