import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { renderBodyHtml } from "../../src/lib/body-html.ts";
import { highlightCode, knowsLanguage } from "../../src/lib/code-highlight.ts";
import { TAG_LANGUAGES } from "../../src/lib/code-language.ts";
import { communitySchema, type Community } from "../../src/schemas/community.ts";
import { communityWith, pagesOf } from "../helpers/content-in-memory.ts";

/*
 * Code blocks coloured at build time: by the language their fence names, into the palette's
 * classes, their text unchanged and still text.
 */

/** The text a block's HTML shows, as a browser reads it. */
function shownText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

describe("a code block", () => {
  it("is coloured by its fence's language, in the palette's classes only", () => {
    assert.equal(
      renderBodyHtml('```js\nconst a = "x" < 3; // note\n```', "markdown"),
      '<pre><code class="language-js"><span class="k">const</span> a = <span class="s">"x"</span> &lt; <span class="n">3</span>; <span class="c">// note</span>\n</code></pre>\n',
    );
  });

  it("colours Python's calls as functions, its keywords and built-ins staying theirs", () => {
    assert.equal(
      highlightCode("qc = QuantumCircuit(2)\nqc.h(0)\nprint(len(qc))", "python"),
      'qc = <span class="f">QuantumCircuit</span>(<span class="n">2</span>)\nqc.<span class="f">h</span>(<span class="n">0</span>)\n<span class="k">print</span>(<span class="b">len</span>(qc))',
    );
  });

  it("colours the languages of quantumcomputing's tags: Q# and LaTeX", () => {
    assert.match(
      highlightCode("operation Bell(q : Qubit) : Unit { H(q); }", "qsharp") ?? "",
      /<span class="k">operation<\/span>/,
    );
    assert.match(
      highlightCode("\\begin{tikzpicture} % a circuit", "latex") ?? "",
      /<span class="c">% a circuit<\/span>/,
    );
  });

  it("knows Stack Exchange's names and aliases", () => {
    for (const language of ["c#", "csharp", "sh", "bash", "py", "hs", "haskell", "html", "sql"]) {
      assert.notEqual(highlightCode("x = 1", language), undefined, language);
    }
  });

  it("stays plain with no language, an unknown one, or one that means none; inline code too", () => {
    for (const fence of ["", "brainfuck-2", "none", "lang-none", "text"]) {
      assert.equal(
        renderBodyHtml(`\`\`\`${fence}\nif (a) b;\n\`\`\``, "markdown"),
        fence === "" || fence === "brainfuck-2"
          ? `<pre><code${fence === "" ? "" : ` class="language-${fence}"`}>if (a) b;\n</code></pre>\n`
          : `<pre><code class="language-${fence}">if (a) b;\n</code></pre>\n`,
      );
    }
    assert.equal(renderBodyHtml("`const a`", "markdown"), "<p><code>const a</code></p>\n");
  });

  it("keeps hostile code as its text: nothing in it becomes markup", () => {
    const code =
      '</code></pre><script>alert(1)</script><img src=x onerror="alert(2)"> &amp; &lt; ]]>';
    for (const language of ["html", "js", "python"]) {
      const html = renderBodyHtml(`\`\`\`${language}\n${code}\n\`\`\``, "markdown");
      assert.equal(shownText(html), `${code}\n\n`, language);
      assert.doesNotMatch(html, /<(?!\/?(?:pre|code|span)\b)/, language);
      assert.doesNotMatch(html, /style=|<span (?!class="[kfnsbctud]">)/, language);
    }
  });

  it("takes Stack Exchange's hints: the dumps' lang- classes, and language comments", () => {
    const coloured = /<span class="k">def<\/span>/;
    assert.match(
      renderBodyHtml(
        '<pre class="lang-python prettyprint-override"><code>def f(): pass</code></pre>',
        "html",
      ),
      /^<pre class="lang-python"><code><span class="k">def<\/span>/,
    );
    assert.match(
      renderBodyHtml('<pre><code class="lang-py">def f(): pass</code></pre>', "html"),
      coloured,
    );
    assert.match(
      renderBodyHtml("<!-- language: lang-python -->\n\n    def f(): pass\n", "markdown"),
      /<pre class="lang-python"><code><span class="k">def<\/span>/,
    );
    assert.match(
      renderBodyHtml("<!-- language: python -->\n<pre><code>def f(): pass</code></pre>", "html"),
      coloured,
    );
  });

  it("takes a post's language-all for blocks with no language of their own", () => {
    const html = renderBodyHtml(
      "<!-- language-all: lang-python -->\n\n```\ndef f(): pass\n```\n\n```js\nlet a;\n```\n",
      "markdown",
    );
    assert.match(html, /<pre><code><span class="k">def<\/span>/);
    assert.match(html, /<code class="language-js"><span class="k">let<\/span>/);
  });

  it("leaves lang-none plain, and keeps no class a post adds beside its hint", () => {
    assert.equal(
      renderBodyHtml('<pre class="lang-none"><code>def f(): pass</code></pre>', "html"),
      '<pre class="lang-none"><code>def f(): pass</code></pre>',
    );
    assert.equal(
      renderBodyHtml('<pre class="lang-python k s"><code class="k">x</code></pre>', "html"),
      '<pre class="lang-python"><code>x</code></pre>',
    );
  });
});

describe("a coloured block's bytes", () => {
  it("hold one span per run of a colour, white space between two runs inside it", () => {
    assert.equal(
      highlightCode("export default async function f() {}", "js"),
      '<span class="k">export default async function</span> <span class="f">f</span>() {}',
    );
  });

  it("are at most 2.5 times the plain block's: the least telling colours go first", () => {
    const items = Array.from({ length: 40 }, (_, index) => `${index}, "value number ${index}"`);
    const code = `[${items.join(", ")}]\n`;
    const plain = `<pre><code class="language-js">${code}</code></pre>\n`;
    const html = renderBodyHtml(`\`\`\`js\n${code}\`\`\``, "markdown");
    assert.ok(html.length <= 2.5 * plain.length, `${html.length} against ${plain.length}`);
    assert.match(html, /<span class="s">"value number 0"<\/span>/);
    assert.doesNotMatch(html, /<span class="n">/);
    assert.equal(shownText(html), shownText(plain));
    const all = highlightCode(code, "js") ?? "";
    assert.ok(all.length > 2.5 * plain.length, "the test's block must outgrow the cap in full");
  });
});

describe("code that names no language", () => {
  const community = communityWith();
  const question = (tags: string, body: string) =>
    `---\ntitle: Q\ntags: [${tags}]\nasked: 2024-01-01\n---\n${body}\n`;
  const answer = (body: string) => `---\nquestion: "1"\nanswered: 2024-01-02\n---\n${body}\n`;
  const plain = "```\ndef f(): pass\n```";
  const coloured = /<pre><code><span class="k">def<\/span>/;
  const questionHtml = (settings: Community, tags: string, body: string) =>
    pagesOf(settings, { "1": question(tags, body) }).pages?.get("1")?.bodyHtml ?? "";

  it("takes the language of the question's first tag that names one, in its answers too", () => {
    const { pages } = pagesOf(
      community,
      { "1": question("homework, python", plain) },
      { "2": answer(plain) },
    );
    const page = pages?.get("1");
    assert.match(page?.bodyHtml ?? "", coloured);
    assert.match(page?.answers[0]?.bodyHtml ?? "", coloured);
  });

  it("keeps a block's own language, or none, and the post's language-all, over the tags'", () => {
    const body = "```none\ndef f(): pass\n```\n\n```brainfuck-2\ndef f(): pass\n```";
    assert.doesNotMatch(questionHtml(community, "python", body), /<span/);
    const all = `<!-- language-all: lang-none -->\n\n${plain}`;
    assert.equal(
      questionHtml(community, "python", all).trimStart(),
      '<pre class="lang-none"><code>def f(): pass\n</code></pre>\n',
    );
    const ruby = `<!-- language-all: ruby -->\n\n${plain}`;
    assert.match(questionHtml(community, "python", ruby), /<span class="f">f<\/span>/);
  });

  it("takes the community's table over the default, and its default language last", () => {
    const ruby = /<pre><code><span class="k">def<\/span> <span class="f">f<\/span>\(\): pass/;
    const withTable = communityWith({ codeLanguages: { homework: "ruby", python: "none" } });
    assert.match(questionHtml(withTable, "homework, python", plain), ruby);
    assert.doesNotMatch(questionHtml(withTable, "python", plain), /<span/);
    const withDefault = communityWith({ codeLanguage: "python" });
    assert.match(questionHtml(withDefault, "homework", plain), coloured);
    assert.doesNotMatch(questionHtml(community, "homework", plain), /<span/);
  });

  it("names in its default table only languages code is coloured in", () => {
    const unknown = [...TAG_LANGUAGES].filter(([, language]) => !knowsLanguage(language));
    assert.deepEqual(unknown, []);
  });

  it("checks community.yaml's languages", () => {
    const read = communitySchema.safeParse({
      name: "x",
      codeLanguage: "klingon",
      codeLanguages: { ipa: "beer", "Not A Tag": "python", cli: "none" },
    });
    const fix =
      "use one such as python, javascript, csharp, bash or haskell (src/lib/code-highlight.ts has them all), or none for plain";
    assert.deepEqual(
      read.error?.issues.map(({ path, message }) => `${path.join(".")}: ${message}`),
      [
        `codeLanguage: "klingon" is not a language code is coloured in; ${fix}`,
        `codeLanguages.ipa: "beer" is not a language code is coloured in; ${fix}`,
        `codeLanguages.Not A Tag: "Not A Tag" is not a tag; tags are lower-case letters, digits, "." and "-", as the questions' tags: fields write them`,
      ],
    );
  });
});
