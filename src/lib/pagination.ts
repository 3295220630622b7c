/**
 * Splitting the listing into pages of `pageSize` entries (community.yaml), in the global
 * order: page 1 is the site's root (`/`), page n is `/page/n/`, as Hugo and Eleventy name them.
 * A bare `/n/` would collide with Astro's own error routes: page 404 and page 500 would be
 * dropped or written as the error pages.
 */

/** The entries in pages; one page holding everything when `pageSize` is not set. */
export function splitIntoPages<T>(entries: readonly T[], pageSize: number | undefined): T[][] {
  return Array.from({ length: pageCount(entries.length, pageSize) }, (_, index) =>
    entriesOfPage(entries, index + 1, pageSize),
  );
}

/** How many pages `splitIntoPages` makes of `length` entries: one at least, empty or not. */
export function pageCount(length: number, pageSize: number | undefined): number {
  return pageSize === undefined ? 1 : Math.max(1, Math.ceil(length / pageSize));
}

/**
 * The entries of page `number` (1-based) alone, as `splitIntoPages` has them, for a page that
 * reads its list when it is written rather than from a list of every page.
 */
export function entriesOfPage<T>(
  entries: readonly T[],
  number: number,
  pageSize: number | undefined,
): T[] {
  return pageSize === undefined
    ? [...entries]
    : entries.slice((number - 1) * pageSize, number * pageSize);
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
