import MarkdownIt from "markdown-it";
import type StateInline from "markdown-it/lib/rules_inline/state_inline.mjs";
import { sanitizeInlineHtml, type BodyLinks } from "./body-html.ts";

/**
 * Stack Exchange's comment Markdown: `**bold**`, `*italic*`, `` `code` ``, `[text](url)`,
 * `<https://...>` and bare addresses linked, `[tag:x]` a link to the tag's questions; nothing
 * block-level, and no HTML, which shows as typed. markdown-it's `zero` preset with only those
 * rules enabled, rendered inline.
 */
const commentMarkdown = new MarkdownIt("zero", { html: false, linkify: true, typographer: false })
  .enable(["emphasis", "backticks", "link", "autolink", "linkify", "entity", "escape"])
  .use(tagLinks);

/**
 * A comment's text as HTML that is safe to put on a page: its Markdown read inline, then
 * through the sanitizer of bodies (`sanitizeInlineHtml`), which reads its links as a body's.
 */
export function renderCommentHtml(
  text: string,
  origin: string | undefined,
): { html: string; links: BodyLinks } {
  return sanitizeInlineHtml(commentMarkdown.renderInline(text), origin);
}

/** `[tag:x]` as a link to the tag's questions on the community's site. */
function tagLinks(md: MarkdownIt): void {
  md.inline.ruler.before("link", "tag_link", (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
    const tag = /^\[tag:([a-z0-9.#+-]+)\]/.exec(state.src.slice(state.pos));
    if (tag === null) return false;
    const [written, name = ""] = tag;
    if (!silent) {
      const open = state.push("link_open", "a", 1);
      open.attrs = [["href", `/questions/tagged/${encodeURIComponent(name)}`]];
      state.push("text", "", 0).content = name;
      state.push("link_close", "a", -1);
    }
    state.pos += written.length;
    return true;
  });
}
