/**
 * What the live sites' MathJax accepts that Temml reads otherwise, said to Temml in its own
 * terms: macros (its `macros` option, one object per post). Nothing here parses TeX; Temml's
 * macro expander does.
 */

/** The part of Temml's macro expander a macro written as a function is handed. */
interface MacroContext {
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
