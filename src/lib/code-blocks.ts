import { highlightCode, MAX_GROWTH } from "./code-highlight.ts";
import { decodeSanitizedText } from "./html-text.ts";

/*
 * A sanitized body's code blocks coloured, apart from the sanitizer and the Markdown reader
 * (src/lib/body-html.ts): a question's page colours its bodies' unnamed blocks as it is
 * written, and needs none of those loaded to do it.
 */

/**
 * Each code block coloured by its language (`highlightCode`): its `<code>`'s (a Markdown
 * fence's info string, `class="language-x"`, or `lang-x` as dumps write it), else its `<pre>`'s
 * (`lang-x`, from the dumps or a `<!-- language: -->` hint), else `fallback`: the post's
 * `language-all` when the post is read, the question's tags' when its page is
 * (`withPageSettled`). A block of a language that means none or that the highlighter does not
 * know stays as it is; one that only `fallback` names keeps it as its `<pre>`'s class, so that
 * no later pass colours it otherwise.
 *
 * The text is read back from the sanitized HTML and escaped again by the highlighter; a block
 * holding markup, or coloured already, is left alone. Sanitized output writes a block as
 * exactly `<pre><code>text</code></pre>`, with only the classes it keeps, and only `&`, `<`,
 * `>` and `"` escaped in the text.
 */
export function highlightBlocks(html: string, fallback: string | undefined): string {
  if (!html.includes("<pre")) return html;
  return html.replace(
    /(<pre(?: class="lang-([\w#+.-]+)")?><code(?: class="(?:language|lang)-([\w#+.-]+)")?>)([^<]*)<\/code><\/pre>/g,
    (block, opening: string, preLanguage?: string, codeLanguage?: string, escaped = "") => {
      const language = codeLanguage ?? preLanguage ?? fallback;
      if (language === undefined) return block;
      const code = decodeSanitizedText(escaped);
      const maxBytes = MAX_GROWTH * block.length - opening.length - "</code></pre>".length;
      const coloured = highlightCode(code, language, maxBytes);
      if (coloured !== undefined) return `${opening}${coloured}</code></pre>`;
      const named = codeLanguage ?? preLanguage;
      return named === undefined
        ? `<pre class="lang-${language}">${block.slice("<pre>".length)}`
        : block;
    },
  );
}
