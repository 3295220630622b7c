import { z } from "zod";
import type { BodyLinks } from "../lib/body-html.ts";
import { fieldsObject, isoInstant, optionalLine, webAddress } from "./fields.ts";

/** The folder of the content that holds the tags' wikis: `tags/<folder>.md` (`tagFolder`). */
export const TAG_WIKIS_FOLDER = "tags";

/**
 * The frontmatter of `content/tags/<folder>.md`, a tag's wiki as Stack Exchange keeps it: the
 * excerpt, shown under the tag's name, and the wiki itself as the file's body.
 */
export const tagWikiFrontmatterSchema = fieldsObject("of a tag wiki", {
  /** The tag's short description, plain text on one line (Stack Exchange's excerpt). */
  excerpt: optionalLine("excerpt", '"Questions about brewing beer at home."'),
  /** When the wiki or its excerpt was last edited, as a question's `asked`. */
  edited: isoInstant("edited", "the date of its last edit").optional(),
  /** The wiki's page on the original site. */
  source: webAddress("source", "https://beer.stackexchange.com/tags/hops/info"),
  /** The licence the wiki was published under, such as `CC BY-SA 4.0`. */
  license: optionalLine("license", '"CC BY-SA 4.0"'),
});

export type TagWikiFrontmatter = z.output<typeof tagWikiFrontmatterSchema>;

/**
 * What reading a tag wiki file yields on its own (src/core/tag-wiki-file.ts): its frontmatter,
 * and its body as safe HTML (`renderBody`, its code not yet coloured: the language comes from
 * community.yaml's table for the tag), with the links only the whole content settles.
 */
export type TagWikiEntry = TagWikiFrontmatter & {
  tag: string;
  /** The file as messages name it. */
  file: string;
  bodyHtml: string;
  postLanguage?: string;
  bodyLinks?: BodyLinks;
};

/** A tag's wiki as its pages show it: the body's links and images settled, its code coloured. */
export interface TagWiki {
  tag: string;
  excerpt?: string;
  /** "" when the file has no body: its excerpt alone. */
  bodyHtml: string;
  edited?: { datetime: string; text: string };
  source?: string;
  license?: string;
}
