/**
 * The folder a tag's page lives in: `tags/<folder>/`. Tags are `^[a-z0-9.-]+$`, and `.net`,
 * `.`, `..` and `a..b` are all valid: as folder names they would be hidden (static hosts refuse
 * to serve dot folders), or climb out of `tags/`. So every `.` becomes `_`, which no tag can
 * hold: the encoding is one to one (no two tags share a folder), never starts with a dot, never
 * names `.` or `..`, and holds no separator. It is stable: a tag's address never changes.
 */
export function tagFolder(tag: string): string {
  return tag.replaceAll(".", "_");
}

/** The URL path of a tag's page `number` (1-based): `/tags/<folder>/`, `/tags/<folder>/page/2/`. */
export function tagPagePath(tag: string, number = 1): string {
  const base = `/tags/${tagFolder(tag)}/`;
  return number === 1 ? base : `${base}page/${number}/`;
}
