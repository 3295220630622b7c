/**
 * The MathML elements Temml writes (its `MathNode` types, read from temml's source and checked
 * against its output on the quantumcomputing dump). `semantics` and `annotation` come with its
 * `annotate` option, which is off: they are added after the sanitizer (`withTexAnnotation`).
 */
export const MATHML_ELEMENTS = [
  ...["math", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "mpadded", "mphantom"],
  ...["mstyle", "menclose", "mfrac", "msqrt", "mroot", "msub", "msup", "msubsup"],
  ...["munder", "mover", "munderover", "mmultiscripts", "mprescripts", "none"],
  ...["mtable", "mtr", "mtd"],
] as const;

/**
 * The attributes Temml sets that describe the formula: layout, spacing, sizes, variants and
 * colours. Left out: `style` (the pages' Content-Security-Policy ignores inline styles, and a
 * style could load a font or image), `class` (the site's style sheet names its own),
 * `id` (it could collide with the page's), `href` (only a trusted `\href` sets it) and
 * `xmlns` (HTML needs none).
 */
export const MATHML_ATTRIBUTES = [
  ...["display", "displaystyle", "scriptlevel", "mathvariant", "mathsize"],
  ...["mathcolor", "mathbackground", "fence", "form", "stretchy", "symmetric", "largeop"],
  ...["movablelimits", "accent", "lspace", "rspace", "minsize", "maxsize", "separator"],
  ...["width", "height", "depth", "voffset", "notation", "linethickness", "linebreak"],
  ...["rowspacing", "columnalign"],
] as const;

/**
 * What a typeset formula holds once made (src/lib/math/tex-mathml.ts): Temml's elements and
 * attributes, its TeX beside it (`<semantics>`, `<annotation encoding>`), and a title's source
 * (`alttext`). The search script rebuilds a result's typeset title from these alone.
 */
export const TYPESET_ELEMENTS: ReadonlySet<string> = new Set([
  ...MATHML_ELEMENTS,
  "semantics",
  "annotation",
]);
export const TYPESET_ATTRIBUTES: ReadonlySet<string> = new Set([
  ...MATHML_ATTRIBUTES,
  "encoding",
  "alttext",
]);
