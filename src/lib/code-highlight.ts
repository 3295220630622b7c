import { createRequire } from "node:module";
import { join } from "node:path";
import type PrismApi from "prismjs";
import { projectRoot } from "../project-paths.ts";
import { escapeText } from "./escape-text.ts";

/*
 * Code blocks coloured at build time with Prism, the highlighter Astro itself ships
 * (@astrojs/prism). Chosen by measure (scripts/bench.md, "Code highlighting"): twice as fast as
 * highlight.js on the same blocks, which at 100,000 questions is the difference between within
 * and over the build's budget; its tokens are cut to the palette's nine classes.
 */

/**
 * The grammars beside those of Prism's own bundle (markup, CSS, C-like, JavaScript), each after
 * those it builds on: each adds itself to the global Prism it finds.
 */
const GRAMMARS = [
  ...["c", "cpp", "csharp", "objectivec", "java", "scala", "kotlin", "dart", "go", "swift"],
  ...["rust", "typescript", "markup-templating", "php", "python", "ruby", "perl", "lua", "r"],
  ...["haskell", "basic", "vbnet", "powershell", "bash", "sql", "json", "yaml", "toml", "ini"],
  ...["nix", "docker", "makefile", "nginx", "apacheconf", "diff", "markdown", "qsharp"],
  ...["openqasm", "julia", "matlab", "latex", "wolfram", "fortran"],
];

let prism: typeof PrismApi | undefined;

/**
 * Prism and its grammars, loaded the first time a thread colours a block or checks a name: a
 * build that colours nothing, a warm one, never loads them. Found from the project, since the
 * page bundle that may run this is not beside node_modules.
 */
function loadedPrism(): typeof PrismApi {
  if (prism === undefined) {
    const require = createRequire(join(projectRoot, "package.json"));
    const loaded = require("prismjs") as typeof PrismApi;
    for (const grammar of GRAMMARS) require(`prismjs/components/prism-${grammar}.js`);
    colourPythonCalls(loaded);
    prism = loaded;
  }
  return prism;
}

/**
 * Python's calls coloured as functions, as Prism's C-like grammars colour theirs: its Python
 * grammar colours only the name a `def` gives, which leaves code that calls a library
 * (Qiskit's, Cirq's) with no colour at all. After the keywords and built-ins, which stay theirs.
 */
function colourPythonCalls(loaded: typeof PrismApi): void {
  loaded.languages.insertBefore("python", "boolean", {
    call: { pattern: /\b[A-Za-z_]\w*(?=\s*\()/, alias: "function" },
  });
}

/** Stack Exchange's names for a language that Prism knows by another (`c#`, `html`, `vb`). */
const ALIASES: Readonly<Record<string, string>> = {
  ...{ "c#": "csharp", "c++": "cpp", cc: "cpp", h: "c", hpp: "cpp", "objective-c": "objectivec" },
  ...{
    "obj-c": "objectivec",
    "q#": "qsharp",
    html: "markup",
    xhtml: "markup",
    xml: "markup",
    xaml: "markup",
  },
  ...{
    vb: "vbnet",
    "vb.net": "vbnet",
    golang: "go",
    zsh: "bash",
    console: "bash",
    ps1: "powershell",
  },
  ...{ apache: "apacheconf", dockerfile: "docker", jsx: "javascript", tsx: "typescript" },
  ...{ pl: "perl", kt: "kotlin", rs: "rust", yml: "yaml", cfg: "ini", make: "makefile" },
};

/** The names that mean "no language": the block stays plain. */
const PLAIN = new Set(["none", "text", "plaintext", "plain", "txt"]);

/**
 * The palette: Prism's token types (and aliases), each to one of nine one-letter classes the
 * style sheet colours (src/styles/site.css, "Code"), or to none (the text's own colour). Listed
 * from the least telling to the most: a block that would outgrow `MAX_GROWTH` gives up its
 * colours in this order.
 */
const PALETTE: readonly (readonly [RegExp, string])[] = [
  [
    /^(?:number|boolean|constant|attr-name|property|variable|entity|unit|hexcode|color|parameter|annotation|decorator|key|namespace)$/,
    "n",
  ],
  [/^(?:builtin|symbol|char-class)$/, "b"],
  [/^(?:function|class-name|function-definition|method|macro)$/, "f"],
  [/^(?:tag|selector|inserted|coord|title)$/, "t"],
  [/^(?:list|bullet)$/, "u"],
  [/^(?:keyword|important|rule|atrule|directive|doctype-tag|shebang)$/, "k"],
  [/^(?:deleted)$/, "d"],
  [/^(?:string|char|regex|attr-value|template-string|url|heredoc-string)$/, "s"],
  [/^(?:comment|prolog|doctype|cdata|blockquote)$/, "c"],
];

/**
 * Tokens whose text is code again inside a coloured one (`${...}` in a template string), which
 * take no colour of their parent's.
 */
const CODE_INSIDE = new Set(["interpolation", "template-punctuation", "embedded"]);

/**
 * A coloured block is at most this many times the plain block's bytes: beyond, a page would
 * weigh more in markup than in code. Few blocks reach it (scripts/bench.md, "Code highlighting").
 */
export const MAX_GROWTH = 2.5;

/** The palette's class of each token type met so far: the grammars name few types. */
const TYPE_COLOURS = new Map<string, string | undefined>();

function colourOfType(type: string): string | undefined {
  if (!TYPE_COLOURS.has(type)) {
    TYPE_COLOURS.set(type, PALETTE.find(([types]) => types.test(type))?.[1]);
  }
  return TYPE_COLOURS.get(type);
}

/** A token's colour: its type's, else its first alias's that has one. */
function colourOfToken({ type, alias }: PrismApi.Token): string | undefined {
  const own = colourOfType(type);
  if (own !== undefined || alias === undefined) return own;
  for (const name of typeof alias === "string" ? [alias] : alias) {
    const colour = colourOfType(name);
    if (colour !== undefined) return colour;
  }
  return undefined;
}

/** The grammar a language's name or alias names, such as `js`, `c#` or `sh`; none for plain. */
function grammarOf(language: string): { name: string; grammar: PrismApi.Grammar } | undefined {
  const lower = language.toLowerCase();
  if (PLAIN.has(lower)) return undefined;
  const name = ALIASES[lower] ?? lower;
  const { languages } = loadedPrism();
  const grammar: unknown = Object.hasOwn(languages, name) ? languages[name] : undefined;
  return typeof grammar === "object" && grammar !== null
    ? { name, grammar: grammar as PrismApi.Grammar }
    : undefined;
}

/** Whether `language` is a name a post or community.yaml may give code: one known, or "none". */
export function namesLanguage(language: string): boolean {
  return PLAIN.has(language.toLowerCase()) || knowsLanguage(language);
}

/** Whether `language` names a language code is coloured in (a name or alias, not "none"). */
export function knowsLanguage(language: string): boolean {
  return grammarOf(language) !== undefined;
}

/**
 * `code` coloured as `language` (a name or alias Prism or Stack Exchange knows, such as `js`,
 * `c#` or `sh`), as HTML to put inside a `<code>`: its text escaped, its tokens in spans of the
 * palette's classes. Past `maxBytes`, it gives up the palette's least telling colours until it
 * fits, or stays plain. Undefined for a language it does not know, or one that means plain.
 */
export function highlightCode(
  code: string,
  language: string,
  maxBytes = Number.POSITIVE_INFINITY,
): string | undefined {
  const known = grammarOf(language);
  if (known === undefined) return undefined;
  // As Prism.highlight does, with the hooks a grammar such as PHP's needs around its tokens.
  const { hooks, tokenize } = loadedPrism();
  const env = {
    code,
    grammar: known.grammar,
    language: known.name,
    tokens: [""] as PrismApi.TokenStream,
  };
  hooks.run("before-tokenize", env);
  env.tokens = tokenize(env.code, env.grammar);
  hooks.run("after-tokenize", env);
  const runs = new ColouredRuns();
  runs.addTokens(env.tokens);
  let html = runs.html(ALL_COLOURS);
  for (let dropped = 1; html.length > maxBytes && dropped <= PALETTE.length; dropped++) {
    html = runs.html(new Set(ALL_COLOURS_LEAST_FIRST.slice(dropped)));
  }
  return html;
}

const ALL_COLOURS_LEAST_FIRST = PALETTE.map(([, colour]) => colour);
const ALL_COLOURS: ReadonlySet<string> = new Set(ALL_COLOURS_LEAST_FIRST);

/**
 * A block's tokens as runs of text and the palette's class they show in, a nested token of no
 * colour taking its parent's. Made as HTML by `html`, with the colours a block can afford.
 */
class ColouredRuns {
  /** Each run's text, escaped once (`escapeText`): `html` may be asked for more than once. */
  private readonly texts: string[] = [];
  private readonly colours: (string | undefined)[] = [];
  /** The colour of each open scope, its parent's when it has none of its own. */
  private readonly open: (string | undefined)[] = [];

  addText(text: string): void {
    if (text === "") return;
    const escaped = escapeText(text);
    const colour = this.open.at(-1);
    const last = this.texts.length - 1;
    if (last >= 0 && this.colours[last] === colour) this.texts[last] += escaped;
    else {
      this.texts.push(escaped);
      this.colours.push(colour);
    }
  }

  /** Prism's tokens, nested ones inside their parent's colour unless they hold code again. */
  addTokens(tokens: PrismApi.TokenStream): void {
    if (typeof tokens === "string") {
      this.addText(tokens);
      return;
    }
    for (const token of Array.isArray(tokens) ? tokens : [tokens]) {
      if (typeof token === "string") this.addText(token);
      else {
        const inherited = CODE_INSIDE.has(token.type) ? undefined : this.open.at(-1);
        this.open.push(colourOfToken(token) ?? inherited);
        this.addTokens(token.content);
        this.open.pop();
      }
    }
  }

  /**
   * The runs as HTML: text escaped as the sanitizer escapes it, but for quotes, which text
   * need not escape; a span per run of a colour in `kept`, white space between two runs of one
   * colour inside their span, for fewer bytes.
   */
  html(kept: ReadonlySet<string>): string {
    let html = "";
    let inSpan: string | undefined;
    let space = "";
    this.texts.forEach((escaped, index) => {
      if (/^\s+$/.test(escaped)) {
        space += escaped;
        return;
      }
      const colour = this.colours[index];
      const shown = colour !== undefined && kept.has(colour) ? colour : undefined;
      if (shown !== inSpan) {
        html += `${inSpan === undefined ? "" : "</span>"}${space}`;
        html += shown === undefined ? "" : `<span class="${shown}">`;
        inSpan = shown;
      } else html += space;
      html += escaped;
      space = "";
    });
    return html + (inSpan === undefined ? "" : "</span>") + space;
  }
}
