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

/** The names that mean "no language": the block stays plain. */
const PLAIN = new Set(["none", "lang-none", "text", "plaintext", "plain", "txt"]);

/**
 * The palette: highlight.js's scopes, each to one of nine one-letter classes the style sheet
 * colours (src/styles/site.css, "Code"), or to none (the text's own colour).
 */
const PALETTE: readonly (readonly [RegExp, string])[] = [
  [/^(?:keyword|doctag|type|template-tag|template-variable|variable language_)$/, "k"],
  [/^title/, "f"],
  [
    /^(?:number|literal|attr|attribute|meta|operator|variable|selector-attr|selector-class|selector-id|section)$/,
    "n",
  ],
  [/^(?:string|regexp)$/, "s"],
  [/^(?:built_in|symbol)$/, "b"],
  [/^(?:comment|code|formula)$/, "c"],
  [/^(?:name|quote|selector-tag|selector-pseudo|addition)$/, "t"],
  [/^bullet$/, "u"],
  [/^deletion$/, "d"],
];

/**
 * `code` coloured as `language` (a name or alias highlight.js knows, such as `js`, `c#` or
 * `sh`), as HTML to put inside a `<code>`: its text escaped, its tokens in spans of the
 * palette's classes. Undefined for a language it does not know, or one that means plain.
 */
export function highlightCode(code: string, language: string): string | undefined {
  const name = language.toLowerCase();
  if (PLAIN.has(name) || hljs.getLanguage(name) === undefined) return undefined;
  const { value } = hljs.highlight(code, { language: name, ignoreIllegals: true });
  return toPalette(value);
}

/**
 * highlight.js's HTML (spans of `hljs-` classes, and escaped text) with each span's class cut
 * to the palette's: a span the palette does not colour is unwrapped, and a span that follows
 * one of the same class with nothing between is merged into it, for fewer bytes.
 */
function toPalette(html: string): string {
  const open: (string | undefined)[] = [];
  let out = "";
  let justClosed: string | undefined;
  for (const [token, classes] of html.matchAll(/<span class="([^"]*)">|<\/span>|[^<]+/g)) {
    if (classes !== undefined) {
      const scope = classes.replaceAll("hljs-", "");
      const colour = PALETTE.find(([scopes]) => scopes.test(scope))?.[1];
      open.push(colour);
      if (colour !== undefined && colour === justClosed) out = out.slice(0, -"</span>".length);
      else if (colour !== undefined) out += `<span class="${colour}">`;
      justClosed = undefined;
    } else if (token === "</span>") {
      const colour = open.pop();
      if (colour !== undefined) out += "</span>";
      justClosed = colour;
    } else {
      // highlight.js escapes quotes too; in text, as the plain block has them, they need not be.
      out += token.replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
      justClosed = undefined;
    }
  }
  return out;
}
