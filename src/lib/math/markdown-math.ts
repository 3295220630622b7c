import type MarkdownIt from "markdown-it";
import { formulaAt } from "./tex-spans.ts";
import type { Formula } from "./html-math.ts";

/** What rendering a Markdown body with `markdownMath` collects: its formulas, in order. */
export interface MathEnv {
  formulas: Formula[];
  /** The text that stands for formula `index` in the HTML until it is typeset. */
  placeholder: (index: number) => string;
}

/**
 * A markdown-it plugin that reads formulas before Markdown does, as Stack Exchange's editor
 * takes the math out before its Markdown converter runs: `a_1 * b_1` inside `$...$` is TeX,
 * not emphasis, and `\\` stays two backslashes. Formulas are found by the rules of
 * `splitTex` where inline text starts (so never in a code span or block, which markdown-it
 * reads first), and `\$` is a dollar sign. Each formula is written as the placeholder the
 * `MathEnv` passed to `render` gives it, plain text that survives the sanitizer; the caller
 * puts the typeset formula in its place afterwards (src/lib/body-html.ts). A formula never
 * spans paragraphs, as a text node's never spans elements.
 */
export function markdownMath(md: MarkdownIt): void {
  md.inline.ruler.before("escape", "tex", (state, silent) => {
    const { src, pos } = state;
    const character = src[pos];
    if (character !== "$" && character !== "\\") return false;
    if (src.startsWith("\\$", pos)) {
      if (!silent) state.push("text", "", 0).content = "$";
      state.pos += 2;
      return true;
    }
    const formula = formulaAt(src.slice(0, state.posMax), pos);
    if (formula === undefined) return false;
    if (!silent) {
      const token = state.push("tex", "", 0);
      token.content = formula.tex;
      token.markup = formula.source;
      token.meta = { display: formula.display };
    }
    state.pos += formula.source.length;
    return true;
  });
  md.renderer.rules["tex"] = (tokens, index, _options, env: MathEnv) => {
    const token = tokens[index];
    if (token === undefined) return "";
    const display = (token.meta as { display: boolean }).display;
    env.formulas.push({ tex: token.content, display, source: token.markup });
    return env.placeholder(env.formulas.length - 1);
  };
}
