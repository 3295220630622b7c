import { IMAGES_FOLDER, settleImages, type ImageSize } from "./content-images.ts";
import { resolvePostLinks, type PostTarget } from "./post-links.ts";
import { relativeUrl } from "./site-paths.ts";

/**
 * A post's or wiki's HTML as the page at `pathname` shows it: its links to the community's site
 * lead where `hrefOf` says (`resolvePostLinks`), and its images of the content's `images/` to
 * the site's copy, at their size (`settleImages`).
 */
export function settledBody(
  html: string,
  pathname: string,
  hrefOf: (target: PostTarget) => string | undefined,
  sizes: Readonly<Record<string, ImageSize>>,
): string {
  return settleImages(
    resolvePostLinks(html, hrefOf),
    (name) => relativeUrl(pathname, `/${IMAGES_FOLDER}/${name}`),
    (name) => sizes[name],
  );
}
