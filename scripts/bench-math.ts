/**
 * Measures the TeX-to-MathML libraries on the formulas of a real dump, to choose the one the
 * build uses (scripts/bench.md, "Math benchmark"). Every formula of every post body is found as
 * the build finds it (src/lib/math/html-math.ts: text outside code, Stack Exchange's
 * delimiters), then typeset by each candidate with errors thrown, not drawn: how many it
 * parses, how many it fails, the time per formula (a first, cold pass and a warm one) and the
 * bytes of MathML it writes.
 *
 *   node scripts/bench-math.ts [--posts FILE] [--failures N]
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import temml from "temml";
import katex from "katex";
import { mathjax } from "@mathjax/src/js/mathjax.js";
import { TeX } from "@mathjax/src/js/input/tex.js";
import { liteAdaptor } from "@mathjax/src/js/adaptors/liteAdaptor.js";
import { RegisterHTMLHandler } from "@mathjax/src/js/handlers/html.js";
import { SerializedMmlVisitor } from "@mathjax/src/js/core/MmlTree/SerializedMmlVisitor.js";
import { STATE } from "@mathjax/src/js/core/MathItem.js";
import "@mathjax/src/js/input/tex/base/BaseConfiguration.js";
import "@mathjax/src/js/input/tex/ams/AmsConfiguration.js";
import "@mathjax/src/js/input/tex/newcommand/NewcommandConfiguration.js";
import "@mathjax/src/js/input/tex/boldsymbol/BoldsymbolConfiguration.js";
import "@mathjax/src/js/input/tex/braket/BraketConfiguration.js";
import "@mathjax/src/js/input/tex/cancel/CancelConfiguration.js";
import "@mathjax/src/js/input/tex/color/ColorConfiguration.js";
import { projectRoot } from "../src/project-paths.ts";
import { commandLineOptions, UsageError } from "./common/usage-error.ts";
import { readDumpRows } from "./import/xml-rows.ts";
import { formulasInHtml, type Formula } from "../src/lib/math/html-math.ts";
import { texTypesetter } from "../src/lib/math/tex-mathml.ts";

const HELP = `Usage: node scripts/bench-math.ts [--posts FILE] [--failures N]
  --posts     a dump's Posts.xml (default: the quantumcomputing sample dump)
  --failures  how many failed formulas to show per library (default 5)`;

const values = commandLineOptions("bench-math", readOptions, HELP);

/** The command line, or undefined for --help. */
function readOptions(args: string[]): { posts: string; failures: number } | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        posts: {
          type: "string",
          default: join(
            projectRoot,
            "../shared/data/stackexchange/quantumcomputing.stackexchange.com/Posts.xml",
          ),
        },
        failures: { type: "string", default: "5" },
        help: { type: "boolean", short: "h", default: false },
      },
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}; see --help`);
  }
  if (parsed.help) return undefined;
  const failures = Number(parsed.failures);
  if (!Number.isInteger(failures) || failures < 0) {
    throw new UsageError(`--failures: "${parsed.failures}" is not a whole number, such as 5`);
  }
  return { posts: parsed.posts, failures };
}

// 1. Every formula of every body, as the build finds them.
const formulas: (Formula & { post: number })[] = [];
let posts = 0;
await readDumpRows(values.posts, "posts", ({ attributes }) => {
  const body = attributes["Body"];
  if (body === undefined) return;
  posts++;
  formulas.push(...formulasInHtml(body).map((formula) => ({ ...formula, post: posts })));
});
console.log(`${values.posts}: ${posts} bodies, ${formulas.length} formulas\n`);

// 2. The candidates, each set to throw on what it cannot parse.
const mathjaxOptions = {
  packages: ["base", "ams", "newcommand", "boldsymbol", "braket", "cancel", "color"],
  formatError: (_jax: unknown, error: { message: string }) => {
    throw new Error(error.message);
  },
};
const mathjaxTex = () => new TeX(mathjaxOptions);
RegisterHTMLHandler(liteAdaptor());
const serializer = new SerializedMmlVisitor();
// MathJax keeps a \newcommand for every later formula of its document, as on a live page; a
// document per post keeps one post's macros out of the next, as the build's typesetter per
// post does (plain Temml and KaTeX keep a definition to its own formula).
let mathjaxDocument = mathjax.document("", { InputJax: mathjaxTex() });
let buildTypesetter = texTypesetter();

const candidates: {
  name: string;
  render: (formula: Formula) => string;
  /** Called before each post's first formula, outside the timing. */
  startPost?: () => void;
}[] = [
  {
    name: "temml 0.13.5",
    render: ({ tex, display }) =>
      temml.renderToString(tex, { displayMode: display, throwOnError: true }),
  },
  {
    name: "katex 0.19.1 (output: mathml)",
    render: ({ tex, display }) =>
      katex.renderToString(tex, {
        displayMode: display,
        output: "mathml",
        throwOnError: true,
        strict: "ignore",
      }),
  },
  {
    name: "@mathjax/src 4.1.3 (TeX to MathML)",
    render: ({ tex, display }) =>
      serializer.visitTree(
        mathjaxDocument.convert(tex, { display, end: STATE.CONVERT }) as never,
      ) as string,
    startPost: () => {
      mathjaxDocument = mathjax.document("", { InputJax: mathjaxTex() });
    },
  },
  {
    // What the build writes: temml with MathJax's macros, a typesetter per post, its output
    // through the MathML allowlist.
    name: "build: temml + allowlist",
    render: ({ tex, display }) => {
      const mathml = buildTypesetter(tex, display);
      if ("error" in mathml) throw new Error(mathml.error);
      return mathml.mathml;
    },
    startPost: () => {
      buildTypesetter = texTypesetter();
    },
  },
];

// 3. Each candidate over every formula, twice: a cold pass, then a warm one that is timed.
const rows: string[][] = [];
for (const { name, render, startPost } of candidates) {
  const failed: { formula: Formula; reason: string }[] = [];
  let bytes = 0;
  const pass = (onEach: (output: string | Error, formula: Formula) => void): number => {
    let post = -1;
    let time = 0;
    for (const formula of formulas) {
      if (formula.post !== post) startPost?.();
      post = formula.post;
      const start = performance.now();
      let output: string | Error;
      try {
        output = render(formula);
      } catch (error) {
        output = error instanceof Error ? error : new Error(String(error));
      }
      time += performance.now() - start;
      onEach(output, formula);
    }
    return time;
  };
  const cold = pass((output, formula) => {
    if (output instanceof Error) failed.push({ formula, reason: output.message });
    else bytes += Buffer.byteLength(output);
  });
  const warm = pass(() => {});
  const parsed = formulas.length - failed.length;
  rows.push([
    name,
    String(parsed),
    String(failed.length),
    `${((100 * failed.length) / formulas.length).toFixed(2)}%`,
    (cold / formulas.length).toFixed(3),
    (warm / formulas.length).toFixed(3),
    Math.round(bytes / Math.max(parsed, 1)).toString(),
  ]);
  console.log(`${name}: first failures`);
  for (const { formula, reason } of failed.slice(0, values.failures)) {
    console.log(`  ${JSON.stringify(formula.tex.slice(0, 80))}: ${reason.split("\n")[0]}`);
  }
}

// 4. The table, as scripts/bench.md shows it.
const header = [
  "library",
  "parsed",
  "failed",
  "failed %",
  "ms/formula cold",
  "ms/formula warm",
  "bytes/formula",
];
console.log(`\n| ${header.join(" | ")} |\n|${header.map(() => " --- ").join("|")}|`);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
