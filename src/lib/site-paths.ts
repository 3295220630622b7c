/**
 * Relative addressing for the built pages. Astro writes root-absolute URLs (`/_astro/...`) and
 * has no relative-base mode (withastro/astro#5435), but the site must read the same from disk
 * (file://), from a host's root and from any sub-path. So every URL a page emits is relative to
 * that page, computed from how deep the page lies below the site's root.
 */

/**
 * The relative prefix from a page to the site's root: `./` for `/` (index.html), `../../` for
 * `/page/2/` (page/2/index.html), and so on. `pathname` is the page's URL path as Astro gives it in a
 * `directory`-format build: pages other than the root end in `/`.
 */
export function rootPrefix(pathname: string): string {
  // A page asks for its own prefix for each of its links, hundreds on a listing page: worked
  // out once a page, it was 1.8% of the rendering threads' time (scripts/bench.md, "Listing
  // entries apart").
  if (pathname !== lastPrefix.pathname) {
    const depth = pathname.split("/").filter((segment) => segment !== "").length;
    lastPrefix = { pathname, prefix: depth === 0 ? "./" : "../".repeat(depth) };
  }
  return lastPrefix.prefix;
}

let lastPrefix = { pathname: "/", prefix: "./" };

/**
 * `target`, a root-absolute path such as `/_astro/site.1a2b.css` or `/favicon.svg`, written
 * relative to the page at `pathname`.
 */
export function relativeUrl(pathname: string, target: string): string {
  return rootPrefix(pathname) + target.replace(/^\/+/, "");
}

/** The URL path of a question's page: `/questions/<id>/`, written as `questions/<id>/index.html`. */
export function questionPagePath(id: string): string {
  return `/questions/${id}/`;
}

/** The URL path of a user's page: `/users/<id>/`. */
export function userPagePath(id: string): string {
  return `/users/${id}/`;
}

/** The URL path of the list of users: `/users/`. */
export const USERS_PATH = "/users/";

/**
 * The link from the page at `pathname` to the page at `target` (a root-absolute page path,
 * ending in `/`), naming its `index.html`: a page opened from disk (file://) shows a folder's
 * listing for a link to the folder, not its index.
 */
export function pageLink(pathname: string, target: string): string {
  // From the root, `questions/...` rather than `./questions/...`: a page path of ours holds no
  // colon, so it cannot read as a scheme, and the listing pays these bytes on every entry.
  return relativeUrl(pathname, `${target}index.html`).replace(/^\.\/(?=.)/, "");
}

/**
 * The anchor of an answer on its question's page: `answer-<id>`, the fragment a link to the
 * answer ends in.
 */
export function answerAnchor(id: string): string {
  return `answer-${id}`;
}

/**
 * The anchor of a comment on its question's page: `comment-<id>` under the question, and
 * `answer-<answer>.comment-<id>` under an answer. Ids hold no `.`, so no two posts' comments
 * share one, whatever their ids (a comment's id is unique among its post's only).
 */
export function commentAnchor(id: string, answer?: string): string {
  return answer === undefined ? `comment-${id}` : `${answerAnchor(answer)}.comment-${id}`;
}
