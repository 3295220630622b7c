/**
 * Splitting the listing into pages of `pageSize` entries (community.yaml), in the global
 * order: page 1 is the site's root (`/`), page n is `/page/n/`, as Hugo and Eleventy name them.
 * A bare `/n/` would collide with Astro's own error routes: page 404 and page 500 would be
 * dropped or written as the error pages.
 */

/** The entries in pages; one page holding everything when `pageSize` is not set. */
export function splitIntoPages<T>(entries: readonly T[], pageSize: number | undefined): T[][] {
  if (pageSize === undefined || entries.length <= pageSize) return [[...entries]];
  const pages: T[][] = [];
  for (let start = 0; start < entries.length; start += pageSize) {
    pages.push(entries.slice(start, start + pageSize));
  }
  return pages;
}

/**
 * The URL path of page `number` (1-based) of a listing whose first page is at `base` (the site's
 * root, or a tag's page), as Astro builds it in `directory` format.
 */
export function pagePath(number: number, base = "/"): string {
  return number === 1 ? base : `${base}page/${number}/`;
}

/** The `[...page]` route parameter of page `number`: none for the first page. */
export function pageParameter(number: number): string | undefined {
  return number === 1 ? undefined : `page/${number}`;
}

/** One item of the numbered page links: a page, or a gap standing for pages left out. */
export type PageLink = { number: number; current: boolean } | { gap: true };

/**
 * The numbered links shown on page `current` of `count`: the first and last pages, the current
 * one and `around` pages on either side, with gaps between. A page of a million questions in
 * pages of 100 would otherwise link ten thousand pages from every page.
 */
export function pageLinks(current: number, count: number, around = 2): PageLink[] {
  const shown = new Set([1, count]);
  for (let number = current - around; number <= current + around; number++) {
    if (number >= 1 && number <= count) shown.add(number);
  }
  const links: PageLink[] = [];
  let previous = 0;
  for (const number of [...shown].sort((a, b) => a - b)) {
    // A gap of exactly one page shows that page instead: "1 2 3", never "1 … 3".
    if (number === previous + 2) links.push({ number: previous + 1, current: false });
    else if (number > previous + 2) links.push({ gap: true });
    links.push({ number, current: number === current });
    previous = number;
  }
  return links;
}
