/*
 * Links between the posts of one community, in every form Stack Exchange writes them, read
 * from a post's HTML link and later resolved to the archive's own pages. A link is read on its
 * own, where bodies are rendered (src/lib/body-html.ts), into a `PostTarget` key; whether its
 * target is in the archive only the whole content can tell (src/core/post-link-targets.ts).
 */

/**
 * What a link to the community's own site points at, as a key a body's HTML keeps: `q/<id>` a
 * question, `a/<id>` an answer, `q/<id>/a/<id>` an answer on its question (its permalink
 * `/questions/<id>/<slug>/<answer>`, or `/questions/<id>/<slug>#<answer>`),
 * `q/<id>/c/<post>/<comment>` a comment of the question or of an answer on it
 * (`#comment<comment>_<post>`), `t/<tag>` a tag's questions; `home` the site's front page or its questions, which is the archive's listing;
 * `site` a page of the site that the archive does not have (a user's profile, help).
 */
export type PostTarget = string;

/** How a link address reads against the community's site. */
export type LinkReading =
  /** Not the community's site: another site, mail, or no address a link can have. */
  | { kind: "elsewhere" }
  /**
   * The community's site: `target` names what on it, and `original` is the address on the
   * origin, absolute (none: no origin is known, and the address was written root-relative).
   */
  | { kind: "site"; target: PostTarget; original?: string }
  /** A relative address (`image.png`, `../x`, `#notes`): it names no file the archive has. */
  | { kind: "relative" };

/** A Stack Exchange post's id, as an answer's permalink ends in it (`#110`). */
const POST_ID = /^[1-9]\d{0,17}$/;

/**
 * An entry's id in a path: Stack Exchange's are numbers, but hand-written content's are file
 * names (src/schemas/fields.ts), and its posts link to each other the same way (`/a/<id>`).
 */
const ENTRY_ID = /^[a-z0-9_-]+$/;

/** The target of a page of the community's site that is no post or tag. */
const OTHER_PAGE: PostTarget = "site";

/**
 * Reads `address`, as a post's link holds it (entities decoded; spaces and control characters
 * removed, as browsers read it), against `origin`, the community's site (`https://host`), if
 * known. Root-relative addresses (`/questions/1`) are the community's own whether or not its
 * origin is known: the post was written on that site.
 */
export function readLinkAddress(address: string, origin: string | undefined): LinkReading {
  if (/^[a-z][a-z\d+.-]*:/i.test(address)) {
    if (origin === undefined || !/^https?:/i.test(address)) return { kind: "elsewhere" };
    return siteLink(address, origin);
  }
  if (address.startsWith("//")) {
    if (origin === undefined) return { kind: "elsewhere" };
    return siteLink(`${new URL(origin).protocol}${address}`, origin);
  }
  // An answer's anchor on the archive's pages, as a post written for it may link to one.
  const answerAnchor = /^#answer-([a-z0-9_-]+)$/.exec(address)?.[1];
  if (answerAnchor !== undefined) return { kind: "site", target: `a/${answerAnchor}` };
  if (address.startsWith("/")) {
    const url = parseUrl(address, "https://site.invalid");
    if (url === undefined) return { kind: "relative" };
    const target = pathTarget(url.pathname, url.hash);
    return origin === undefined
      ? { kind: "site", target }
      : { kind: "site", target, original: new URL(address, origin).href };
  }
  return { kind: "relative" };
}

/** An absolute web address: the community's site when its host is the origin's. */
function siteLink(address: string, origin: string): LinkReading {
  const url = parseUrl(address);
  if (url === undefined || url.host !== new URL(origin).host) return { kind: "elsewhere" };
  return { kind: "site", target: pathTarget(url.pathname, url.hash), original: url.href };
}

function parseUrl(address: string, base?: string): URL | undefined {
  try {
    return new URL(address, base);
  } catch {
    return undefined;
  }
}

/**
 * What a path of the community's site shows: `/questions/<id>[/<slug>[/<answer>]]`,
 * `/q/<id>[/<user>]`, `/a/<id>[/<user>]`, `/questions/tagged/<tag>`, `/tags/<tag>[/...]`, `/`
 * and `/questions`; any other path is a page the archive does not have. On a question's
 * address, a fragment that is a post id is an answer on it (Stack Exchange's answer permalinks
 * end in `#<answer>`), as is the archive's own `#answer-<id>`.
 */
function pathTarget(pathname: string, hash: string): PostTarget {
  const parts = pathname.split("/").filter((part) => part !== "");
  const [first, second, third, fourth] = parts.map(decodePart);
  if (first === undefined || (first === "questions" && second === undefined)) return "home";
  if (second === undefined) return OTHER_PAGE;
  if (first === "questions" && second === "tagged") return tagTarget(third, parts.length === 3);
  if (first === "tags") return tagTarget(second, parts.length <= 3);
  if (!ENTRY_ID.test(second)) return OTHER_PAGE;
  if (first === "a" && parts.length <= 3) return `a/${second}`;
  if (first === "q" && parts.length <= 3) return questionTarget(second, undefined, hash);
  if (first !== "questions" || parts.length > 4) return OTHER_PAGE;
  return questionTarget(
    second,
    fourth !== undefined && ENTRY_ID.test(fourth) ? fourth : undefined,
    hash,
  );
}

function questionTarget(question: string, answer: string | undefined, hash: string): PostTarget {
  const fragment = hash.slice(1);
  // Stack Exchange's link to a comment: `#comment<comment>_<post>`, the post its own or an answer's.
  const comment = /^comment(\d+)_(\d+)$/.exec(fragment);
  if (comment !== null) return `q/${question}/c/${comment[2] ?? ""}/${comment[1] ?? ""}`;
  // The archive's own comment anchors (`commentAnchor`), as a post written for it may link to.
  const anchor = /^(?:answer-([a-z0-9_-]+)\.)?comment-([a-z0-9_-]+)$/.exec(fragment);
  if (anchor !== null) return `q/${question}/c/${anchor[1] ?? question}/${anchor[2] ?? ""}`;
  const answerId =
    answer ?? (POST_ID.test(fragment) ? fragment : /^answer-([a-z0-9_-]+)$/.exec(fragment)?.[1]);
  return answerId === undefined ? `q/${question}` : `q/${question}/a/${answerId}`;
}

/** A tag's listing; one of several tags (`/questions/tagged/a+b`) is not a page of ours. */
function tagTarget(tag: string | undefined, alone: boolean): PostTarget {
  return alone && tag !== undefined && /^[a-z0-9.-]+$/.test(tag) ? `t/${tag}` : OTHER_PAGE;
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * A body's links to the community's site as a page shows them (`data-post`, from
 * src/lib/body-html.ts): those whose target `hrefOf` finds lead to it, relative to the page;
 * the others keep their address on the origin and say, to the eye and to screen readers, that
 * they leave the archive; one with no such address (written root-relative, no origin known)
 * keeps its text alone. A body's links are never nested, so a link ends at the first `</a>`.
 */
export function resolvePostLinks(
  html: string,
  hrefOf: (target: PostTarget) => string | undefined,
): string {
  if (!html.includes("<a data-post=")) return html;
  return html.replace(
    /<a data-post="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/g,
    (_link, target: string, attributes: string, text: string) => {
      const title = / title="[^"]*"/.exec(attributes)?.[0] ?? "";
      const href = hrefOf(target);
      if (href !== undefined) return `<a href="${href}"${title}>${text}</a>`;
      if (!attributes.includes(" href=")) return `<span>${text}</span>`;
      return `<a class="leaves-archive"${attributes}>${text}${LEAVES_ARCHIVE_NOTE}</a>`;
    },
  );
}

/** What a screen reader says after a link that leaves the archive (see `.leaves-archive`). */
const LEAVES_ARCHIVE_NOTE = `<span class="visually-hidden"> (not in this archive: opens the original site)</span>`;
