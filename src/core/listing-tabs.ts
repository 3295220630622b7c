import type { QuestionPage } from "./page-data.ts";
import { pagePath } from "../lib/pagination.ts";

/*
 * The listing's tabs, as Stack Exchange's questions page has them: Newest (the listing itself),
 * Votes (highest score first), Active (latest activity first) and Unanswered (no accepted answer
 * and no answer scored above zero, Stack Exchange's definition). A tag's page has Newest and
 * Votes. Each tab is its own pages at its own address, in plain links.
 */

/** The tabs of the listing, in the order they are shown. */
export const LISTING_TABS = ["newest", "votes", "active", "unanswered"] as const;

/** The tabs of a tag's page. */
export const TAG_TABS = ["newest", "votes"] as const;

export type ListingTab = (typeof LISTING_TABS)[number];

export type TagTab = (typeof TAG_TABS)[number];

/** What a tab says of itself: its link's label, its pages' heading and its folder. */
export const TAB_TEXTS: Record<ListingTab, { label: string; heading: string; folder: string }> = {
  newest: { label: "Newest", heading: "Newest questions", folder: "" },
  votes: { label: "Votes", heading: "Highest scored questions", folder: "votes/" },
  active: { label: "Active", heading: "Recently active questions", folder: "active/" },
  unanswered: { label: "Unanswered", heading: "Unanswered questions", folder: "unanswered/" },
};

/** The URL path of a tab's first page, for a listing whose first page is at `base`. */
export function listingTabPath(tab: ListingTab, base = "/"): string {
  return `${base}${TAB_TEXTS[tab].folder}`;
}

/**
 * The `[...page]` route parameter of a tab's page `number` (1-based), below the listing's
 * first page: none for the listing's own first page, `page/2`, `votes`, `votes/page/2`.
 */
export function tabPageParameter(tab: ListingTab, number: number): string | undefined {
  const path = pagePath(number, listingTabPath(tab)).slice(1, -1);
  return path === "" ? undefined : path;
}

/** What the tabs order and pick a question by, kept with it from load to the last page. */
export interface TabFacts {
  score: number;
  /**
   * When anything last happened to it (else when it was asked), in milliseconds since 1970: a
   * number, not the text, since a build holds one per question to its last page.
   */
  active: number;
  /** Whether an answer the archive holds is accepted or scored above zero. */
  answered: boolean;
}

/**
 * A question's facts, from its page. A question whose answers the archive does not hold (an
 * `answers` count without answer files) counts as answered: nothing says it is not.
 */
export function tabFacts(page: QuestionPage<unknown>): TabFacts {
  const held = page.answers;
  return {
    score: page.score,
    active: Date.parse((page.modified ?? page.asked).datetime),
    answered:
      held.some((answer) => answer.accepted || answer.score > 0) ||
      (held.length === 0 && page.answerCount > 0),
  };
}

/**
 * The questions of a tab, from the listing's (newest first): a sort that keeps the listing's
 * order among equals, so ties read newest first, as on Stack Exchange.
 */
export function questionsOfTab<Question extends { facts: TabFacts }>(
  listing: readonly Question[],
  tab: ListingTab,
): readonly Question[] {
  switch (tab) {
    case "newest":
      return listing;
    case "votes":
      return [...listing].sort((a, b) => b.facts.score - a.facts.score);
    case "active":
      return [...listing].sort((a, b) => b.facts.active - a.facts.active);
    case "unanswered":
      return listing.filter((question) => !question.facts.answered);
  }
}
