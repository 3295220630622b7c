import MarkdownIt from "markdown-it";
import type StateInline from "markdown-it/lib/rules_inline/state_inline.mjs";
import { sanitizeInlineHtml, type BodyLinks } from "./body-html.ts";

/**
 * Stack Exchange's comment Markdown: `**bold**`, `*italic*`, `` `code` ``, `[text](url)`,
 * `<https://...>` and bare addresses linked, `[tag:x]` and `[meta-tag:x]` links to the tag's
 * questions; nothing
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
  const env: TagSites = tagSites(origin);
  return sanitizeInlineHtml(commentMarkdown.renderInline(text, env), origin);
}

/**
 * Where a comment's `[tag:x]` and `[meta-tag:x]` lead, as on Stack Exchange: on a site's meta
 * (`bicycles.meta.stackexchange.com`, `meta.superuser.com`), `[tag:x]` is the main site's tag,
 * on that site, and `[meta-tag:x]` the meta's own; on a main site, `[tag:x]` is its own and
 * `[meta-tag:x]` its meta's. A site's own tag is written root-relative, so that it leads to the
 * archive's tag page; the other site's is absolute, a link that leaves the archive.
 */
interface TagSites {
  tag: string;
  metaTag: string;
}

function tagSites(origin: string | undefined): TagSites {
  const own = "";
  const host = origin === undefined ? undefined : new URL(origin).host;
  if (host === undefined || host === "meta.stackexchange.com") return { tag: own, metaTag: own };
  const main = /^(.+)\.meta\.stackexchange\.com$/.exec(host)?.[1];
  if (main !== undefined) return { tag: `https://${main}.stackexchange.com`, metaTag: own };
  if (host.startsWith("meta.")) return { tag: `https://${host.slice(5)}`, metaTag: own };
  const meta = /^(.+)\.stackexchange\.com$/.exec(host)?.[1];
  return {
    tag: own,
    metaTag: `https://${meta === undefined ? `meta.${host}` : `${meta}.meta.stackexchange.com`}`,
  };
}

/** `[tag:x]` and `[meta-tag:x]` as links to the tag's questions, on the site each names. */
function tagLinks(md: MarkdownIt): void {
  md.inline.ruler.before("link", "tag_link", (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
    const tag = /^\[(tag|meta-tag):([a-z0-9.#+-]+)\]/.exec(state.src.slice(state.pos));
    if (tag === null) return false;
    const [written, kind, name = ""] = tag;
    if (!silent) {
      const sites = state.env as TagSites;
      const site = kind === "tag" ? sites.tag : sites.metaTag;
      const open = state.push("link_open", "a", 1);
      open.attrs = [["href", `${site}/questions/tagged/${encodeURIComponent(name)}`]];
      state.push("text", "", 0).content = name;
      state.push("link_close", "a", -1);
    }
    state.pos += written.length;
    return true;
  });
}
