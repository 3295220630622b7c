import type { HeldPage } from "../store/text-store.ts";
import type { TabFacts } from "../../core/listing-tabs.ts";

/**
 * A question as a build holds it from load to the last page: what the listing needs to place
 * it (its id and tags), and its page, which holds what the listing shows of it. A build stores
 * the page on disk as soon as it is derived, and a listing or tag page reads back the pages of
 * the questions it shows (`readListingEntry`), as a question's page reads its own
 * (`readQuestionPage`), so that a build never holds every page at once (scripts/bench.md, "Why
 * the constants are what they are").
 */
export interface ListedQuestion {
  id: string;
  tags: string[];
  /**
   * A digest of what the listing shows of the question (its title line, tags and excerpt):
   * what a listing page's bytes depend on, for a rebuild to tell whether it changed, where the
   * page's own digest changes with its answers too.
   */
  listingDigest: string;
  /** What the listing's tabs order and pick it by (`TabFacts`). */
  facts: TabFacts;
  page: HeldPage;
}
