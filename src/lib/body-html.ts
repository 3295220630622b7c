import { randomUUID } from "node:crypto";
import sanitizeHtml from "sanitize-html";
import { markdown, markdownWithMath } from "./markdown.ts";
import { escapeText } from "./escape-text.ts";
import { repairNesting } from "./html-nesting.ts";
import { replaceTexInHtml, type Formula } from "./math/html-math.ts";
import type { MathEnv } from "./math/markdown-math.ts";
import { texTypesetter } from "./math/tex-mathml.ts";
import { readLinkAddress, type PostTarget } from "./post-links.ts";
import { highlightBlocks } from "./code-blocks.ts";
import { readLanguageHints } from "./code-language.ts";
import { contentImageName, isImageName } from "./content-images.ts";
import { collapseWhitespace } from "./whitespace.ts";

/** A formula left as its TeX source, and why the typesetter could not read it. */
export interface TexLeft {
  /** The formula as written, delimiters included. */
  source: string;
  reason: string;
}

/**
 * The links of a body that only the whole content can settle: those to the community's own
 * site, each kept in the HTML as an `<a data-post>` (see `resolvePostLinks` in
 * src/lib/post-links.ts), and the relative ones, which name no file of the archive and were
 * left as their text.
 */
export interface BodyLinks {
  /** The target of each link to the community's site, in the body's order, repeats kept. */
  targets: PostTarget[];
  /** How many relative links lost their address. */
  dead: number;
  /**
   * The files of the content's `images/` the body shows, in its order, repeats kept: each an
   * `<img data-image>` for the page to settle (`settleImages` in src/lib/content-images.ts).
   */
  images: string[];
}

/**
 * A question or answer body as HTML that is safe to put on a page: nothing in it can run,
 * load anything, or reach outside the site.
 *
 * A `markdown` body is first rendered by the same Markdown reader as its plain text
 * (`src/lib/markdown.ts`: raw HTML passes through, as in Stack Exchange posts); an `html`
 * body is taken as it is. `headingsBelow` is the level of the page's heading the post sits
 * under (see `outlineBelow`). Either way the HTML then goes through sanitize-html with the
 * allowlist below: what is not on it is dropped, keeping its text, except for elements whose
 * content is not prose (script, style, svg...), which go whole. Its code blocks are then
 * coloured by the languages they and the post name (`highlightBlocks`). Same body, same bytes.
 */
export function renderBodyHtml(
  body: string,
  format: "markdown" | "html",
  headingsBelow = 1,
): string {
  const { html, postLanguage } = renderBody(body, format, headingsBelow, "off");
  return highlightBlocks(html, postLanguage);
}

/**
 * `renderBodyHtml`, with `math: tex` typesetting the formulas as MathML (src/lib/math/): each
 * is found in the body's text outside code, and its MathML, from Temml through an allowlist of
 * its own, is put in after the body is sanitized, so that the body's own markup never gets
 * to use MathML (a `<math>` a post writes is still dropped). A formula that cannot be typeset
 * stays as its source and is listed in `texLeft`, for the build's warnings. The formulas are
 * typeset in the body's order, so that a macro one defines applies to the later ones.
 * Its code is left plain, for the caller to colour (`highlightBlocks`) once it has read the
 * text, with the post's `language-all` (`postLanguage`) or its own choice.
 *
 * A Markdown body's formulas are read before Markdown reads the rest (`markdownWithMath`) and
 * stand as placeholders through the sanitizer: a random key per call, which no post can guess,
 * so no post can write one. An HTML body's are read in the sanitized HTML's text.
 */
export function renderBody(
  body: string,
  format: "markdown" | "html",
  headingsBelow: number,
  math: "off" | "tex",
  origin?: string,
): { html: string; texLeft: TexLeft[]; links: BodyLinks; postLanguage?: string } {
  const texLeft: TexLeft[] = [];
  const links: BodyLinks = { targets: [], dead: 0, images: [] };
  const options = sanitizeOptions(origin, links);
  // One post, one typesetter: a macro the post defines applies to its later formulas.
  const typesetter = texTypesetter();
  const typeset = (formula: Formula): string => {
    const typeset = typesetter(formula.tex, formula.display);
    if ("mathml" in typeset) return typeset.mathml;
    texLeft.push({ source: formula.source, reason: typeset.error });
    return escapeText(formula.source);
  };
  // Its language hints read, sanitized, then nested as HTML allows, before any MathML is put in
  // (src/lib/code-language.ts, src/lib/html-nesting.ts).
  let postLanguage: string | undefined;
  const sanitize = (html: string) => {
    const hinted = readLanguageHints(html);
    postLanguage ??= hinted.postLanguage;
    return repairNesting(sanitizeHtml(hinted.html, options));
  };
  let html: string;
  if (math === "off") {
    html = sanitize(format === "markdown" ? markdown.render(body) : body);
  } else if (format === "html") {
    html = replaceTexInHtml(sanitize(body), typeset);
  } else {
    const key = randomUUID();
    const env: MathEnv = { formulas: [], placeholder: (index) => `\uE000${key}:${index}\uE001` };
    const sanitized = sanitize(markdownWithMath.render(body, env));
    html = sanitized.replace(
      new RegExp(`\uE000${key}:(\\d+)\uE001`, "g"),
      (placeholder, index: string) => {
        const formula = env.formulas[Number(index)];
        return formula === undefined ? placeholder : typeset(formula);
      },
    );
  }
  return {
    html: outlineBelow(html, headingsBelow),
    texLeft,
    links,
    ...(postLanguage !== undefined && { postLanguage }),
  };
}

/**
 * Inline HTML made safe by the same sanitizer as a body's, its links read the same way: a
 * comment's text, which its Markdown reader has already limited to inline markup
 * (src/lib/comment-html.ts).
 */
export function sanitizeInlineHtml(
  html: string,
  origin?: string,
): { html: string; links: BodyLinks } {
  const links: BodyLinks = { targets: [], dead: 0, images: [] };
  return { html: sanitizeHtml(html, sanitizeOptions(origin, links)), links };
}

/**
 * The post's headings placed below the page's heading of level `below` (the question's h1, or
 * the answers' h2) with no level skipped, as the HTML outline and the Nu checker want: each
 * heading is at most one level deeper than the one before it, and never above `below + 1`. A
 * post that starts at `###` then reads as h2 under the question's title. Sanitized output has
 * headings with no attributes (see `ALLOWED_ATTRIBUTES`), and none inside another, so their
 * tags can be read as plain `<hN>` and `</hN>`.
 */
function outlineBelow(html: string, below: number): string {
  // Most posts have no heading: their HTML is searched for one once rather than tag by tag.
  if (!/<h[1-6]>/.test(html)) return html;
  let previous = below;
  let open = 0;
  return html.replace(/<(\/?)h([1-6])>/g, (_tag, closing: string, level: string) => {
    if (closing) return `</h${open}>`;
    open = Math.min(Math.max(Number(level), below + 1), previous + 1, 6);
    previous = open;
    return `<h${open}>`;
  });
}

/**
 * The elements a post may use: text, lists, tables, quotes, code, links, disclosures. The most
 * used come first (counted in Stack Exchange's dumps and the bench's corpus): sanitize-html
 * looks a name up in this list from the start (`indexOf`) for each element, and twice for each
 * text in one, a share of a cold load's CPU that this order cuts, to the same bytes
 * (scripts/bench.md, "Why the constants are what they are").
 */
const ALLOWED_TAGS = [
  ...["p", "code", "a", "li", "em", "strong", "pre", "blockquote", "ul", "ol", "br", "hr"],
  ...["h2", "h3", "h4", "h5", "h6", "sup", "sub", "span", "div"],
  ...["b", "i", "u", "s", "del", "ins", "small", "mark"],
  ...["abbr", "q", "cite", "kbd", "samp", "var", "wbr"],
  ...["dl", "dt", "dd"],
  ...["table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"],
  ...["details", "summary"],
  // Only as `imageAsLink` makes it: an image of the content's own.
  "img",
];

/**
 * Attributes that only describe the text. No `id` or `name`: a post's anchors could collide
 * with the page's own. No `style` or `class` beyond a code block's language: the page's style
 * sheet decides how a post looks. `rel` and `data-post` are ours, never the post's (see
 * `transformLink`).
 */
const ALLOWED_ATTRIBUTES: sanitizeHtml.IOptions["allowedAttributes"] = {
  a: ["data-post", "href", "title", "rel"],
  img: ["data-image", "alt"],
  abbr: ["title"],
  ol: ["start", "reversed"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  details: ["open"],
};

/**
 * Elements dropped with everything inside them rather than unwrapped: code, styles, form
 * values and fallbacks a reader never sees as text, and svg and math, whose content is drawing
 * or formula markup, parsed by rules of its own in a browser (where mutation XSS lives).
 * The first five are sanitize-html's own default list, which this replaces.
 */
const DROPPED_WITH_CONTENT = [
  ...["script", "style", "textarea", "option", "xmp"],
  ...["noscript", "noembed", "noframes", "template", "title", "svg", "math"],
];

/**
 * Headings move one level down, so that the page's own heading (the question's title) stays
 * the only h1 and a post's outline sits below it: `#` becomes h2, `##` h3, and so on, h5 and
 * h6 both h6. `<strike>` is obsolete HTML; `<s>` says the same.
 */
const RENAMED: ReadonlyMap<string, string> = new Map([
  ["h1", "h2"],
  ["h2", "h3"],
  ["h3", "h4"],
  ["h4", "h5"],
  ["h5", "h6"],
  ["strike", "s"],
]);

/**
 * The relationship of every link to the web: `nofollow` because the archive does not vouch for
 * the sites its posts link to (Stack Exchange marks user links the same way, and it keeps the
 * archive useless to link spammers); `noreferrer` so that following a link does not tell that
 * site the reader's address (a file path, or the archive's host); `noopener` says outright
 * what `noreferrer` implies, that the linked page gets no handle on this one.
 */
const WEB_LINK_REL = "nofollow noopener noreferrer";

/**
 * sanitize-html's settings for one body. Each call gets its own, since rewriting tags keeps
 * track of the links open around the current element, and notes the body's `links`.
 */
function sanitizeOptions(origin: string | undefined, links: BodyLinks): sanitizeHtml.IOptions {
  // For each element htmlparser2 has open, whether it comes out as a link; and how many do.
  const open: boolean[] = [];
  let openLinks = 0;
  // Whether the element opening is an image that becomes a link (`imageAsLink`).
  let imageOpening = false;
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    // A fenced block's language (`class="language-js"`), which colours it (`highlightBlocks`).
    allowedClasses: {
      code: [/^language-[\w#+.-]+$/, /^lang-[\w#+.-]+$/],
      pre: [/^lang-[\w#+.-]+$/],
      // Only as `transformLink` makes them for an image: a post's own are never kept.
      a: [IMAGE_LINK_CLASS],
      span: [IMAGE_LINK_CLASS],
    },
    allowedSchemes: ["http", "https", "mailto"],
    // `//host/path` opened from disk is `file://host/path`: a Windows share.
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: DROPPED_WITH_CONTENT,
    parseStyleAttributes: false,
    onOpenTag: () => open.push(false),
    onCloseTag: () => {
      if (open.pop()) openLinks--;
    },
    transformTags: {
      img: (tagName, attribs) => {
        const own = contentImage(attribs, links);
        imageOpening = own === undefined;
        return own ?? imageAsLink(tagName, attribs);
      },
      // Called for every element as it opens, after its own transform (an image's), if any.
      "*": (tagName, attribs) => {
        const image = imageOpening;
        imageOpening = false;
        const transformed =
          tagName === "a"
            ? transformLink(attribs, openLinks > 0, origin, links, image)
            : // A post's own span keeps no attribute, so no class of ours.
              {
                tagName: RENAMED.get(tagName) ?? tagName,
                attribs: tagName === "span" ? {} : attribs,
              };
        if (transformed.tagName === "a") {
          open[open.length - 1] = true;
          openLinks++;
        }
        return transformed;
      },
    },
  };
}

/**
 * An image of the content's `images/` (`contentImageName`), noted in `links.images`: an `<img>`
 * with its alt text and the file it shows as `data-image`, both made here, never copied, for the
 * page to give it its address and size. Any other image is undefined here; so is one under
 * `images/` by a name no such file may have (`isImageName`), noted all the same, so that the
 * build names it as a problem rather than showing its text.
 */
function contentImage(
  attribs: sanitizeHtml.Attributes,
  links: BodyLinks,
): sanitizeHtml.Tag | undefined {
  const name = contentImageName(attribs["src"] ?? "");
  if (name === undefined) return undefined;
  links.images.push(name);
  if (!isImageName(name)) return undefined;
  return { tagName: "img", attribs: { "data-image": name, alt: attribs["alt"] ?? "" } };
}

/**
 * Any other image becomes a link to its address that says it is an image (`imageLabel`): a page
 * must load nothing but the site's own files, a remote image could not load offline anyway,
 * and a relative one would point at a file the site does not ship. The link is then checked
 * like any other (`transformLink`). Done as a transform rather than after sanitizing, so the
 * alt text is escaped and the address checked by sanitize-html itself.
 */
function imageAsLink(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const address = attribs["src"] ?? "";
  const title = attribs["title"];
  return {
    tagName: "a",
    attribs: { href: address, ...(title === undefined ? {} : { title }) },
    text: imageLabel(attribs["alt"], address),
  };
}

/** The class of a link made from an image, marked in the style sheet as leaving the archive. */
const IMAGE_LINK_CLASS = "image-link";

/**
 * The alt texts Stack Exchange's editors write for an image its author did not describe: the
 * editor's since 2011, and the older WMD editor's. Counted in the five real dumps: 349 of their
 * 778 `<img>` say the first, 5 the second.
 */
const PLACEHOLDER_ALTS: ReadonlySet<string> = new Set(["enter image description here", "alt text"]);

/**
 * What an image shown as a link says: "Image: " and its alt text, or, for an image with none or
 * with an editor's placeholder, "Image at " and the host it is on.
 */
export function imageLabel(alt: string | undefined, address: string): string {
  const described = collapseWhitespace(alt ?? "");
  if (described !== "" && !PLACEHOLDER_ALTS.has(described.toLowerCase())) {
    return `Image: ${described}`;
  }
  let host = "";
  try {
    host = new URL(address.trim()).host;
  } catch {
    // A relative or broken address: the label names no host.
  }
  return host === "" ? "Image" : `Image at ${host}`;
}

/**
 * A link as it will come out. It keeps its address only if it is a web or mail one, or one of
 * the community's own site (`readLinkAddress`), and a web link gets `rel`. A link to the site
 * is marked `data-post` with its target, for the page to settle (`resolvePostLinks`); a
 * relative one names no file of the archive. Those, a link with any other address, or none,
 * or inside another link (an image in a link, say), become a plain `<span>` of their text, so
 * that every `<a>` in a body is a real, unnested link. The attributes are made here, never
 * copied: no post can write its own `data-post`.
 */
function transformLink(
  attribs: sanitizeHtml.Attributes,
  insideLink: boolean,
  origin: string | undefined,
  links: BodyLinks,
  image = false,
): sanitizeHtml.Tag {
  const imageClass = image ? { class: IMAGE_LINK_CLASS } : {};
  // No link, its text alone: an image's still says that it is one.
  const span = { tagName: "span", attribs: imageClass };
  if (insideLink) return span;
  const written = attribs["href"] ?? "";
  const address = cleanAddress(written);
  const title = attribs["title"] === undefined ? {} : { title: attribs["title"] };
  const reading = readLinkAddress(address, origin);
  if (reading.kind === "relative") {
    if (address !== "") links.dead++;
    return span;
  }
  if (reading.kind === "site" && image) {
    // An image's address is a file, never a page of the archive: a link to it on the site.
    const href = reading.original === undefined ? undefined : webAddress(reading.original);
    if (href === undefined) return span;
    return { tagName: "a", attribs: { href, ...title, rel: WEB_LINK_REL, ...imageClass } };
  }
  if (reading.kind === "site") {
    links.targets.push(reading.target);
    const href = reading.original === undefined ? undefined : webAddress(reading.original);
    return {
      tagName: "a",
      attribs: {
        "data-post": reading.target,
        ...(href !== undefined && { href, rel: WEB_LINK_REL }),
        ...title,
      },
    };
  }
  const kind = addressKind(address);
  const href = kind === "web" ? webAddress(written) : written;
  if (kind === undefined || href === undefined) return span;
  return {
    tagName: "a",
    attribs: { href, ...title, ...(kind === "web" ? { rel: WEB_LINK_REL } : {}), ...imageClass },
  };
}

/**
 * A web address as a valid URL, or undefined when it is not one (a host with spaces, say): the
 * URL standard's own parse, then the characters it leaves as typed that RFC 3986, and so the Nu
 * HTML Checker, do not allow outside a host (`[`, `]`, `|`, a `%` that starts no escape...)
 * percent-encoded. Posts hold such addresses (`http://i.imgur.com/a.png[/img]`); a browser
 * follows the encoded one to the same place.
 */
function webAddress(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  const encode = (part: string, alsoHash: boolean) =>
    part
      .replace(/%(?![0-9A-Fa-f]{2})/g, "%25")
      .replace(
        alsoHash ? /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/g : /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]/g,
        (character) => encodeURIComponent(character),
      );
  const hash = url.hash === "" ? "" : `#${encode(url.hash.slice(1), true)}`;
  return `${url.origin}${encode(url.pathname + url.search, false)}${hash}`;
}

/**
 * An address as sanitize-html's own check reads it (launder's `naughtyHref`): with every space
 * and control character removed (browsers skip tabs and newlines, and trim the rest, so
 * `jav&#x09;ascript:` is `javascript:`) and HTML comments too. Entities are decoded already.
 */
function cleanAddress(address: string): string {
  // eslint-disable-next-line no-control-regex
  return address.replace(/[\x00-\x20]+/g, "").replace(/<!--[\s\S]*?-->/g, "");
}

/**
 * What a cleaned address that is not the community's site is: a `web` or `mail` one;
 * anything else, a protocol-relative `//host` included, is not a link.
 *
 * sanitize-html checks every address again, and stays the authority; this check agrees with
 * it so that a link it would strip of its address is already a `<span>` here, and no `<a>` is
 * left with a `rel` but no `href`.
 */
function addressKind(cleaned: string): "web" | "mail" | undefined {
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") return "web";
  if (scheme === "mailto") return "mail";
  return undefined;
}
