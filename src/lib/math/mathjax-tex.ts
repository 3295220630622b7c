/**
 * What the live sites' MathJax accepts that Temml reads otherwise, said to Temml in its own
 * terms: macros (its `macros` option, one object per post) and, where a macro cannot reach,
 * a rewrite of the TeX. Nothing here parses TeX; Temml's macro expander does.
 */

/** The part of Temml's macro expander a macro written as a function is handed. */
interface MacroContext {
  mode: "math" | "text";
  future(): { text: string };
  popToken(): { text: string };
  consumeArg(delimiters?: string[]): { tokens: { text: string }[] };
  pushTokens(tokens: { text: string }[]): void;
}

/**
 * A fresh set of macros for one post, to be passed to every `temml.renderToString` of that
 * post, in order: Temml writes the post's definitions into it, so they apply to its later
 * formulas, as MathJax keeps them for the later formulas of the page.
 */
export function postMacros(): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, MATHJAX_MACROS);
}

/**
 * MathJax's definitions are all global and may redefine anything (`\newcommand{\ket}` on a
 * page whose MathJax has `\ket`), where Temml's `\newcommand` refuses an existing name and
 * keeps every definition to its own formula. So each defining command becomes Temml's
 * global `\gdef`, which Temml keeps in the post's macros.
 */
const MATHJAX_MACROS: Readonly<Record<string, unknown>> = {
  "\\newcommand": newcommand,
  // In MathJax, \renewcommand is \newcommand (its NewcommandMethods map both to NewCommand).
  "\\renewcommand": newcommand,
  "\\def": "\\gdef",
  "\\DeclareMathOperator": (context: MacroContext) => {
    const star = context.future().text === "*";
    if (star) context.popToken();
    return `\\gdef#1{\\operatorname${star ? "*" : ""}{#2}}`;
  },
  // An extension load (`\require{cancel}`): Temml has what the posts load, or lacks it and
  // says so where it is used. Nothing to typeset.
  "\\require": (context: MacroContext) => {
    context.consumeArg();
    return "";
  },
  // MathJax reads \mbox as \text (both are its HBox).
  "\\mbox": "\\text{#1}",
  // MathJax reads a `#` in text as itself (`\text{# of qubits}`), and refuses one in math.
  // A `#` of a definition is never expanded, so never comes here.
  "#": (context: MacroContext) => {
    if (context.mode === "text") return "\\#";
    throw new Error("You can't use 'macro parameter character #' in math mode");
  },
};

/**
 * `\newcommand{\name}[n]{body}` as `\gdef\name#1...#n{body}`: the name goes back on the
 * stack as this macro's own argument `#1`, and `##` is a `#` in Temml's expansion.
 */
function newcommand(context: MacroContext): string {
  const name = context.consumeArg().tokens;
  if (name.length !== 1 || !name[0]?.text.startsWith("\\")) {
    throw new Error("The first argument of \\newcommand must be a control sequence");
  }
  let parameters = "";
  if (context.future().text === "[") {
    context.popToken();
    const count = context
      .consumeArg(["]"])
      .tokens.map(({ text }) => text)
      .reverse()
      .join("");
    if (!/^[0-9]$/.test(count)) throw new Error(`Invalid number of arguments: "${count}"`);
    for (let index = 1; index <= Number(count); index++) parameters += `##${index}`;
    if (context.future().text === "[") {
      throw new Error("Unsupported: a default for the first argument of \\newcommand");
    }
  }
  context.pushTokens(name);
  return `\\gdef#1${parameters}`;
}

/**
 * The TeX with what no macro can reach rewritten: `eqnarray` and `eqnarray*`, which Temml
 * lacks, as MathJax lays them out (an array of columns right, centre, left, each cell in
 * display style: Temml's `darray`). Environments are looked up by `\begin` itself.
 */
export function asTemmlTex(tex: string): string {
  if (!tex.includes("eqnarray")) return tex;
  return tex
    .replace(/\\begin\s*\{eqnarray\*?\}/g, "\\begin{darray}{rcl}")
    .replace(/\\end\s*\{eqnarray\*?\}/g, "\\end{darray}");
}

/**
 * The TeX with the command Temml refused as a bare sub- or superscript braced (`V_\sum` as
 * `V_{\sum}`, as MathJax reads it), when Temml's `message` says it refused one; undefined
 * otherwise.
 */
export function withScriptBraced(tex: string, message: string): string | undefined {
  const refused = /Got function '(\\[a-zA-Z]+)' with no arguments as (?:subscript|superscript)/;
  const name = refused.exec(message)?.[1];
  if (name === undefined) return undefined;
  const bare = new RegExp(`([_^])\\s*(\\${name})(?![a-zA-Z])`, "g");
  const braced = tex.replace(bare, "$1{$2}");
  return braced === tex ? undefined : braced;
}
