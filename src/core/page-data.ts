import type { ImageSize } from "../lib/content-images.ts";
import type { QuestionState } from "../schemas/question.ts";

/*
 * What the pages show: the data each page maps to markup, derived at load time (src/core/
 * listing.ts, question-page.ts, tags.ts). Types of their own, not schemas: they are made here,
 * never read from a file. A page's texts are `Text`: HTML as a page shows it, or, while a build
 * holds the page, whatever the build keeps in its place (src/machinery/store/stored-text.ts).
 */

/** One question as the listing (and a tag's page) shows it. */
export interface ListingEntry {
  /** The question's id: its file name without `.md`. */
  id: string;
  /** The title plus its state's marker, as shown. */
  titleLine: string;
  /**
   * With `math: tex`, the title line as HTML, its formulas typeset (`typesetTitle`): shown in
   * its place as a heading or a link (none: its title holds no formula).
   */
  titleHtml?: string;
  /** The tags in the author's order. */
  tags: string[];
  /** The plain-text excerpt, duplicate notice included, already cut to length. */
  excerpt: string;
}

/** A date as a page shows it (see `instantOnPage`). */
export interface ShownInstant {
  /** For `<time datetime>`: an HTML global date and time. */
  datetime: string;
  /** For a reader: `2024-03-05 14:22 UTC`. */
  text: string;
}

/** Who wrote a post, where it came from, its score and its last edit, as its page shows them. */
export interface ShownCredit {
  author?: string;
  authorUrl?: string;
  /** The author's page in the archive, `users/<user>/` (none: a name alone, or `authorUrl`). */
  user?: string;
  score: number;
  source?: string;
  license?: string;
  /** Its last edit, and who made it, credited as the author is (none: no edit is known). */
  edited?: { when: ShownInstant; editor?: string; editorUrl?: string; editorUser?: string };
  /** Community wiki: written by many, so the author named is only who began it (none: not). */
  communityWiki?: true;
}

/** A comment as its post's page shows it. */
export interface ShownComment {
  id: string;
  /** Its text as sanitized inline HTML (src/lib/comment-html.ts). */
  html: string;
  commented: ShownInstant;
  score: number;
  author?: string | undefined;
  authorUrl?: string | undefined;
  user?: string | undefined;
  license?: string | undefined;
}

/** One answer as its question's page shows it. */
export interface ShownAnswer<Text = string> extends ShownCredit {
  id: string;
  answered: ShownInstant;
  accepted: boolean;
  /** The body as sanitized HTML (`renderBody`). */
  bodyHtml: Text;
  /** Its comments as its entry keeps them (`commentsJson`), until the page is read. */
  commentsJson?: Text;
  /** Its comments, oldest first, once the page is read (`withPageSettled`; none: no field). */
  comments?: ShownComment[];
}

/** One question as its page shows it: a question page is a listing entry and more. */
export interface QuestionPage<Text = string> extends ListingEntry, ShownCredit {
  state: QuestionState;
  asked: ShownInstant;
  /** When anything last happened to it (none: not known). */
  modified?: ShownInstant;
  /** How many times it was viewed (none: not known). */
  views?: number;
  /** When it was closed, and why (none: not closed, or not known when). */
  closed?: { when: ShownInstant; reason?: string };
  /** When a moderator locked it (none: not locked). */
  locked?: ShownInstant;
  /** For a duplicate: the question it duplicates, for the notice that links to it. */
  original?: { id: string; title: string; titleHtml?: string; answers: number };
  /** The body as sanitized HTML (`renderBody`). */
  bodyHtml: Text;
  /** The question's comments as its entry keeps them (`commentsJson`), until the page is read. */
  commentsJson?: Text;
  /** The question's comments, oldest first, once the page is read (none: no field). */
  comments?: ShownComment[];
  /** Accepted first, then by score (highest first), then oldest first, then by id. */
  answers: ShownAnswer<Text>[];
  /** How many answers the question has: its answer files, or its `answers` field. */
  answerCount: number;
  /**
   * Where the bodies' links to the community's site lead from this page, by target, for those
   * the archive holds (`resolvePostLinks`); none when the bodies have no such link. Part of the
   * page's data, so that a rebuild writes the page again when a target comes or goes.
   */
  postLinks?: Record<string, string>;
  /**
   * The language the question's tags (or the community's default) give code that names none
   * (`languageOfTags`), coloured when the page is read (none: no field). Part of the page's
   * data, so that a rebuild writes the page again when the tags change.
   */
  codeLanguage?: string;
  /**
   * The size of each file of the content's `images/` the bodies show, by name
   * (`settleImages`); none when they show none. Part of the page's data, so that a rebuild
   * writes the page again when an image's size changes.
   */
  images?: Record<string, ImageSize>;
  /** The questions linked with this one, either way, in listing order (none: no field). */
  linked?: { id: string; titleLine: string; titleHtml?: string }[];
}

/** A tag as the tags index shows it: the tag, and how many questions carry it. */
export interface TagSummary {
  tag: string;
  count: number;
}
