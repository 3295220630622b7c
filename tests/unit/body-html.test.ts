import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Parser } from "htmlparser2";
import { renderBody, renderBodyHtml } from "../../src/lib/body-html.ts";

interface Element {
  name: string;
  attributes: Record<string, string>;
}

/** The elements of an HTML fragment and its text, as htmlparser2 reads them (entities decoded). */
function read(html: string): { elements: Element[]; text: string } {
  const elements: Element[] = [];
  let text = "";
  const parser = new Parser(
    {
      onopentag: (name, attributes) => elements.push({ name, attributes }),
      ontext: (part) => (text += part),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { elements, text };
}

/*
 * What a body may hold, written out here rather than imported, so the tests do not check the
 * sanitizer against its own settings.
 */
const ALLOWED_ELEMENTS = new Set(
  [
    "p br hr h2 h3 h4 h5 h6 div span em strong b i u s del ins sup sub small mark abbr q cite",
    "kbd samp var code pre wbr blockquote ul ol li dl dt dd",
    "table caption thead tbody tfoot tr th td a details summary",
  ]
    .join(" ")
    .split(" "),
);
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  // `class` only as an image shown as a link (`image-link`), checked below.
  a: ["href", "title", "rel", "class"],
  abbr: ["title"],
  ol: ["start", "reversed"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  details: ["open"],
  code: ["class"],
  pre: ["class"],
  // The highlighter's, inside code blocks only (src/lib/code-highlight.ts): never a post's.
  span: ["class"],
};
const FORBIDDEN_ELEMENTS =
  "script iframe frame frameset object embed applet param form input button select option " +
  "textarea isindex keygen base meta link style svg math img image picture source video audio " +
  "track noscript template xmp plaintext marquee h1 title body html head";
const FORBIDDEN_ATTRIBUTES = ["style", "src", "srcset", "background", "poster", "action", "data"];
const EXTERNAL_REL = "nofollow noopener noreferrer";

/**
 * Whether an address is one a body may link to: read as a browser reads it (every space and
 * control character gone), it is http(s), mailto, a fragment or a relative path, and never
 * protocol-relative.
 */
function isSafeHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  const cleaned = href.replace(/[\x00-\x20]/g, "").toLowerCase();
  if (/^(javascript|data|vbscript):/.test(cleaned)) return false;
  const scheme = /^([a-z][a-z\d+.-]*):/.exec(cleaned)?.[1];
  if (scheme !== undefined) return ["http", "https", "mailto"].includes(scheme);
  return !/^[/\\]{2}/.test(cleaned);
}

/** Fails unless the HTML can run nothing, load nothing and link only to safe addresses. */
function assertInert(html: string): void {
  // Text is always escaped, so a `<` followed by a name in the output starts a real tag.
  const rawTag = new RegExp(`</?(${FORBIDDEN_ELEMENTS.split(" ").join("|")})[\\s/>]`, "i");
  assert.doesNotMatch(html, rawTag);
  for (const { name, attributes } of read(html).elements) {
    assert.ok(!FORBIDDEN_ELEMENTS.split(" ").includes(name), `<${name}> in ${html}`);
    assert.ok(ALLOWED_ELEMENTS.has(name), `<${name}> is not on the list, in ${html}`);
    for (const [attribute, value] of Object.entries(attributes)) {
      assert.ok(!attribute.startsWith("on"), `${attribute} on <${name}> in ${html}`);
      assert.ok(!FORBIDDEN_ATTRIBUTES.includes(attribute), `${attribute} on <${name}> in ${html}`);
      assert.ok(
        ALLOWED_ATTRIBUTES[name]?.includes(attribute),
        `${attribute}="${value}" on <${name}> in ${html}`,
      );
    }
    if (name === "a") {
      const href = attributes["href"];
      assert.ok(href !== undefined, `a link with no address in ${html}`);
      assert.ok(isSafeHref(href), `href="${href}" in ${html}`);
      const external = /^https?:/i.test(href.trim());
      assert.equal(attributes["rel"], external ? EXTERNAL_REL : undefined, html);
    }
    if (name === "code" && attributes["class"] !== undefined)
      assert.match(attributes["class"], /^(?:language|lang)-[\w#+.-]+$/);
    if (name === "pre" && attributes["class"] !== undefined)
      assert.match(attributes["class"], /^lang-[\w#+.-]+$/);
    if (name === "span" && attributes["class"] !== undefined)
      assert.match(attributes["class"], /^(?:[kfnsbctud]|image-link)$/);
    if (name === "a" && attributes["class"] !== undefined)
      assert.equal(attributes["class"], "image-link");
  }
}

/*
 * XSS filter evasion vectors, after OWASP's cheat sheet and the mutation XSS papers. Each
 * runs both as a Markdown body (raw HTML allowed) and as an HTML body; `keeps` is text that a
 * reader should still see.
 */
interface Vector {
  name: string;
  body: string;
  keeps?: string;
}
const VECTORS: readonly Vector[] = [
  // Script tags in many spellings.
  { name: "a plain script", body: "<script>alert(1)</script>after", keeps: "after" },
  { name: "upper and mixed case", body: "<SCRIPT>alert(1)</SCRIPT><ScRiPt>alert(2)</sCrIpT>" },
  { name: "a script with a source", body: '<script src="https://evil.example/x.js"></script>' },
  { name: "a slash before the attribute", body: '<script/src="https://evil.example/x.js">' },
  { name: "a tab in the tag", body: "<script\tsrc=https://evil.example/x.js></script>" },
  { name: "a quoted >", body: '<script a=">" src="https://evil.example/x.js"></script>' },
  { name: "an extra <", body: '<<SCRIPT>alert("XSS");//<</SCRIPT>' },
  { name: "a split tag name", body: "<scr<script>ipt>alert(1)</scr</script>ipt>" },
  { name: "an unclosed script", body: "text <script>alert(1)" },
  { name: "a script end tag with space", body: "<script>alert(1)</script >" },
  { name: "a script in a paragraph", body: "One *two* <script>alert(1)</script> three" },
  { name: "a script in an HTML block", body: "<div>\n<script>alert(1)</script>\n</div>" },
  { name: "a closing script first", body: "</script><script>alert(1)</script>" },
  // Event handlers.
  { name: "img onerror", body: "<img src=x onerror=alert(1)>" },
  { name: "img onerror with quotes", body: '<IMG SRC="x" ONERROR="alert(1)">' },
  { name: "an attribute with no value then script", body: '<img """><script>alert(1)</script>">' },
  { name: "svg onload", body: "<svg onload=alert(1)>" },
  { name: "svg/onload", body: "<svg/onload=alert(1)>" },
  { name: "body onload", body: "<body onload=alert(1)>text</body>", keeps: "text" },
  { name: "div onmouseover", body: '<div onmouseover="alert(1)">hover</div>', keeps: "hover" },
  { name: "p/onclick", body: "<p/onclick=alert(1)>click</p>", keeps: "click" },
  { name: "a link's onclick", body: '<a href="https://ok.example" onclick="alert(1)">ok</a>' },
  {
    name: "details ontoggle",
    body: "<details open ontoggle=alert(1)><summary>s</summary></details>",
  },
  { name: "input autofocus onfocus", body: "<input onfocus=alert(1) autofocus>" },
  {
    name: "select onfocus",
    body: "<select autofocus onfocus=alert(1)><option>o</option></select>",
  },
  { name: "textarea onfocus", body: "<textarea autofocus onfocus=alert(1)>t</textarea>" },
  { name: "marquee onstart", body: "<marquee onstart=alert(1)>m</marquee>" },
  { name: "video source onerror", body: "<video><source onerror=alert(1)></video>" },
  { name: "audio src onerror", body: "<audio src=x onerror=alert(1)>" },
  // javascript:, data: and vbscript: addresses.
  { name: "a javascript link", body: '<a href="javascript:alert(1)">click</a>', keeps: "click" },
  { name: "mixed case", body: '<a href="JaVaScRiPt:alert(1)">x</a>' },
  { name: "an entity tab", body: '<a href="jav&#x09;ascript:alert(1)">x</a>' },
  { name: "an entity newline", body: '<a href="jav&#x0A;ascript:alert(1)">x</a>' },
  { name: "an entity return", body: '<a href="jav&#13;ascript:alert(1)">x</a>' },
  { name: "a raw newline", body: '<a href="java\nscript:alert(1)">x</a>' },
  { name: "a raw tab", body: '<a href="java\tscript:alert(1)">x</a>' },
  { name: "a NUL", body: '<a href="java\0script:alert(1)">x</a>' },
  { name: "leading spaces and controls", body: '<a href=" &#14;  javascript:alert(1)">x</a>' },
  { name: "a leading \\x01", body: '<a href="\x01javascript:alert(1)">x</a>' },
  {
    name: "decimal entities",
    body: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  },
  {
    name: "padded decimal entities without ;",
    body: '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  },
  {
    name: "hex entities without ;",
    body: '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  },
  { name: "named entities", body: '<a href="javascript&colon;alert&lpar;1&rpar;">x</a>' },
  { name: "a comment in the address", body: '<a href="java<!-- -->script:alert(1)">x</a>' },
  { name: "an unquoted address", body: "<a href=javascript:alert(1)>x</a>" },
  { name: "img src javascript", body: "<IMG SRC=JaVaScRiPt:alert('XSS')>" },
  { name: "img src with entities", body: '<img src="&#106;avascript:alert(1)">' },
  { name: "data: text/html", body: '<a href="data:text/html,<script>alert(1)</script>">x</a>' },
  {
    name: "data: base64",
    body: '<a href="DaTa:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  },
  {
    name: "vbscript",
    body: '<a href="vbscript:msgbox(1)">x</a><a href="VBScript:msgbox(1)">y</a>',
  },
  {
    name: "file and other schemes",
    body: '<a href="file:///etc/passwd">f</a><a href="ftp://x.example">g</a>',
  },
  {
    name: "protocol-relative",
    body: '<a href="//evil.example/x">p</a><a href="\\\\evil\\share">q</a>',
  },
  { name: "an unclosed address", body: '<a href="javascript:alert(1)' },
  // Elements that load or embed.
  { name: "iframe", body: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: "iframe srcdoc", body: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  {
    name: "iframe fallback",
    body: "<iframe src=x><p>fallback</p><img src=y onerror=alert(1)></iframe>",
  },
  { name: "frameset", body: "<frameset><frame src=javascript:alert(1)></frameset>" },
  {
    name: "object",
    body: '<object data="javascript:alert(1)">fallback</object>',
    keeps: "fallback",
  },
  {
    name: "object scriptlet",
    body: '<object type="text/x-scriptlet" data="https://evil.example/x.html"></object>',
  },
  { name: "embed", body: '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">' },
  { name: "applet", body: '<applet code="x.class">a</applet>' },
  { name: "form action", body: '<form action="javascript:alert(1)"><input type=submit></form>' },
  {
    name: "button formaction",
    body: "<form><button formaction=javascript:alert(1)>B</button></form>",
  },
  { name: "isindex", body: "<isindex action=javascript:alert(1) type=image>" },
  { name: "input image", body: '<input type="image" src="javascript:alert(1)">' },
  { name: "base href", body: '<base href="javascript:alert(1)//"><a href="x">x</a>' },
  { name: "meta refresh", body: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  {
    name: "meta refresh data",
    body: '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg">',
  },
  { name: "meta charset", body: '<meta charset="UTF-7">+ADw-script+AD4-alert(1)+ADw-/script+AD4-' },
  { name: "link stylesheet", body: '<link rel=stylesheet href="https://evil.example/x.css">' },
  { name: "link import", body: '<link rel=import href="https://evil.example/x.html">' },
  { name: "style @import", body: "<style>@import 'https://evil.example/x.css';</style>" },
  {
    name: "style with a url",
    body: '<STYLE>li {list-style-image: url("javascript:alert(1)");}</STYLE><ul><li>x</li></ul>',
  },
  {
    name: "style background url",
    body: '<div style="background:url(https://evil.example/x.png)">d</div>',
  },
  { name: "style expression", body: '<div style="width: expression(alert(1))">d</div>' },
  { name: "style behavior", body: '<xss style="behavior: url(x.htc)">d</xss>' },
  { name: "style overlay", body: '<a href="#" style="position:fixed;inset:0">cover</a>' },
  {
    name: "table background",
    body: '<table background="javascript:alert(1)"><tr><td background="x.png">c</td></tr></table>',
  },
  { name: "video poster", body: '<video poster="https://evil.example/p.png"></video>' },
  { name: "img srcset", body: '<img srcset="https://evil.example/a.png 1x" alt="a">' },
  {
    name: "picture source",
    body: '<picture><source srcset="https://evil.example/a.png"><img src="b.png"></picture>',
  },
  {
    name: "link ping and target",
    body: '<a href="https://ok.example" ping="https://evil.example" target="_blank">x</a>',
  },
  // Markdown's own links and images.
  { name: "markdown javascript link", body: "[x](javascript:alert(1))" },
  { name: "markdown mixed case", body: "[x](JaVaScRiPt:alert(1))" },
  {
    name: "markdown entity in address",
    body: "[x](jav&#x61;script:alert(1)) [y](javascript&#58;alert(1))",
  },
  { name: "markdown pointy address", body: "[x](<javascript:alert(1)>)" },
  { name: "markdown autolink", body: "<javascript:alert(1)> <vbscript:msgbox(1)>" },
  { name: "markdown reference", body: "[x][r]\n\n[r]: javascript:alert(1)" },
  {
    name: "markdown data link",
    body: "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  },
  { name: "markdown image", body: "![x](https://evil.example/x.png)", keeps: "x" },
  { name: "markdown data image", body: "![x](data:image/png;base64,iVBORw0KGgo=)", keeps: "x" },
  {
    name: "markdown svg data image",
    body: "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  },
  { name: "markdown javascript image", body: "![x](javascript:alert(1))" },
  { name: "markdown protocol-relative", body: "[x](//evil.example/y)" },
  {
    name: "markdown image in a link",
    body: "[![x](https://evil.example/x.png)](https://ok.example)",
  },
  { name: "an img in markdown emphasis", body: "**<img src=x onerror=alert(1)>**" },
  { name: "an img as link text", body: "[<img src=x onerror=alert(1)>](https://ok.example)" },
  // Malformed markup and comments.
  { name: "an unclosed img", body: '<img src="x onerror=alert(1)' },
  { name: "a tag inside an attribute name", body: "<div <script>alert(1)</script>" },
  { name: "a comment hiding a script", body: "<!--<script>alert(1)</script>-->" },
  { name: "an abrupt comment", body: "<!--><script>alert(1)</script>-->" },
  { name: "a --!> comment end", body: "<!-- --!><script>alert(1)</script> -->" },
  {
    name: "a conditional comment",
    body: "<!--[if gte IE 4]><script>alert(1)</script><![endif]-->",
  },
  { name: "CDATA", body: "<![CDATA[<script>alert(1)</script>]]>" },
  { name: "xmp", body: "<xmp><img src=x onerror=alert(1)></xmp>" },
  {
    name: "textarea breakout",
    body: "<textarea></textarea/><img src=x onerror=alert(1)></textarea>",
  },
  {
    name: "noscript title breakout",
    body: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  },
  { name: "plaintext", body: "<plaintext><img src=x onerror=alert(1)>" },
  { name: "template", body: "<template><img src=x onerror=alert(1)></template>" },
  { name: "tag names of Object's prototype", body: "<constructor>c</constructor><__proto__>p" },
  // Namespace confusion: svg and math.
  { name: "svg script", body: "<svg><script>alert(1)</script></svg>" },
  { name: "svg xlink", body: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>' },
  {
    name: "svg animate",
    body: '<svg><a><animate attributeName=href values="javascript:alert(1)"/><text>x</text></a></svg>',
  },
  { name: "svg style", body: "<svg><style><img src=x onerror=alert(1)></style></svg>" },
  {
    name: "svg foreignObject",
    body: "<svg><foreignObject><iframe src=javascript:alert(1)></iframe></foreignObject></svg>",
  },
  {
    name: "math xlink",
    body: '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">m</maction></math>',
  },
  {
    name: "math mglyph style",
    body: "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  },
  {
    name: "math form confusion",
    body: "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  },
  { name: "math in a paragraph", body: "a <math><mi>x</mi><script>alert(1)</script></math> b" },
];

describe("renderBodyHtml: nothing from a hostile body can run or load", () => {
  for (const format of ["markdown", "html"] as const) {
    describe(`as ${format}`, () => {
      for (const { name, body, keeps } of VECTORS) {
        it(name, () => {
          const html = renderBodyHtml(body, format);
          assertInert(html);
          if (keeps !== undefined) assert.ok(read(html).text.includes(keeps), html);
        });
      }
    });
  }
});

describe("renderBodyHtml: links", () => {
  it("keeps web links, with rel nofollow noopener noreferrer", () => {
    assert.equal(
      renderBodyHtml('[site](https://example.org/a?b=1&c=2 "Title")', "markdown"),
      '<p><a href="https://example.org/a?b=1&amp;c=2" title="Title" rel="nofollow noopener noreferrer">site</a></p>\n',
    );
  });

  it("replaces a post's own rel, target and ping", () => {
    assert.equal(
      renderBodyHtml(
        '<a href="http://x.example/" rel="opener" target="_blank" ping="/p">x</a>',
        "html",
      ),
      '<a href="http://x.example/" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it("keeps mail links; marks links to posts for the page; drops what names no file", () => {
    assert.equal(
      renderBodyHtml(
        "[m](mailto:a@example.org) [f](#answer-2) [r](../other/) [p](/questions/3) [n](#notes)",
        "markdown",
      ),
      '<p><a href="mailto:a@example.org">m</a> <a data-post="a/2">f</a> <span>r</span> <a data-post="q/3">p</a> <span>n</span></p>\n',
    );
  });

  it("turns a link it cannot keep into its text", () => {
    assert.equal(
      renderBodyHtml('<a href="javascript:alert(1)" title="t">click <b>me</b></a>', "html"),
      "<span>click <b>me</b></span>",
    );
    assert.equal(renderBodyHtml('<a name="anchor">here</a>', "html"), "<span>here</span>");
    assert.equal(renderBodyHtml('<a href="//evil.example/">p</a>', "html"), "<span>p</span>");
  });

  it("never nests a link in a link", () => {
    // htmlparser2 closes a link where the next one opens, as a browser does...
    assert.equal(
      renderBodyHtml(
        '<a href="https://a.example/">a <a href="https://b.example/">b</a></a>',
        "html",
      ),
      '<a href="https://a.example/" rel="nofollow noopener noreferrer">a </a>' +
        '<a href="https://b.example/" rel="nofollow noopener noreferrer">b</a>',
    );
    // ...but not when another element stands between them; the inner one keeps its text.
    assert.equal(
      renderBodyHtml(
        '<a href="https://a.example/">a <span><a href="https://b.example/">b</a></span></a>',
        "html",
      ),
      '<a href="https://a.example/" rel="nofollow noopener noreferrer">a <span><span>b</span></span></a>',
    );
  });

  it("does not carry an unclosed link into the next body", () => {
    renderBodyHtml('<a href="https://a.example/">never closed <em>', "html");
    assert.equal(
      renderBodyHtml("[b](https://b.example/)", "markdown"),
      '<p><a href="https://b.example/" rel="nofollow noopener noreferrer">b</a></p>\n',
    );
  });
});

describe("renderBodyHtml: images become links", () => {
  it("says a Markdown image is one, with its alt text, linked to its address and marked", () => {
    assert.equal(
      renderBodyHtml('![A diagram](https://i.example/d.png "The title")', "markdown"),
      '<p><a href="https://i.example/d.png" title="The title" rel="nofollow noopener noreferrer" class="image-link">Image: A diagram</a></p>\n',
    );
  });

  it("names the image's host when it has no alt text, or an editor's placeholder", () => {
    for (const alt of [
      "  ",
      "enter image description here",
      "Enter image description here",
      "alt text",
    ]) {
      assert.equal(
        renderBodyHtml(`<img src="https://i.stack.imgur.com/d.png" alt="${alt}">`, "html"),
        '<a href="https://i.stack.imgur.com/d.png" rel="nofollow noopener noreferrer" class="image-link">Image at i.stack.imgur.com</a>',
        alt,
      );
    }
    assert.equal(
      renderBodyHtml('<img src="https://i.example/d.png">', "html"),
      '<a href="https://i.example/d.png" rel="nofollow noopener noreferrer" class="image-link">Image at i.example</a>',
    );
  });

  it("links an image on the community's site to it there, never to a page of the archive", () => {
    const { html, links } = renderBody(
      '<img src="/images/logo.png" alt="logo"> <img src="https://beer.stackexchange.com/q/1" alt="q">',
      "html",
      1,
      "off",
      "https://beer.stackexchange.com",
    );
    assert.equal(
      html,
      '<a href="https://beer.stackexchange.com/images/logo.png" rel="nofollow noopener noreferrer" class="image-link">Image: logo</a> <a href="https://beer.stackexchange.com/q/1" rel="nofollow noopener noreferrer" class="image-link">Image: q</a>',
    );
    assert.deepEqual(links.targets, []);
  });

  it("shows a relative image outside images/ as its alt text, escaped: the archive has no such file", () => {
    assert.equal(
      renderBodyHtml('<img src="pictures/a.png" alt="a <b> & &quot;c&quot;">', "html"),
      '<span class="image-link">Image: a &lt;b&gt; &amp; "c"</span>',
    );
  });

  it("keeps no class of a post's own on its links and spans", () => {
    assert.equal(
      renderBodyHtml(
        '<a href="https://a.example/" class="image-link">a</a> <span class="image-link leaves-archive">b</span>',
        "html",
      ),
      '<a href="https://a.example/" rel="nofollow noopener noreferrer">a</a> <span>b</span>',
    );
  });

  it("keeps an image of the content's images/ as an <img> of its own making, for the page to settle", () => {
    const { html, links } = renderBody(
      '<img src="images/a.png" alt="a <b> & &quot;c&quot;" onerror="alert(1)" data-image="x.png" width="9999" style="position:fixed"> ![d](images/sub/d-1.webp)',
      "markdown",
      1,
      "off",
    );
    assert.equal(
      html,
      '<p><img data-image="a.png" alt="a &lt;b&gt; &amp; &quot;c&quot;" /> <img data-image="sub/d-1.webp" alt="d" /></p>\n',
    );
    assert.deepEqual(links.images, ["a.png", "sub/d-1.webp"]);
  });

  it("notes a file of images/ named as no such file may be, for the build to report, and shows it as no image", () => {
    for (const [src, name] of [
      ["images/.hidden.png", ".hidden.png"],
      ["images/..png", "..png"],
      ["images/my photo.png", "my photo.png"],
      ["images/my%20photo.png", "my photo.png"],
      ["images/café.png", "café.png"],
      ["images/a.svg", "a.svg"],
    ]) {
      const { html, links } = renderBody(`<img src="${src}" alt="x">`, "html", 1, "off");
      assert.deepEqual(links.images, [name], src);
      assert.doesNotMatch(html, /<img/, src);
    }
  });

  it("takes no way out of images/, no escape of one, no query and no fragment for a file there", () => {
    for (const src of [
      "images/../secret.png",
      "images/./a.png",
      "images/%2e%2e/a.png",
      "images/a/%2E%2E/%2e%2e/b.png",
      "images/a.png?v=1",
      "images/a.png#x",
      "images//a.png",
      "images/%zz.png",
    ]) {
      const { html, links } = renderBody(`<img src="${src}" alt="x">`, "html", 1, "off");
      assert.deepEqual(links.images, [], src);
      assert.doesNotMatch(html, /<img/, src);
    }
  });

  it("takes an address outside images/ for none of its files", () => {
    for (const src of ["/images/a.png", "./images/a.png", "images\\a.png", "IMAGES/a.png"]) {
      const { html, links } = renderBody(`<img src="${src}" alt="x">`, "html", 1, "off");
      assert.deepEqual(links.images, [], src);
      assert.doesNotMatch(html, /<img/, src);
    }
  });

  it("shows only the text of an image whose address is not a link", () => {
    assert.equal(
      renderBodyHtml('<img src="javascript:alert(1)" alt="x">', "html"),
      '<span class="image-link">Image: x</span>',
    );
    assert.equal(
      renderBodyHtml("![x](data:image/png;base64,iVBORw0KGgo=)", "markdown"),
      '<p><span class="image-link">Image: x</span></p>\n',
    );
  });

  it("says an image inside a link is one, which the link already points at", () => {
    assert.equal(
      renderBodyHtml(
        "[![Screenshot](https://i.example/s.png)](https://i.example/s-full.png)",
        "markdown",
      ),
      '<p><a href="https://i.example/s-full.png" rel="nofollow noopener noreferrer"><span class="image-link">Image: Screenshot</span></a></p>\n',
    );
  });
});

describe("renderBodyHtml: code keeps its text exactly", () => {
  /** The text of every `<pre>` in the HTML, entities decoded, as a reader sees it. */
  function preTexts(html: string): string[] {
    const texts: string[] = [];
    let depth = 0;
    const parser = new Parser(
      {
        onopentag: (name) => {
          if (name === "pre") {
            depth++;
            texts.push("");
          }
        },
        onclosetag: (name) => {
          if (name === "pre") depth--;
        },
        ontext: (text) => {
          if (depth > 0) texts[texts.length - 1] += text;
        },
      },
      { decodeEntities: true },
    );
    parser.write(html);
    parser.end();
    return texts;
  }

  const code = 'if (a < b && c > "d") {\n\n    return <T>x;  \n\t}\n  &amp; </code></pre><script>';

  it("keeps a fenced block's indentation, blank lines, < and &", () => {
    // Coloured (src/lib/code-highlight.ts), the same text; plain, the same bytes as ever.
    const html = renderBodyHtml("```ts\n" + code + "\n```\n", "markdown");
    assert.deepEqual(preTexts(html), [code + "\n"]);
    assertInert(html);
    assert.equal(
      renderBodyHtml("```\n" + code + "\n```\n", "markdown"),
      '<pre><code>if (a &lt; b &amp;&amp; c &gt; "d") {\n\n    return &lt;T&gt;x;  \n\t}\n  &amp;amp; &lt;/code&gt;&lt;/pre&gt;&lt;script&gt;\n</code></pre>\n',
    );
  });

  it("keeps an indented block's text", () => {
    const indented = code
      .split("\n")
      .map((line) => (line === "" ? "" : "    " + line))
      .join("\n");
    assert.deepEqual(preTexts(renderBodyHtml("Before:\n\n" + indented + "\n", "markdown")), [
      code + "\n",
    ]);
  });

  it("keeps an HTML body's <pre><code> text, entities and all", () => {
    const html = renderBodyHtml(
      "<pre><code>x = 1 &lt; 2 &amp;&amp; y\n\n  &lt;script&gt;alert(1)&lt;/script&gt;\n\t&quot;q&quot; &#x27;s&#39;</code></pre>",
      "html",
    );
    assert.deepEqual(preTexts(html), [
      "x = 1 < 2 && y\n\n  <script>alert(1)</script>\n\t\"q\" 's'",
    ]);
    assertInert(html);
  });

  it("keeps inline code's text", () => {
    assert.equal(
      renderBodyHtml("Use `a <b> && c` and `<script>`.", "markdown"),
      "<p>Use <code>a &lt;b&gt; &amp;&amp; c</code> and <code>&lt;script&gt;</code>.</p>\n",
    );
  });

  it("drops a fenced block's class when it is not a plain language name", () => {
    const html = renderBodyHtml('~~~ js" onclick="alert(1)\nx\n~~~\n', "markdown");
    assertInert(html);
    assert.equal(html, "<pre><code>x\n</code></pre>\n");
  });
});

describe("renderBodyHtml: ordinary posts keep their structure", () => {
  it("keeps paragraphs, emphasis, lists, quotes, tables and links", () => {
    const body = [
      "Intro with *em*, **strong**, ~~struck~~ and <kbd>Ctrl</kbd>+<kbd>C</kbd>.",
      "",
      "1. first",
      "2. second",
      "   - nested",
      "",
      "> quoted [link](https://example.org/)",
      "",
      "| a | b |",
      "| - | - |",
      "| 1 | 2 |",
      "",
      "---",
      "",
      "H<sub>2</sub>O, x<sup>2</sup>, <del>old</del> <ins>new</ins>",
    ].join("\n");
    assert.equal(
      renderBodyHtml(body, "markdown"),
      [
        "<p>Intro with <em>em</em>, <strong>strong</strong>, <s>struck</s> and <kbd>Ctrl</kbd>+<kbd>C</kbd>.</p>",
        "<ol>",
        "<li>first</li>",
        "<li>second",
        "<ul>",
        "<li>nested</li>",
        "</ul>",
        "</li>",
        "</ol>",
        "<blockquote>",
        '<p>quoted <a href="https://example.org/" rel="nofollow noopener noreferrer">link</a></p>',
        "</blockquote>",
        "<table>",
        "<thead>",
        "<tr>",
        "<th>a</th>",
        "<th>b</th>",
        "</tr>",
        "</thead>",
        "<tbody>",
        "<tr>",
        "<td>1</td>",
        "<td>2</td>",
        "</tr>",
        "</tbody>",
        "</table>",
        "<hr />",
        "<p>H<sub>2</sub>O, x<sup>2</sup>, <del>old</del> <ins>new</ins></p>",
        "",
      ].join("\n"),
    );
  });

  it("keeps an HTML body's lists, definitions, disclosures and table spans", () => {
    const body =
      '<ol start="3"><li>three</li></ol><dl><dt>term</dt><dd>meaning</dd></dl>' +
      "<details open><summary>More</summary><p>hidden</p></details>" +
      '<table><tr><th colspan="2">wide</th></tr><tr><td rowspan="2">tall</td><td>x</td></tr></table>';
    assert.equal(renderBodyHtml(body, "html"), body);
  });

  it("moves every heading one level down, so the page's title stays the only h1", () => {
    assert.equal(
      renderBodyHtml("# one\n## two\n### three\n#### four\n##### five\n###### six", "markdown"),
      "<h2>one</h2>\n<h3>two</h3>\n<h4>three</h4>\n<h5>four</h5>\n<h6>five</h6>\n<h6>six</h6>\n",
    );
    assert.equal(renderBodyHtml("<H1>Title</H1>", "html"), "<h2>Title</h2>");
  });

  it("places a post's outline under the page's heading with no level skipped", () => {
    // A question's body sits under its h1: a post that starts at ### starts at h2.
    assert.equal(
      renderBodyHtml("### a\n\n##### b\n\n# c\n\n## d", "markdown"),
      "<h2>a</h2>\n<h3>b</h3>\n<h2>c</h2>\n<h3>d</h3>\n",
    );
    // An answer's body sits under the answers' h2.
    assert.equal(renderBodyHtml("# x\n\n#### y", "markdown", 2), "<h3>x</h3>\n<h4>y</h4>\n");
  });

  it("unwraps elements it does not allow, keeping their text", () => {
    assert.equal(
      renderBodyHtml('<center><font color="red">old</font> <strike>gone</strike></center>', "html"),
      "old <s>gone</s>",
    );
  });

  it("drops code, styles, form values and drawings with everything in them", () => {
    const hidden = [
      "<script>s()</script>",
      "<style>p{}</style>",
      "<textarea>t</textarea>",
      "<select><option>o</option></select>",
      "<xmp>x</xmp>",
      "<noscript>n</noscript>",
      "<template>t</template>",
      "<svg><text>drawn</text></svg>",
      "<math><mi>x</mi></math>",
    ];
    assert.equal(renderBodyHtml(`<p>a${hidden.join("")} b</p>`, "html"), "<p>a b</p>");
  });

  it("gives the same bytes for the same body", () => {
    const body = VECTORS.map((vector) => vector.body).join("\n\n");
    for (const format of ["markdown", "html"] as const)
      assert.equal(renderBodyHtml(body, format), renderBodyHtml(body, format));
  });
});

describe("web addresses come out valid, as the Nu checker reads them", () => {
  // Addresses from the beer dump's posts that the checker rejected as they were written.
  it("percent-encodes what RFC 3986 does not allow in a path, query or fragment", () => {
    assert.equal(
      renderBodyHtml('<a href="http://www.beeradvocate.com/beer/style/86/]/">style</a>', "html"),
      '<a href="http://www.beeradvocate.com/beer/style/86/%5D/" rel="nofollow noopener noreferrer">style</a>',
    );
    assert.equal(
      renderBodyHtml('<img src="http://i.imgur.com/Vu4w4qm.png[/img]">', "html"),
      '<a href="http://i.imgur.com/Vu4w4qm.png%5B/img%5D" rel="nofollow noopener noreferrer" class="image-link">Image at i.imgur.com</a>',
    );
    assert.equal(
      renderBodyHtml(
        '<a href="https://example.org/a b?q=1|2#x#y">x</a> <a href="https://example.org/100%">y</a>',
        "html",
      ),
      '<a href="https://example.org/a%20b?q=1%7C2#x%23y" rel="nofollow noopener noreferrer">x</a> <a href="https://example.org/100%25" rel="nofollow noopener noreferrer">y</a>',
    );
  });

  it("keeps only the text of a link whose address is no URL at all", () => {
    assert.equal(
      renderBodyHtml('<a href="http://Best%20Cigar%20Pairings">cigars</a>', "html"),
      "<span>cigars</span>",
    );
  });
});

describe("renderBodyHtml: lists and blocks nest as HTML allows, showing what a browser showed", () => {
  // sanitize-html keeps htmlparser2's tree, which is not a browser's: these bodies came out of
  // it as HTML that the Nu checker rejects. A list's stray content becomes an item that
  // site.css shows as the list showed it (no marker, no number).
  const html = (body: string) => renderBodyHtml(body, "html");

  it("puts text straight inside a list in an item of its own, as beer's answer 6322 has it", () => {
    assert.equal(
      html(
        "<p>Belgian Dubbels</p>\n\n<ol>\nData from Tasting Beer by Randy Mosher.</ol>\n\n<p>2)</p>",
      ),
      '<p>Belgian Dubbels</p>\n\n<ol><li class="list-text">\nData from Tasting Beer by Randy Mosher.</li></ol>\n\n<p>2)</p>',
    );
    assert.equal(
      html("<ol><li>a</li> note &amp; <em>more</em> <li>b</li></ol>"),
      '<ol><li>a</li><li class="list-text"> note &amp; <em>more</em></li> <li>b</li></ol>',
    );
  });

  it("puts a list written straight inside another in an item, where it shows indented", () => {
    assert.equal(
      html("<ul>\n<li>a</li>\n<ul><li>b</li></ul>\n</ul>"),
      '<ul>\n<li>a</li>\n<li class="list-text"><ul><li>b</li></ul></li>\n</ul>',
    );
  });

  it("puts items outside a list in one, ending a paragraph before it, as bicycles.meta's 881", () => {
    assert.equal(
      html(
        '<p>See:\n<li><a href="https://example.org/1">One</a>\n<li><a href="https://example.org/2">Two</a></p>\n<p>Next</p>',
      ),
      '<p>See:\n</p><ul><li><a href="https://example.org/1" rel="nofollow noopener noreferrer">One</a>\n</li><li><a href="https://example.org/2" rel="nofollow noopener noreferrer">Two</a></li></ul>\n<p>Next</p>',
    );
    assert.equal(
      html("<div><li>a</li> <li>b</li>text</div><li>c</li>"),
      "<div><ul><li>a</li> <li>b</li></ul>text</div><ul><li>c</li></ul>",
    );
    assert.equal(
      html("<ul><li>a</li></ul><li>b</li><ol><li>c</li></ol>"),
      "<ul><li>a</li></ul><ul><li>b</li></ul><ol><li>c</li></ol>",
    );
    assert.equal(
      html("<p>a<li>b</li>c &lt;d&gt;</p>"),
      "<p>a</p><ul><li>b</li></ul><p>c &lt;d&gt;</p>",
    );
  });

  it("puts text markup around a block inside it, as beer's user 3803's About me needs", () => {
    assert.equal(
      html("<p><b><pre>\nI dream;\n</pre></b></p>\n\n<hr>"),
      "<pre><b>\nI dream;\n</b></pre>\n\n<hr />",
    );
    assert.equal(
      html('<p>Hi <a href="https://example.org/">A<h3>x</h3>B</a> end</p>'),
      '<p>Hi </p><a href="https://example.org/" rel="nofollow noopener noreferrer">A</a><h2><a href="https://example.org/" rel="nofollow noopener noreferrer">x</a></h2><a href="https://example.org/" rel="nofollow noopener noreferrer">B</a><p> end</p>',
    );
    // Nested markup goes in whole; a block of blocks keeps its text, not the markup.
    assert.equal(html("<b><i>a<pre>x</pre></i></b>"), "<b><i>a</i></b><pre><b><i>x</i></b></pre>");
    assert.equal(html("<strong><ul><li>x</li></ul></strong>"), "<ul><li>x</li></ul>");
  });

  it("leaves sound lists, and bodies with none, byte for byte", () => {
    for (const body of [
      '<ol start="3">\n<li>a &amp; b<br />c</li>\n<li><ul><li>d</li></ul></li>\n</ol>',
      "<p>No list: &lt;li&gt; is text here</p>",
      "<p>Text <b>markup</b> closed</p><pre><code>before a block</code></pre><div><p>x</p></div>",
    ]) {
      assert.equal(html(body), body);
    }
  });
});
