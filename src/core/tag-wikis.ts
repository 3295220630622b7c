import type { Community } from "../schemas/community.ts";
import type { TagWiki, TagWikiEntry } from "../schemas/tag-wiki.ts";
import type { ContentProblem } from "../lib/problems.ts";
import { highlightBlocks } from "../lib/code-blocks.ts";
import { languageOfTags } from "../lib/code-language.ts";
import { instantOnPage } from "../lib/iso-instant.ts";
import { settledBody } from "../lib/settled-body.ts";
import { tagFolder, tagInfoPath } from "../lib/tag-folder.ts";
import type { PostLinkGraph } from "./post-link-targets.ts";
import type { UsedImages } from "./used-images.ts";

/**
 * The rules across files for the wikis of `tags/`: each wiki's tag must be carried by a
 * question, since its pages hang off the tag's page, which only a question makes; and its
 * images must be files of `images/`. A wiki whose tag no question carries is a problem rather
 * than a page of its own: left out, it would vanish unsaid; shown, it would be a page no link
 * reaches. Its fix says both ways out.
 */
export function tagWikiProblems(
  wikis: readonly TagWikiEntry[],
  carried: (tag: string) => boolean,
  images: UsedImages,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { tag, file, bodyLinks } of wikis) {
    if (!carried(tag)) {
      problems.push({
        file,
        reason: `is the wiki of the tag ${tag}, which no question carries, so the site has no page for it; tag a question ${tag}, or remove tags/${tagFolder(tag)}.md (if the tag was renamed, rename the file as the new tag)`,
      });
    }
    images.check(file, bodyLinks?.images, problems);
  }
  return problems;
}

/**
 * Each wiki as its pages show it, sorted by tag: its links to the community's site lead to
 * their page in the archive where it holds them (`graph`, settled), its images to the site's
 * `images/`, and its code coloured in its own language or the one community.yaml gives its tag.
 */
export function settleTagWikis(
  wikis: readonly TagWikiEntry[],
  graph: PostLinkGraph,
  images: UsedImages,
  { codeLanguage, codeLanguages }: Pick<Community, "codeLanguage" | "codeLanguages">,
): TagWiki[] {
  return [...wikis]
    .sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
    .map(({ tag, excerpt, edited, source, license, bodyHtml, bodyLinks, postLanguage }) => {
      const pathname = tagInfoPath(tag);
      const sizes = images.sizesOf([bodyLinks]) ?? {};
      const hrefOf = (target: string) => graph.hrefOf(target, pathname);
      const shown = settledBody(bodyHtml, pathname, hrefOf, sizes);
      const language = postLanguage ?? languageOfTags([tag], codeLanguages, codeLanguage);
      return {
        tag,
        ...(excerpt !== undefined && { excerpt }),
        bodyHtml: highlightBlocks(shown, language),
        ...(edited !== undefined && { edited: instantOnPage(edited) }),
        ...(source !== undefined && { source }),
        ...(license !== undefined && { license }),
      };
    });
}
