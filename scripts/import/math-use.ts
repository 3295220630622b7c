import { formulasInHtml } from "../../src/lib/math/html-math.ts";

/**
 * How many of the posts written hold TeX, read by the build's own rules (`$...$`, `$$...$$`,
 * `\(...\)`, `\[...\]`, outside code): what decides whether the site gets `math: tex`.
 */
export interface MathUse {
  posts: number;
  withTex: number;
}

/**
 * The share of posts with a formula from which a dump is taken to use MathJax. Measured on the
 * five sample dumps: quantumcomputing (MathJax on) has 52.8% of its posts with a formula; the
 * four without MathJax 0.3% to 0.6% (prices such as "$5 and $10", or shell variables outside
 * code). 5% lies well between.
 */
export const MATH_SHARE = 0.05;

/** Counts one written post's body. */
export function countMathUse(use: MathUse, body: string): void {
  use.posts++;
  if (formulasInHtml(body).length > 0) use.withTex++;
}

/** Whether the site should typeset TeX: `--math` / `--no-math` when given, else the share. */
export function decideMath(use: MathUse, flag: boolean | undefined): boolean {
  return flag ?? (use.posts > 0 && use.withTex / use.posts >= MATH_SHARE);
}
