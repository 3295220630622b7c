import sanitizeHtml from "sanitize-html";
import temml from "temml";
import { asTemmlTex, postMacros, withScriptBraced } from "./mathjax-tex.ts";

/** A post's typesetter: one formula's TeX as MathML, or why it cannot be typeset. */
export type Typesetter = (tex: string, display: boolean) => { mathml: string } | { error: string };

/**
 * A typesetter for the formulas of one post, to be called on them in order: a macro a formula
 * defines applies to the later ones, as MathJax does on a page, and what the live sites'
 * MathJax accepts is said to Temml in its terms (src/lib/math/mathjax-tex.ts).
 *
 * Temml (chosen by measurement, see scripts/bench.md "Math benchmark") typesets each formula
 * with its defaults for what is untrusted: `\href`, `\url`, `\htmlData`, `\class`, `\style`
 * and `\id` are errors, as are unknown macros (`throwOnError`: a formula Temml cannot read is
 * left as its source by the caller, not drawn in red). `maxSize` keeps a `\rule` or `\kern`
 * from covering the page. The MathML then goes through sanitize-html with the allowlist below,
 * which holds exactly what Temml writes with these settings, less `style`, `class`, `id` and
 * `href`.
 */
export function texTypesetter(): Typesetter {
  const macros = postMacros();
  const options = { throwOnError: true, trust: false, maxSize: MAX_SIZE, maxExpand: 1000, macros };
  return (tex, display) => {
    let source = asTemmlTex(tex);
    let mathml: string | undefined;
    while (mathml === undefined) {
      try {
        mathml = temml.renderToString(source, { ...options, displayMode: display });
      } catch (error) {
        // Temml's messages end with the formula, underlined: the first line says it all.
        const message = String(error instanceof Error ? error.message : error).split("\n")[0];
        // Each retry braces one more bare script, so there are only so many.
        const braced = withScriptBraced(source, message ?? "");
        if (braced === undefined) return { error: notUnderstood(message ?? "") };
        source = braced;
      }
    }
    return { mathml: sanitizeHtml(mathml, MATHML_OPTIONS) };
  };
}

/** One formula in a post of its own (`texTypesetter`). */
export function texToMathml(tex: string, display: boolean): { mathml: string } | { error: string } {
  return texTypesetter()(tex, display);
}

/**
 * What Temml did not understand, said plainly: a command or environment it does not know
 * (which MathJax may: the TeX may well be right), or its own message, less the position.
 */
function notUnderstood(message: string): string {
  const unknown = /Unsupported function name: (\S+)|No such environment: (\S+)/.exec(message);
  if (unknown?.[1] !== undefined) return `Temml does not know the command ${unknown[1]}`;
  if (unknown?.[2] !== undefined) return `Temml does not know the environment ${unknown[2]}`;
  return message
    .replace(/^\s*Temml parse error:\s*/, "")
    .replace(/\s+at position \d+:.*$/, "")
    .trim();
}

/**
 * The largest size a formula may ask for, in em for relative units and pt for absolute ones
 * (Temml's `maxSize`): about a page's width, not a city's.
 */
const MAX_SIZE: [number, number] = [40, 480];

/**
 * The MathML elements Temml writes (its `MathNode` types, read from temml's source and checked
 * against its output on the quantumcomputing dump). `semantics` and `annotation` only come with
 * its `annotate` option, which is off; they are not here.
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

const MATHML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...MATHML_ELEMENTS],
  allowedAttributes: { "*": [...MATHML_ATTRIBUTES] },
  allowedSchemes: [],
  disallowedTagsMode: "discard",
  parseStyleAttributes: false,
};
