import hljs from "highlight.js/lib/core";
import apache from "highlight.js/lib/languages/apache";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import csharp from "highlight.js/lib/languages/csharp";
import css from "highlight.js/lib/languages/css";
import dart from "highlight.js/lib/languages/dart";
import diff from "highlight.js/lib/languages/diff";
import dockerfile from "highlight.js/lib/languages/dockerfile";
import go from "highlight.js/lib/languages/go";
import haskell from "highlight.js/lib/languages/haskell";
import ini from "highlight.js/lib/languages/ini";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import kotlin from "highlight.js/lib/languages/kotlin";
import lua from "highlight.js/lib/languages/lua";
import makefile from "highlight.js/lib/languages/makefile";
import markdown from "highlight.js/lib/languages/markdown";
import nginx from "highlight.js/lib/languages/nginx";
import nix from "highlight.js/lib/languages/nix";
import objectivec from "highlight.js/lib/languages/objectivec";
import perl from "highlight.js/lib/languages/perl";
import php from "highlight.js/lib/languages/php";
import powershell from "highlight.js/lib/languages/powershell";
import python from "highlight.js/lib/languages/python";
import r from "highlight.js/lib/languages/r";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import scala from "highlight.js/lib/languages/scala";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import swift from "highlight.js/lib/languages/swift";
import typescript from "highlight.js/lib/languages/typescript";
import vbnet from "highlight.js/lib/languages/vbnet";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";

/*
 * Code blocks coloured at build time with highlight.js 11, whose grammars and language names
 * are Stack Exchange's own (its pages colour code with it in the browser). Chosen by measure
 * (scripts/bench.md, "Code highlighting"): the only highlighter whose output stays near twice
 * the plain block's bytes once its classes are cut to the palette's nine, and the fastest.
 */

const LANGUAGES = {
  ...{
    apache,
    bash,
    c,
    cpp,
    csharp,
    css,
    dart,
    diff,
    dockerfile,
    go,
    haskell,
    ini,
    java,
    javascript,
  },
  ...{ json, kotlin, lua, makefile, markdown, nginx, nix, objectivec, perl, php, powershell },
  ...{ python, r, ruby, rust, scala, shell, sql, swift, typescript, vbnet, xml, yaml },
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/**
 * The palette: highlight.js's scopes (`keyword`, `title.function`...), each to one of nine
 * one-letter classes the style sheet colours (src/styles/site.css, "Code"), or to none (the
 * text's own colour). Listed from the least telling to the most: a block that would outgrow
 * `MAX_GROWTH` gives up its colours in this order.
 */
const PALETTE: readonly (readonly [RegExp, string])[] = [
  [
    /^(?:number|literal|attr|attribute|meta|operator|variable|selector-attr|selector-class|selector-id|section)$/,
    "n",
  ],
  [/^(?:built_in|symbol)$/, "b"],
  [/^title(?:\.|$)/, "f"],
  [/^(?:name|quote|selector-tag|selector-pseudo|addition)$/, "t"],
  [/^bullet$/, "u"],
  [/^(?:keyword|doctag|type|template-tag|template-variable|variable\.language)$/, "k"],
  [/^deletion$/, "d"],
  [/^(?:string|regexp)$/, "s"],
  [/^(?:comment|code|formula)$/, "c"],
];

/**
 * A coloured block is at most this many times the plain block's bytes: beyond, a page would
 * weigh more in markup than in code. Few blocks reach it (scripts/bench.md, "Code highlighting").
 */
export const MAX_GROWTH = 2.5;

/** The palette's class of each scope met so far: a grammar names few scopes. */
const SCOPE_COLOURS = new Map<string, string | undefined>();

function colourOfScope(scope: string): string | undefined {
  if (!SCOPE_COLOURS.has(scope)) {
    SCOPE_COLOURS.set(scope, PALETTE.find(([scopes]) => scopes.test(scope))?.[1]);
  }
  return SCOPE_COLOURS.get(scope);
}

/** The names that mean "no language": the block stays plain. */
const PLAIN = new Set(["none", "lang-none", "text", "plaintext", "plain", "txt"]);

/** Whether `language` is a name a post or community.yaml may give code: one known, or "none". */
export function namesLanguage(language: string): boolean {
  return PLAIN.has(language.toLowerCase()) || knowsLanguage(language);
}

/** Whether `language` names a language code is coloured in (a name or alias, not "none"). */
export function knowsLanguage(language: string): boolean {
  const name = language.toLowerCase();
  return !PLAIN.has(name) && hljs.getLanguage(name) !== undefined;
}

/**
 * `code` coloured as `language` (a name or alias highlight.js knows, such as `js`, `c#` or
 * `sh`), as HTML to put inside a `<code>`: its text escaped, its tokens in spans of the
 * palette's classes. Past `maxBytes`, it gives up the palette's least telling colours until it
 * fits, or stays plain. Undefined for a language it does not know, or one that means plain.
 */
export function highlightCode(
  code: string,
  language: string,
  maxBytes = Number.POSITIVE_INFINITY,
): string | undefined {
  if (!knowsLanguage(language)) return undefined;
  const { _emitter: runs } = hljs.highlight(code, {
    language: language.toLowerCase(),
    ignoreIllegals: true,
  }) as unknown as { _emitter: ColouredRuns };
  let html = runs.html(ALL_COLOURS);
  for (let dropped = 1; html.length > maxBytes && dropped <= PALETTE.length; dropped++) {
    html = runs.html(new Set(ALL_COLOURS_LEAST_FIRST.slice(dropped)));
  }
  return html;
}

const ALL_COLOURS_LEAST_FIRST = PALETTE.map(([, colour]) => colour);
const ALL_COLOURS: ReadonlySet<string> = new Set(ALL_COLOURS_LEAST_FIRST);

/**
 * highlight.js's emitter (its `__emitter` option), which takes the tokens as the grammar reads
 * them: here, as runs of text and the palette's class they show in, a nested scope of no colour
 * taking its parent's. Made as HTML once, by `html`, with no tree or markup to read back.
 */
class ColouredRuns {
  private readonly texts: string[] = [];
  private readonly colours: (string | undefined)[] = [];
  /** The colour of each open scope, its parent's when it has none of its own. */
  private readonly open: (string | undefined)[] = [];

  addText(text: string): void {
    if (text === "") return;
    const colour = this.open.at(-1);
    const last = this.texts.length - 1;
    if (last >= 0 && this.colours[last] === colour) this.texts[last] += text;
    else {
      this.texts.push(text);
      this.colours.push(colour);
    }
  }

  openNode(scope: string): void {
    this.open.push(colourOfScope(scope) ?? this.open.at(-1));
  }

  closeNode(): void {
    this.open.pop();
  }

  startScope(scope: string): void {
    this.openNode(scope);
  }

  endScope(): void {
    this.closeNode();
  }

  /** Code in another language inside this one (CSS in HTML): its runs, in this run's colour. */
  __addSublanguage(inner: ColouredRuns): void {
    const outer = this.open.at(-1);
    inner.texts.forEach((text, index) => {
      this.open.push(inner.colours[index] ?? outer);
      this.addText(text);
      this.open.pop();
    });
  }

  finalize(): void {}

  /** Unused: `html` makes the HTML, with the colours a block can afford. */
  toHTML(): string {
    return "";
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
    this.texts.forEach((text, index) => {
      const escaped = escapeCode(text);
      if (/^\s+$/.test(text)) {
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

hljs.configure({ __emitter: ColouredRuns } as unknown as Parameters<typeof hljs.configure>[0]);

function escapeCode(text: string): string {
  if (!/[&<>]/.test(text)) return text;
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
