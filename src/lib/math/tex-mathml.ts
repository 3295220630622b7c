import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import temml from "temml";
import { asTemmlTex, postMacros, withScriptBraced } from "./mathjax-tex.ts";
import { escapeText } from "../escape-text.ts";
import { MATHML_ATTRIBUTES, MATHML_ELEMENTS } from "./mathml-allowlist.ts";

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
  // `wrap: "tex"` puts each stretch of an inline formula that ends in a top-level relation or
  // binary operator in an <mrow> of its own: where TeX breaks a line, and site.css lets a phone.
  const options = {
    throwOnError: true,
    trust: false,
    maxSize: MAX_SIZE,
    maxExpand: 1000,
    macros,
    wrap: "tex" as const,
  };
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
    const aligned = withColumnAlign(withoutBreaksAfterClosers(mathml));
    const checked = checkerMathml(sanitizeHtml(aligned, MATHML_OPTIONS));
    return { mathml: withTexAnnotation(checked, tex) };
  };
}

/**
 * Temml aligns a table's cells (align's right-then-left, an array's `{rcl}`) by classes of its
 * style sheet, which the allowlist drops: each becomes MathML's own `columnalign` on the cell,
 * which the site's style sheet reads (Chromium lays out no `columnalign` itself).
 */
function withColumnAlign(mathml: string): string {
  if (!mathml.includes("tml-left") && !mathml.includes("tml-right")) return mathml;
  return mathml.replace(
    /<mtd\b([^>]*?) class="([^"]*)"/g,
    (cell, before: string, names: string) => {
      const align = /\btml-(left|right)\b/.exec(names)?.[1];
      return align === undefined ? cell : `<mtd${before} columnalign="${align}"`;
    },
  );
}

/**
 * The formula with its TeX as written kept beside it, as MathML keeps a source: a `<semantics>`
 * of the formula and an `<annotation encoding="application/x-tex">`, which browsers do not
 * show and copying and tools read. Added here, after the sanitizer, with the TeX escaped as
 * text; not by Temml's `annotate`, which turns off the breaking of inline formulas (`wrap`).
 */
function withTexAnnotation(mathml: string, tex: string): string {
  const open = mathml.indexOf(">") + 1;
  const close = mathml.lastIndexOf("</math>");
  const annotation = `<annotation encoding="application/x-tex">${escapeText(tex)}</annotation>`;
  return `${mathml.slice(0, open)}<semantics><mrow>${mathml.slice(open, close)}</mrow>${annotation}</semantics></math>`;
}

/** Where the Nu HTML Checker's MathML schema allows each style attribute Temml sets. */
const STYLE_HOLDERS: Readonly<Record<string, readonly string[]>> = {
  scriptlevel: ["math", "mstyle"],
  displaystyle: ["math", "mstyle", "mtable"],
};

/** MathML's token elements: in HTML their content is text, and markup in it is HTML's. */
const TOKENS = new Set(["mi", "mn", "mo", "ms", "mtext"]);

/**
 * Sanitized MathML as the Nu HTML Checker's schema wants it, laid out the same in a browser:
 * a `scriptlevel` or `displaystyle` where the schema does not allow it (Temml puts one on the
 * numerator of a deep fraction, to stop Chromium shrinking it further) moves to an <mstyle>
 * around that element; a token element holding elements (`\mathop{\mathrm{dim}}` is an <mo>
 * around an <mpadded>, which HTML reads as unknown HTML elements) keeps only their text. The
 * MathML is sanitize-html's output, read tag by tag as written (entities left as they are).
 */
function checkerMathml(mathml: string): string {
  if (!/scriptlevel=|displaystyle=|<(?:mi|mn|mo|ms|mtext)\b[^>]*>[^<]*<(?!\/)/.test(mathml)) {
    return mathml;
  }
  let out = "";
  // For each open element, whether it was given an <mstyle> to close after it.
  const wrapped: boolean[] = [];
  // How many elements are open inside the token element open now, if one is.
  let inToken: number | undefined;
  const attributes = (attribs: [string, string][]) =>
    attribs.map(([name, value]) => ` ${name}="${value}"`).join("");
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (inToken !== undefined) {
          inToken++;
          return;
        }
        if (TOKENS.has(name)) inToken = 0;
        const all = Object.entries(attribs);
        const moved = all.filter(([key]) => STYLE_HOLDERS[key]?.includes(name) === false);
        wrapped.push(moved.length > 0);
        if (moved.length > 0) out += `<mstyle${attributes(moved)}>`;
        out += `<${name}${attributes(all.filter((entry) => !moved.includes(entry)))}>`;
      },
      ontext(text) {
        out += text;
      },
      onclosetag(name) {
        if (inToken !== undefined && inToken > 0) {
          inToken--;
          return;
        }
        inToken = undefined;
        out += `</${name}>${wrapped.pop() === true ? "</mstyle>" : ""}`;
      },
    },
    { decodeEntities: false },
  );
  parser.end(mathml);
  return out;
}

/**
 * Temml's `wrap: "tex"` also breaks where TeX does not: after a closing delimiter with no opening
 * one (the `\rangle` of `|\psi\rangle \in H`), after a function's name (`\sin x`) and around
 * operators alone (`:=`, `, \dots`, `\text{NP} \setminus`). A stretch that holds an operator and
 * nothing but text and spaces is what MathML calls an embellished operator: as a flex item
 * (site.css) it loses its spaces in Chromium. Such breaks are taken back, and such a formula is
 * no <mrow> of its own.
 */
function withoutBreaksAfterClosers(mathml: string): string {
  const stretches = topLevelRows(mathml);
  if (stretches === undefined) return mathml;
  const kept: string[] = [];
  for (const stretch of stretches) {
    const previous = kept.at(-1);
    const takenBack =
      previous !== undefined &&
      (/<mo\b[^>]*(\bform="postfix"[^>]*>[^<]*|>[\u2061-\u2064])<\/mo>$/.test(previous) ||
        operatorOnly(previous) ||
        operatorOnly(stretch));
    if (takenBack) kept[kept.length - 1] = previous + stretch;
    else kept.push(stretch);
  }
  // One stretch that is an operator is unwrapped, for site.css to leave it to MathML's layout.
  if (kept.length === 1 && operatorOnly(kept[0] ?? "")) return `<math>${kept[0]}</math>`;
  return `<math>${kept.map((stretch) => `<mrow>${stretch}</mrow>`).join("")}</math>`;
}

/** The content of each <mrow> of `<math><mrow>…</mrow>…</math>`, or undefined if not that. */
function topLevelRows(mathml: string): string[] | undefined {
  if (!mathml.startsWith("<math><mrow>") || !mathml.endsWith("</mrow></math>")) return undefined;
  const rows: string[] = [];
  let depth = 0;
  let start = 0;
  for (const tag of mathml.matchAll(/<(\/?)(\w+)[^>]*>/g)) {
    const end = tag.index + tag[0].length;
    if (tag[1] === "") {
      depth += 1;
      if (depth === 2 && tag[2] !== "mrow") return undefined;
      if (depth === 2) start = end;
    } else {
      if (depth === 2) rows.push(mathml.slice(start, tag.index));
      depth -= 1;
    }
  }
  return rows;
}

/** Whether a stretch holds operators, text and spaces only: nothing to space them against. */
function operatorOnly(stretch: string): boolean {
  // What an <mo> holds (Temml puts an operator's name there) makes it no less an operator.
  const outside = stretch.replace(/<mo\b[^>]*>.*?<\/mo>/g, "<mo>");
  return [...outside.matchAll(/<(\w+)/g)].every((tag) =>
    /^(mrow|mtext|mspace|mo)$/.test(tag[1] ?? ""),
  );
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

const MATHML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...MATHML_ELEMENTS],
  allowedAttributes: { "*": [...MATHML_ATTRIBUTES] },
  allowedSchemes: [],
  disallowedTagsMode: "discard",
  parseStyleAttributes: false,
};
