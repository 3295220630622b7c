import type { BodyLinks } from "../lib/body-html.ts";
import type { PostTarget } from "../lib/post-links.ts";
import { answerAnchor, pageLink, questionPagePath } from "../lib/site-paths.ts";
import { tagPagePath } from "../lib/tag-folder.ts";

/*
 * The links between posts, settled with the whole content at hand: where in the archive each
 * link of a body lands (a question's page, an answer on it, a tag's page), and which questions
 * are linked to which, both ways, for the "Linked questions" of their pages. Bodies keep their
 * links' targets (src/lib/body-html.ts), so an entry from the cache is settled again each
 * build: a link to a question deleted since then leaves the archive rather than break.
 */

/** What the archive holds, as the links need it. */
export interface ArchiveHolds {
  question(id: string): boolean;
  /** The question an answer of the archive answers; undefined for no such answer. */
  questionOfAnswer(id: string): string | undefined;
  tag(tag: string): boolean;
  /**
   * The anchor of comment `comment` of post `post` (question `question` itself, or an answer on
   * it) on that question's page; undefined when there is no such comment.
   */
  commentAnchor(question: string, post: string, comment: string): string | undefined;
}

/** The links of every post, noted as the entries are taken, then settled. */
export class PostLinkGraph {
  readonly #holds: ArchiveHolds;
  /** The questions each question is linked with, both ways; only those with any. */
  readonly #linked = new Map<string, Set<string>>();
  /** Links to answers whose question is known only once every answer is taken. */
  readonly #toAnswers: { from: string; answer: string }[] = [];
  readonly #answerQuestions = new Map<string, string | undefined>();

  constructor(holds: ArchiveHolds) {
    this.#holds = holds;
  }

  /** The links of a post of question `from` (its own body's, or one of its answers'). */
  noteBody(from: string, links: BodyLinks | undefined): void {
    for (const target of links?.targets ?? []) {
      const [kind, id] = target.split("/");
      if (kind === "q" && id !== undefined) this.noteLinked(from, [id]);
      else if (kind === "a" && id !== undefined) this.#toAnswers.push({ from, answer: id });
    }
  }

  /** Questions that `from` links to, as its `linked` field or its bodies name them. */
  noteLinked(from: string, questions: readonly string[]): void {
    for (const to of questions) {
      if (to === from || !this.#holds.question(to)) continue;
      this.#link(from, to);
      this.#link(to, from);
    }
  }

  /** Once every entry was noted: the links to answers, by their questions. */
  settle(): void {
    for (const { from, answer } of this.#toAnswers.splice(0)) {
      const question = this.#questionOfAnswer(answer);
      if (question !== undefined) this.noteLinked(from, [question]);
    }
  }

  /** Whether `id` is linked with any question. */
  has(id: string): boolean {
    return this.#linked.has(id);
  }

  /** The questions `id` is linked with, either way. */
  linkedWith(id: string): Iterable<string> {
    return this.#linked.get(id) ?? [];
  }

  /** Where `target` lands from the page at `pathname`; undefined when not in the archive. */
  hrefOf(target: PostTarget, pathname: string): string | undefined {
    const [kind, id, answerKind, answer, comment = ""] = target.split("/");
    if (kind === "home") return pageLink(pathname, "/");
    if (id === undefined) return undefined;
    if (kind === "t") return this.#holds.tag(id) ? pageLink(pathname, tagPagePath(id)) : undefined;
    const question = kind === "a" ? this.#questionOfAnswer(id) : id;
    if (question === undefined || !this.#holds.question(question)) return undefined;
    const onPage = pageLink(pathname, questionPagePath(question));
    // A post or comment not in the archive, on a question that is: its question's page.
    const anchor =
      answerKind === "c"
        ? this.#holds.commentAnchor(question, answer ?? "", comment)
        : this.#answerAnchor(question, kind === "a" ? id : answerKind === "a" ? answer : undefined);
    return anchor === undefined ? onPage : `${onPage}#${anchor}`;
  }

  #answerAnchor(question: string, answer: string | undefined): string | undefined {
    return answer !== undefined && this.#questionOfAnswer(answer) === question
      ? answerAnchor(answer)
      : undefined;
  }

  #questionOfAnswer(answer: string): string | undefined {
    if (!this.#answerQuestions.has(answer)) {
      this.#answerQuestions.set(answer, this.#holds.questionOfAnswer(answer));
    }
    return this.#answerQuestions.get(answer);
  }

  #link(from: string, to: string): void {
    const linked = this.#linked.get(from);
    if (linked === undefined) this.#linked.set(from, new Set([to]));
    else linked.add(to);
  }
}

/** How a build's links came out, for its one line about them (`linkTallyLine`). */
export interface LinkTally {
  /** Links to the community's site that lead to a page of the archive. */
  rewritten: number;
  /** Links to the community's site that stay on it: their page is not in the archive. */
  leaving: number;
  /** Links that lost their address: relative ones, or to the site with no origin known. */
  lost: number;
}

/** The build's line about its links; none when the posts have no such link. */
export function linkTallyLine({ rewritten, leaving, lost }: LinkTally): string | undefined {
  if (rewritten + leaving + lost === 0) return undefined;
  const links = (count: number, one: string, many: string) =>
    count === 1 ? `1 link ${one}` : `${count} links ${many}`;
  return [
    `[links] ${links(rewritten, "to a post leads to its page", "to posts lead to their pages")} in the archive`,
    links(leaving, "stays on the original site", "stay on the original site") +
      ", for pages not in the archive",
    links(lost, "named no file of the archive and was", "named no file of the archive and were") +
      " left as text",
  ].join("; ");
}
