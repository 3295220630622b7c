/**
 * The listing of a community with more questions than this is split into pages (`pageSize` in
 * community.yaml); up to it, one page holds them all. Figures in scripts/bench.md, "`pageSize` of
 * an import".
 */
export const PAGING_ABOVE = 100;

/** Questions per page when the importer pages: the most Stack Exchange's own lists show. */
export const IMPORT_PAGE_SIZE = 50;

/**
 * community.yaml's `pageSize` for this many questions written: `--page-size N` (N) or
 * `--page-size none` (null, one page) when given, else 50 above 100 questions. Undefined: left
 * out, one page.
 */
export function decidePageSize(
  questions: number,
  flag: number | null | undefined,
): number | undefined {
  if (flag !== undefined) return flag ?? undefined;
  return questions > PAGING_ABOVE ? IMPORT_PAGE_SIZE : undefined;
}

/** `--page-size`'s value: a whole number of at least 1, or `none`; undefined when neither. */
export function readPageSizeFlag(text: string): number | null | undefined {
  if (text === "none") return null;
  if (!/^[0-9]+$/.test(text)) return undefined;
  const size = Number(text);
  return Number.isSafeInteger(size) && size >= 1 ? size : undefined;
}
