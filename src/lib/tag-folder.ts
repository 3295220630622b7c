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

/** The URL path of a tag's wiki page: `/tags/<folder>/info/`, as Stack Exchange's `tags/x/info`. */
export function tagInfoPath(tag: string): string {
  return `${tagPagePath(tag)}info/`;
}

/**
 * The tag whose folder `folder` is (`tagFolder` undone), or undefined when no tag has it: a
 * `tags/<folder>.md` file names its tag this way, one to one.
 */
export function tagOfFolder(folder: string): string | undefined {
  const tag = folder.replace(/~$/, "").replaceAll("_", ".");
  // The question schema's tag rule (TAG_PATTERN and a letter or digit), which lib cannot import.
  if (!/^[a-z0-9.-]+$/.test(tag) || !/[a-z0-9]/.test(tag)) return undefined;
  return tagFolder(tag) === folder ? tag : undefined;
}
