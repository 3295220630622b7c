import { isWindowsDeviceName } from "./windows-names.ts";

/**
 * The folder a tag's page lives in: `tags/<folder>/`. Tags are `^[a-z0-9.-]+$`, and `.net`
 * and `a..b` are valid: as folder names they would be hidden (static hosts refuse to serve dot
 * folders). So every `.` becomes `_`, which no tag can hold: the encoding is one to one (no two
 * tags share a folder), never starts with a dot and holds no separator. A tag Windows keeps for
 * a device (`con`, `nul`, `com1`) gets a `~`, which no other folder holds: `tags/con~/`. It is
 * stable: a tag's address never changes.
 */
export function tagFolder(tag: string): string {
  const folder = tag.replaceAll(".", "_");
  return isWindowsDeviceName(folder) ? `${folder}~` : folder;
}

/** The URL path of a tag's page `number` (1-based): `/tags/<folder>/`, `/tags/<folder>/page/2/`. */
export function tagPagePath(tag: string, number = 1): string {
  const base = `/tags/${tagFolder(tag)}/`;
  return number === 1 ? base : `${base}page/${number}/`;
}
