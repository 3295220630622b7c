import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Parser } from "htmlparser2";
import { splitTex } from "../../src/lib/math/tex-spans.ts";
import { renderBody } from "../../src/lib/body-html.ts";
import { texToMathml } from "../../src/lib/math/tex-mathml.ts";
import { decideMath } from "../../scripts/import/math-use.ts";
import { renderCommunityFile } from "../../scripts/import/community-file.ts";
import { communitySchema } from "../../src/schemas/community.ts";
import { texWarnings } from "../../src/core/tex-warnings.ts";

/**
 * MathML without the TeX kept beside each formula (`withTexAnnotation`), as Temml wrote it:
 * what most tests here compare.
 */
const unannotated = (html: string) =>
  html.replace(
    /<semantics><mrow>([\s\S]*?)<\/mrow><annotation encoding="application\/x-tex">[^<]*<\/annotation><\/semantics>/g,
    "$1",
  );

/** One formula's MathML, `unannotated`. */
const typeset = (source: string, display: boolean) => {
  const result = texToMathml(source, display);
  return "mathml" in result ? { mathml: unannotated(result.mathml) } : result;
};

/** A body rendered with `math: tex`, its MathML `unannotated`. */
const tex = (body: string, format: "markdown" | "html" = "markdown") => {
  const rendered = renderBody(body, format, 1, "tex");
  return { ...rendered, html: unannotated(rendered.html) };
};

/** Every element and attribute name of an HTML fragment, as a browser-like parser reads it. */
function names(html: string): { elements: Set<string>; attributes: Set<string> } {
  const elements = new Set<string>();
  const attributes = new Set<string>();
  const parser = new Parser({
    onopentag: (name, attribs) => {
      elements.add(name);
      for (const attribute of Object.keys(attribs)) attributes.add(attribute);
    },
  });
  parser.write(html);
  parser.end();
  return { elements, attributes };
}

describe("splitTex: Stack Exchange's delimiters", () => {
  it("reads $...$ and \\(...\\) inline, $$...$$ and \\[...\\] display", () => {
    assert.deepEqual(splitTex("a $x^2$ b $$\\frac12$$ c \\(y\\) d \\[z\\]"), [
      { text: "a " },
      { tex: "x^2", display: false, source: "$x^2$" },
      { text: " b " },
      { tex: "\\frac12", display: true, source: "$$\\frac12$$" },
      { text: " c " },
      { tex: "y", display: false, source: "\\(y\\)" },
      { text: " d " },
      { tex: "z", display: true, source: "\\[z\\]" },
    ]);
  });

  it("reads \\$ as a dollar sign, outside and inside a formula", () => {
    assert.deepEqual(splitTex("costs \\$5, or \\$10"), [{ text: "costs $5, or $10" }]);
    assert.deepEqual(splitTex("$a \\$ b$"), [
      { tex: "a \\$ b", display: false, source: "$a \\$ b$" },
    ]);
  });

  it('pairs the dollars of "it costs $5 and $10" as MathJax does: "5 and " is a formula', () => {
    assert.deepEqual(splitTex("it costs $5 and $10"), [
      { text: "it costs " },
      { tex: "5 and ", display: false, source: "$5 and $" },
      { text: "10" },
    ]);
  });

  it("leaves an unclosed opener, and an empty formula, as text", () => {
    assert.deepEqual(splitTex("just $5"), [{ text: "just $5" }]);
    assert.deepEqual(splitTex("$$ and $ $"), [{ text: "$$ and $ $" }]);
  });

  it("reads an environment standing alone as display math, the whole environment its TeX", () => {
    const align = "\\begin{align}\na &= b \\\\\n&= c\n\\end{align}";
    assert.deepEqual(splitTex(`so ${align} and \\begin{equation}x\\end{equation}.`), [
      { text: "so " },
      { tex: align, display: true, source: align },
      { text: " and " },
      {
        tex: "\\begin{equation}x\\end{equation}",
        display: true,
        source: "\\begin{equation}x\\end{equation}",
      },
      { text: "." },
    ]);
    // Its own end: an inner environment of another name is part of it.
    const nested = "\\begin{equation}\\begin{matrix}1\\end{matrix}\\end{equation}";
    assert.deepEqual(splitTex(nested), [{ tex: nested, display: true, source: nested }]);
  });

  it("leaves an environment with no end, or no name, as text", () => {
    assert.deepEqual(splitTex("\\begin{align} a &= b"), [{ text: "\\begin{align} a &= b" }]);
    assert.deepEqual(splitTex("\\begin{} x \\end{}"), [{ text: "\\begin{} x \\end{}" }]);
  });

  it("does not end a formula at a closer inside braces", () => {
    assert.deepEqual(splitTex("$\\text{a $ b}$!"), [
      { tex: "\\text{a $ b}", display: false, source: "$\\text{a $ b}$" },
      { text: "!" },
    ]);
  });
});

describe("renderBody with math: tex", () => {
  it("typesets inline and display formulas as MathML, in Markdown and HTML bodies", () => {
    const markdown = tex("Let $x_1 * y_1$ be\n\n$$\\sum_i a_i$$");
    assert.match(
      markdown.html,
      /<p>Let <math><mrow><msub><mi>x<\/mi><mn>1<\/mn><\/msub><mo>∗<\/mo>/,
    );
    assert.match(markdown.html, /<math display="block">/);
    // Inside the formula, `_` and `*` are TeX, not emphasis.
    assert.doesNotMatch(markdown.html, /<em>/);
    const html = tex("<p>Let $\\alpha$ and \\[\\beta\\]</p>", "html");
    assert.match(html.html, /<math><mi>α<\/mi><\/math>/);
    assert.match(html.html, /<math display="block"><mi>β<\/mi><\/math>/);
    assert.deepEqual([markdown.texLeft, html.texLeft], [[], []]);
  });

  it("keeps each formula's TeX as written in the MathML, as an annotation a reader can copy", () => {
    const { html } = renderBody("<p>If $a < b$ then \\[x^2\\]</p>", "html", 1, "tex");
    assert.match(
      html,
      /^<p>If <math><semantics><mrow>.*<\/mrow><annotation encoding="application\/x-tex">a &lt; b<\/annotation><\/semantics><\/math> then <math display="block"><semantics><mrow>.*<annotation encoding="application\/x-tex">x\^2<\/annotation><\/semantics><\/math><\/p>$/,
    );
  });

  it("never reads code as math: code spans, code blocks, <code> and <pre>", () => {
    const markdown = tex("`$x$` and\n\n    $$y$$\n\n```\n\\(z\\)\n```");
    assert.doesNotMatch(markdown.html, /<math/);
    assert.match(markdown.html, /<code>\$x\$<\/code>/);
    const html = tex("<p><code>$x$</code></p><pre><code>$$y$$</code></pre>", "html");
    assert.equal(html.html, "<p><code>$x$</code></p><pre><code>$$y$$</code></pre>");
  });

  it("shows an escaped dollar as a dollar", () => {
    assert.equal(tex("It costs \\$5 and \\$10.").html, "<p>It costs $5 and $10.</p>\n");
    assert.equal(tex("<p>It costs \\$5</p>", "html").html, "<p>It costs $5</p>");
  });

  it("leaves a body without math byte for byte as math: off does", () => {
    const body = "<p>Tom &amp; Jerry &lt;3 <em>a</em> 50% off</p>";
    assert.equal(tex(body, "html").html, renderBody(body, "html", 1, "off").html);
  });

  it("shows a formula it cannot parse as its source, and lists it", () => {
    const { html, texLeft } = tex("Broken: $\\frac{a$ and fine: $b$");
    assert.match(html, /Broken: \$\\frac\{a\$ and fine: <math>/);
    assert.equal(texLeft.length, 1);
    assert.equal(texLeft[0]?.source, "$\\frac{a$");
    assert.match(texLeft[0]?.reason ?? "", /end of input/);
  });

  it("escapes the source of a formula left as text", () => {
    const { html, texLeft } = tex("<p>$\\foo &lt;script&gt;alert(1)&lt;/script&gt;$</p>", "html");
    assert.equal(texLeft.length, 1);
    assert.equal(html, "<p>$\\foo &lt;script&gt;alert(1)&lt;/script&gt;$</p>");
  });

  it("lets an inline formula break where TeX would: after a top-level relation or operator", () => {
    // The stretches between breaks, as site.css lets a phone wrap them: one <mrow> each.
    const stretches = (source: string, display = false) => {
      const result = typeset(source, display);
      if (!("mathml" in result)) return result.error;
      const rows = /^<math(?: display="block")?>((?:<mrow>.*?<\/mrow>)*)<\/math>$/.exec(
        result.mathml,
      );
      const texts = rows?.[1]?.split("</mrow><mrow>").map((row) => row.replace(/<[^>]*>/g, ""));
      return texts ?? [result.mathml.replace(/<[^>]*>/g, "")];
    };
    assert.deepEqual(stretches("a + b = c"), ["a+", "b=", "c"]);
    assert.deepEqual(stretches("a + b = c", true), ["a+b=c"]);
    // Not after a closing delimiter, a function's name, or between operators: an operator
    // alone in its stretch would lose its spaces in Chromium.
    assert.deepEqual(stretches(String.raw`|\psi\rangle \in \mathcal H`), ["|ψ⟩∈", "ℋ"]);
    assert.deepEqual(stretches(String.raw`\sin x + 1`), ["sin\u2061x+", "1"]);
    assert.deepEqual(stretches("a := b"), ["a:=", "b"]);
    // A formula that is an operator between texts is left to MathML's own layout.
    assert.doesNotMatch(
      (texToMathml(String.raw`\text{Factoring} \in \text{P}`, false) as { mathml: string }).mathml,
      /^<math><mrow>/,
    );
  });
});

describe("TeX as the live sites' MathJax reads it", () => {
  /** The text a reader sees of a fragment: its MathML's letters (less the invisible function
   * application an operator name ends with), its source's characters. */
  const seen = (html: string) => html.replace(/<[^>]*>|\u2061/g, "");

  it("applies a post's \\newcommand to its later formulas, as answer 1430 of quantumcomputing", () => {
    const body = [
      "<p>$\\newcommand{\\xtarget}{\\boldsymbol{x}_{\\operatorname{target}}}",
      "\\newcommand{\\bs}[1]{{\\boldsymbol #1}}\\newcommand{\\on}[1]{{\\operatorname{#1}}}$No.</p>",
      "<p>Say $\\xtarget$, with $\\bs x_k=1234$, returns $\\on{yes}$.</p>",
    ].join("");
    const { html, texLeft } = tex(body, "html");
    assert.deepEqual(texLeft, []);
    assert.equal(seen(html), "No.Say 𝒙target, with 𝒙k=1234, returns yes.");
  });

  it("aligns align's columns as TeX does, right then left, in MathML's own columnalign", () => {
    const { html } = tex(
      "<p>\\begin{align} f(x) &amp;= a + b \\\\ &amp;= c \\end{align}</p>",
      "html",
    );
    const cells = [...html.matchAll(/<mtd( columnalign="\w+")?>/g)].map(([, align]) => align ?? "");
    // An empty column, then the two that meet at the `=`, then an empty one (Temml's).
    const [, left, right] = cells;
    assert.deepEqual(
      [left, right, cells.length],
      [' columnalign="right"', ' columnalign="left"', 8],
    );
  });

  it("typesets environments written without dollars, with the post's macros, as question 1869", () => {
    const body = [
      "<p>$\\newcommand{\\qr}[1]{|#1\\rangle}$Q.</p>",
      "<p>\\begin{align}\n  f(\\qr{x}) &amp;= U_f\\qr{x}\\\\\n  &amp;= \\qr{0}\n\\end{align}</p>",
      "<p>\\begin{eqnarray} a &amp;=&amp; b \\end{eqnarray}</p>",
    ].join("");
    const { html, texLeft } = tex(body, "html");
    assert.deepEqual(texLeft, []);
    assert.doesNotMatch(html, /\\begin|\\end/);
    assert.equal(html.match(/<math display="block">/g)?.length, 2);
    assert.equal(seen(html), "Q.f(|x⟩)=Uf|x⟩=|0⟩a=b");
    const markdown = tex(
      "Then\n\n\\begin{align}\na &= b\n\\end{align}\n\nand `\\begin{x}` stays code.",
    );
    assert.deepEqual(markdown.texLeft, []);
    assert.match(markdown.html, /<math display="block">/);
    assert.match(markdown.html, /<code>\\begin\{x\}<\/code>/);
  });

  it("keeps a post's macros to that post", () => {
    tex("$\\newcommand{\\bs}{\\boldsymbol}$ and $\\bs{x}$");
    const { html, texLeft } = tex("Another post: $\\bs{x}$");
    assert.equal(html, "<p>Another post: $\\bs{x}$</p>\n");
    assert.equal(texLeft.length, 1);
  });

  it("lets a post redefine a built-in, and \\def and \\DeclareMathOperator define", () => {
    const { html, texLeft } = tex(
      [
        "$\\newcommand{\\ket}[1]{K#1}\\renewcommand{\\bra}[1]{B#1}$",
        "$\\ket{0}\\bra{1}$,",
        "$\\def\\half{h}\\DeclareMathOperator{\\Tr}{Tr}$",
        "$\\half\\Tr\\rho$",
      ].join(" "),
    );
    assert.deepEqual(texLeft, []);
    assert.equal(seen(html), " K0B1,  hTrρ\n");
  });

  it("loads nothing for \\require{...}, as an extension MathJax already has", () => {
    const { html, texLeft } = tex("$\\require{physics} x$ and $\\require{\\mhchem}\\ce{He}$");
    assert.deepEqual(texLeft, []);
    assert.equal(seen(html), "x and He\n");
  });

  it("reads \\mbox as text", () => {
    const { html, texLeft } = tex("$$\\sqrt{\\mbox{SWAP}}$$");
    assert.deepEqual(texLeft, []);
    assert.match(html, /<msqrt><mtext>SWAP<\/mtext><\/msqrt>/);
  });

  it("lays out eqnarray and eqnarray* as MathJax does: three columns, in display style", () => {
    for (const name of ["eqnarray", "eqnarray*"]) {
      const { html, texLeft } = tex(`$$\\begin{${name}} a &=& b \\\\ cd &\\to& e \\end{${name}}$$`);
      assert.deepEqual(texLeft, [], name);
      const rows = [...html.matchAll(/<mtr>(.*?)<\/mtr>/g)].map(([, row]) => seen(row ?? ""));
      assert.deepEqual(rows, ["a=b", "cd→e"], name);
      assert.equal(html.match(/<mtd/g)?.length, 6, name);
      assert.match(html, /<mtable displaystyle="true">/, name);
    }
  });

  it("reads # in text as itself, as in \\text{# of qubits}", () => {
    const { html, texLeft } = tex("$$\\begin{array}{c}\\text{# of qubits} \\\\ 8\\end{array}$$");
    assert.deepEqual(texLeft, []);
    // Temml writes the spaces of a text as no-break spaces.
    assert.match(html, /<mtext>#\u00a0of\u00a0qubits<\/mtext>/);
  });

  it("takes a bare \\sum as a subscript, as in $V_\\sum$", () => {
    const { html, texLeft } = tex("$V_\\sum = a$ and $W^\\sum_\\prod$");
    assert.deepEqual(texLeft, []);
    assert.equal(seen(html), "V∑=a and W∏∑\n");
  });

  it("names what it did not understand in the warning, and does not blame valid TeX", () => {
    const { texLeft } = tex(
      "A box: $\\enclose{circle}{x}$, and $$\\begin{flalign} a \\end{flalign}$$.",
    );
    const lines = texWarnings({
      fileOfId: new Map([["q", "questions/q.md"]]),
      texLeftOf: new Map([["q", texLeft]]),
    });
    assert.deepEqual(lines, [
      '[math] questions/q.md: left as TeX source: "$\\\\enclose{circle}{x}$" (Temml does not know the command \\enclose)',
      '[math] questions/q.md: left as TeX source: "$$\\\\begin{flalign} a \\\\end{flalign}$$" (Temml does not know the environment flalign)',
    ]);
  });
});

describe("TeX cannot smuggle in links, data or styles", () => {
  const attacks = [
    "\\href{javascript:alert(1)}{click}",
    "\\url{javascript:alert(1)}",
    "\\htmlData{foo=bar}{x}",
    "\\htmlId{x}{y}",
    "\\htmlClass{x}{y}",
    "\\htmlStyle{background:url(https://example.com/a.png)}{x}",
    "\\style{background:url(https://example.com/a.png)}{x}",
    "\\class{x}{y}",
    "\\includegraphics{https://example.com/a.png}",
  ];
  for (const attack of attacks) {
    it(`${attack} is left as source`, () => {
      const { html, texLeft } = tex(`<p>$${attack}$</p>`, "html");
      assert.equal(texLeft.length, 1);
      assert.doesNotMatch(html, /<math|href=|data-|style=|class=|<img/);
    });
  }

  it("a post's own MathML is still dropped, whole", () => {
    const { html } = tex(
      '<math><mi href="javascript:alert(1)">x</mi><maction actiontype="statusline">y</maction></math><p>$z$</p>',
      "html",
    );
    assert.equal(html, "<p><math><mi>z</mi></math></p>");
  });

  it("MathML keeps only the allowlisted elements and attributes", () => {
    const allowedElements = new Set(
      "math semantics annotation mrow mi mn mo ms mtext mspace mpadded mphantom mstyle menclose mfrac msqrt mroot msub msup msubsup munder mover munderover mmultiscripts mprescripts none mtable mtr mtd".split(
        " ",
      ),
    );
    const mathml = [
      "\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}",
      "\\color{red}{x}\\rule{1em}{2em}\\cancel{y}\\sqrt[3]{z}\\overbrace{a}^{b}",
      "\\tag{1} x",
      "{}^{14}_{6}C",
    ].map((formula) => {
      const typeset = texToMathml(formula, true);
      assert.ok("mathml" in typeset, formula);
      return typeset.mathml;
    });
    const { elements, attributes } = names(mathml.join(""));
    for (const element of elements) assert.ok(allowedElements.has(element), element);
    for (const attribute of ["style", "class", "id", "href", "xmlns"]) {
      assert.ok(!attributes.has(attribute), attribute);
    }
  });

  it("sets a script level only where the Nu HTML Checker allows it: on an mstyle around", () => {
    // Temml keeps Chromium from shrinking scripts past \scriptscriptstyle with a scriptlevel on
    // the script itself, which the checker's MathML schema allows on <mstyle> and <math> only.
    assert.deepEqual(typeset("e^{\\frac{i\\pi}{4}}", false), {
      mathml:
        '<math><msup><mi>e</mi><mfrac><mstyle scriptlevel="2"><mrow><mi>i</mi><mi>π</mi></mrow></mstyle><mstyle scriptlevel="2"><mn>4</mn></mstyle></mfrac></msup></math>',
    });
    assert.deepEqual(typeset("\\boxed{x}", false), {
      mathml:
        '<math><mstyle scriptlevel="0" displaystyle="true"><mrow><mi>x</mi></mrow></mstyle></math>',
    });
    for (const formula of ["x^{2^{2^n}}", "\\frac{1}{2^{\\frac{1}{4}}}", "\\small{x}"]) {
      const typeset = texToMathml(formula, true);
      assert.ok("mathml" in typeset, formula);
      const levelled = new Set<string>();
      const parser = new Parser({
        onopentag: (name, attribs) => {
          if ("scriptlevel" in attribs || "displaystyle" in attribs) levelled.add(name);
        },
      });
      parser.write(typeset.mathml);
      parser.end();
      assert.deepEqual(
        [...levelled].filter((name) => !/^(math|mstyle)$/.test(name)),
        [],
        formula,
      );
    }
  });

  it("keeps only text in a token element, as HTML reads it (the checker wants no elements)", () => {
    // Temml writes \mathop{\mathrm{dim}} as an <mo> around an <mpadded>: inside an <mo>, HTML
    // reads <mpadded> and <mi> as unknown HTML elements, so the reader sees their text anyway.
    assert.deepEqual(typeset("\\mathop{\\mathrm{dim}} x", false), {
      mathml:
        '<math><mrow><mo lspace="0.1667em" rspace="0.1667em">dim</mo><mi>x</mi></mrow></math>',
    });
  });

  it("caps the size a formula may ask for", () => {
    const typeset = texToMathml("\\rule{100000em}{100000em}", false);
    assert.ok("mathml" in typeset);
    assert.match(typeset.mathml, /width="40em"/);
  });
});

describe("math: in community.yaml and the importer", () => {
  it("is off by default, tex when asked, and nothing else", () => {
    assert.equal(communitySchema.parse({ name: "Q" }).math, "off");
    assert.equal(communitySchema.parse({ name: "Q", math: "tex" }).math, "tex");
    const result = communitySchema.safeParse({ name: "Q", math: "latex" });
    assert.ok(!result.success);
    assert.match(result.error.issues[0]?.message ?? "", /must be tex or off, not the text "latex"/);
  });

  it("turns math on from 5% of posts with TeX, and --math / --no-math win", () => {
    assert.equal(decideMath({ posts: 1672, withTex: 883 }, undefined), true);
    assert.equal(decideMath({ posts: 2538, withTex: 15 }, undefined), false);
    assert.equal(decideMath({ posts: 0, withTex: 0 }, undefined), false);
    assert.equal(decideMath({ posts: 2538, withTex: 15 }, true), true);
    assert.equal(decideMath({ posts: 1672, withTex: 883 }, false), false);
  });

  it("writes math: tex only when on", () => {
    assert.match(
      renderCommunityFile({ name: "Q", attribution: "credit", source: "from", math: true }),
      /^math: "tex"$/m,
    );
    assert.doesNotMatch(
      renderCommunityFile({ name: "Q", attribution: "credit", source: "from" }),
      /math:/,
    );
  });
});
