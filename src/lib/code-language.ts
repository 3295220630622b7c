/*
 * The language of a post's code blocks, as Stack Exchange's own hints name it: a
 * `<!-- language: lang-x -->` comment right before a block, and `<!-- language-all: lang-x -->`
 * for every block of the post (both as its editor writes them, in Markdown and HTML bodies
 * alike); a block's own `class="lang-x"`, as the dumps write it on the `<pre>`, is read by the
 * sanitizer (src/lib/body-html.ts).
 */

/** A language hint's name: `lang-x` or `x`, as Stack Exchange's editor accepts both. */
const HINT = String.raw`(?:lang-)?([\w#+.-]+)`;
const BLOCK_HINT = new RegExp(String.raw`<!--\s*language:\s*${HINT}\s*-->(\s*)<pre(?=[\s>])`, "g");
const POST_HINT = new RegExp(String.raw`<!--\s*language-all:\s*${HINT}\s*-->`);

/**
 * `html` (a body as the sanitizer is about to read it) with each `<!-- language: x -->` hint
 * moved onto the `<pre>` it precedes as `class="lang-x"`, where the sanitizer keeps it, and the
 * post's `language-all`, if any. A hint the post writes is the post's to write: the sanitizer
 * still decides what a `<pre>` may carry.
 */
export function readLanguageHints(html: string): { html: string; postLanguage?: string } {
  if (!html.includes("<!--")) return { html };
  const postLanguage = POST_HINT.exec(html)?.[1];
  const hinted = html.replace(
    BLOCK_HINT,
    (_hint, language: string, space: string) => `${space}<pre class="lang-${language}"`,
  );
  return postLanguage === undefined ? { html: hinted } : { html: hinted, postLanguage };
}
