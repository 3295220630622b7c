import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getLiveCollection, getLiveEntry } from "astro:content";
import { IMAGES_FOLDER } from "./lib/content-images.ts";
import { contentDirectory } from "./project-paths.ts";
import type { ShownImage } from "./loaders/images.ts";
import { COMMUNITY_ENTRY_ID, type Community } from "./schemas/community.ts";
import type { ListingEntry, QuestionPage, TagSummary } from "./core/page-data.ts";
import { pagePath, pageParameter, splitIntoPages } from "./lib/pagination.ts";
import { questionPagePath, userPagePath, USERS_PATH } from "./lib/site-paths.ts";
import { settledBody } from "./lib/settled-body.ts";
import type {
  ListedUser,
  UserPage,
  UserPageShare,
  UserProfile,
  UserSummary,
} from "./core/users.ts";
import { tagFolder, tagInfoPath, tagPagePath } from "./lib/tag-folder.ts";
import type { TagWiki } from "./schemas/tag-wiki.ts";
import {
  compareStoredPlaces,
  readListingEntry,
  readPageBytes,
  readQuestionPage,
  readUserPage,
  rebuildIdentity,
  type HeldPage,
  type HeldUserPage,
} from "./machinery/store/text-store.ts";
import type { ListedQuestion } from "./machinery/loading/listed-question.ts";
import type { HeldSearchFile } from "./machinery/loading/load-content.ts";
import { pagesToWrite, pathsToWrite } from "./machinery/incremental/written-pages.ts";
import { staticPaths } from "./machinery/astro/deferred-paths.ts";
import { memoized } from "./lib/memoized.ts";
import { questionsByTag, tagIndex } from "./core/tags.ts";
import {
  LISTING_TABS,
  listingTabPath,
  questionsOfTab,
  TAG_TABS,
  tabPageParameter,
  type ListingTab,
  type TagTab,
} from "./core/listing-tabs.ts";
import { withPageSettled } from "./core/question-page.ts";

/*
 * The one way the pages reach the content: the collections (src/live.config.ts) are asked
 * here and nowhere else, so a page never sorts, filters or derives anything itself. The
 * loaders have done that once, at load time: the listing arrives in listing order.
 *
 * In a build, each function that lists a route's pages leaves out those whose file the last
 * build wrote from the same props (src/machinery/incremental/written-pages.ts): a rebuild after one edit
 * writes the pages that show it, not all of them.
 */

/**
 * The community as every page has it: its name, settings and credit (community.yaml), and
 * whether it has people (`users/`), which every page's navigation links to.
 */
export type SiteCommunity = Community & { hasUsers: boolean };

/** The community: its name, settings and credit (community.yaml), and whether it has people. */
export async function getCommunity(): Promise<SiteCommunity> {
  const { entry, error } = await getLiveEntry("community", COMMUNITY_ENTRY_ID);
  if (error || !entry) throw error ?? new Error("No community entry.");
  return { ...entry.data, hasUsers: (await getUsers()).length > 0 };
}

/** Every question, its listing entry and its page, in listing order (newest first). */
export async function getQuestions(): Promise<ListedQuestion[]> {
  const { entries, error } = await getLiveCollection("questions");
  if (error || !entries) throw error ?? new Error("The questions loader returned no entries.");
  return memoized(questionsOfEntries, entries, (made) => made.map((entry) => entry.data));
}

/**
 * The questions of each list of entries the loader handed out: it hands out one per load, asked
 * for by every route that lists questions (see `entriesOf` in src/loaders/questions.ts). Callers
 * only read it; `getQuestionPages` sorts a list of its own.
 */
const questionsOfEntries = new WeakMap<readonly { data: ListedQuestion }[], ListedQuestion[]>();

/**
 * The search index's files, for `search/` (src/lib/search/index-format.ts): each file's text, or
 * where a build stored it (`readSearchFile` reads it back).
 */
export async function getSearchIndex(): Promise<HeldSearchFile[]> {
  const { entries, error } = await getLiveCollection("searchIndex");
  if (error || !entries) throw error ?? new Error("The search index loader returned no files.");
  return pathsToWrite(
    entries.map(({ data }) => ({ props: data })),
    ({ props }) => `search/${props.file}`,
    ({ file, text }) => ({ file, text: rebuildIdentity(text) }),
  ).map(({ props }) => props);
}

/**
 * The files of the content's `images/` that pages show, for the site's `images/`: each written
 * again only when it changed.
 */
export async function getImages(): Promise<ShownImage[]> {
  const { entries, error } = await getLiveCollection("images");
  if (error || !entries) throw error ?? new Error("The images loader returned no files.");
  return pathsToWrite(
    entries.map(({ data }) => ({ props: data })),
    ({ props }) => `${IMAGES_FOLDER}/${props.file}`,
    ({ file, version }) => ({ file, version }),
  ).map(({ props }) => props);
}

/** The bytes of a file of the content's `images/`, as the site's `images/` holds it. */
export function readImage(file: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(join(contentDirectory(), IMAGES_FOLDER, file)));
}

/** A search index file's bytes as they are written: read back if a build stored them. */
export function readSearchFile(text: HeldSearchFile["text"]): Uint8Array<ArrayBuffer> {
  return readPageBytes(text);
}

/**
 * What a listing page's bytes depend on: what it shows of each question and nothing more, so
 * that a rebuild finds the page unchanged when an answer changed (src/machinery/incremental/written-pages.ts
 * compares this).
 */
function shownOnListing<Props extends { entries: readonly ListedQuestion[] }>(props: Props) {
  return { ...props, entries: props.entries.map(({ id, listingDigest }) => [id, listingDigest]) };
}

/**
 * What the listing shows of each of a listing page's questions (src/core/listing.ts), read
 * from their pages as the listing page is written, one after another: a build holds no title
 * line or excerpt, and a page of 100,000 questions not all of them at once.
 */
export function* readListingEntries(entries: readonly ListedQuestion[]): Generator<ListingEntry> {
  for (const { page } of entries) yield readListingEntry(page);
}

/**
 * The question as its page shows it, with its texts (the body and the answers' bodies) as
 * text: a build stores the page and the texts on disk while loading (src/machinery/store/
 * text-store.ts), and a page reads its own back only when it is written, so that the build
 * never holds them all.
 */
export function readPage(page: HeldPage): QuestionPage {
  return withPageSettled(readQuestionPage(page));
}

/** A question page's static path: `questions/<id>/`. */
export type QuestionStaticPath = {
  params: { id: string };
  props: { community: SiteCommunity; page: HeldPage };
};

/**
 * The question pages, as `getStaticPaths` returns them: `questions/<id>/`. In a build whose
 * pages render on threads, Astro gets the first and the threads make the rest as they take them
 * (src/machinery/astro/deferred-paths.ts), since Astro holds every path it lists to the end of
 * the build (scripts/bench.md, "Why the constants are what they are").
 */
export async function getQuestionPages(): Promise<QuestionStaticPath[]> {
  const questions = await getQuestions();
  const community = await getCommunity();
  const toWrite = pagesToWrite(
    questions,
    ({ id }) => pageFile(questionPagePath(id)),
    // A page set apart counts by its digest: where it is changes from build to build.
    ({ page }) => ({ community, page: rebuildIdentity(page) }),
  );
  // In the order the pages were set apart, which is the content folder's, as their texts were:
  // each page then reads on from where the last one read. In the listing's order (by date)
  // each read lands somewhere else on disk. Sorted after the pages a rebuild keeps are left out,
  // so a rebuild sorts only those it writes (`pagesToWrite` returns a list of its own).
  toWrite.sort((a, b) => compareStoredPlaces(a.page, b.page));
  return staticPaths(
    toWrite.length,
    (index): QuestionStaticPath => {
      const { id, page } = toWrite[index] as ListedQuestion;
      return { params: { id }, props: { community, page } };
    },
    ({ params }) => questionPagePath(params.id),
  );
}

/**
 * One page of the listing or of one of its tabs: its questions, and where it stands among the
 * pages. (A type, not an interface: Astro takes a page's props as a record, which an interface
 * is not.)
 */
export type ListingPage = {
  community: SiteCommunity;
  /** Which of the listing's tabs (src/core/listing-tabs.ts): `newest` is the listing itself. */
  tab: ListingTab;
  entries: ListedQuestion[];
  /** 1-based. */
  number: number;
  count: number;
  /** The listing position of the page's first question (1-based), for `<ol start>`. */
  firstPosition: number;
};

/**
 * The listing's pages, as `getStaticPaths` returns them: one page, or pages of `pageSize`
 * questions (community.yaml) in the listing's order.
 */
export async function getListingPages(): Promise<
  { params: { page: string | undefined }; props: ListingPage }[]
> {
  // The questions first: their load reports every problem of the content, community.yaml's too.
  const pages = await listingTabPages("newest", await getQuestions());
  return pathsToWrite(
    pages.map((props) => ({ params: { page: pageParameter(props.number) }, props })),
    ({ props }) => pageFile(pagePath(props.number, listingTabPath(props.tab))),
    shownOnListing,
  );
}

/**
 * The pages of the listing's other tabs, as `getStaticPaths` returns them: `votes/`, `active/`
 * and `unanswered/`, each paged as the listing is.
 */
export async function getListingTabPages(): Promise<
  { params: { tab: string; page: string | undefined }; props: ListingPage }[]
> {
  const listing = await getQuestions();
  const paths = [];
  for (const tab of LISTING_TABS) {
    if (tab === "newest") continue;
    for (const props of await listingTabPages(tab, listing)) {
      paths.push({ params: { tab, page: pageParameter(props.number) }, props });
    }
  }
  return pathsToWrite(
    paths,
    ({ props }) => pageFile(pagePath(props.number, listingTabPath(props.tab))),
    shownOnListing,
  );
}

/** A tab's pages of the listing's questions (`questionsOfTab`). */
async function listingTabPages(
  tab: ListingTab,
  listing: readonly ListedQuestion[],
): Promise<ListingPage[]> {
  const community = await getCommunity();
  const pages = splitIntoPages(questionsOfTab(listing, tab), community.pageSize);
  return pages.map((entries, index) => ({
    community,
    tab,
    entries,
    number: index + 1,
    count: pages.length,
    firstPosition: index * (community.pageSize ?? 0) + 1,
  }));
}

/**
 * Every tag the questions use, with its number of questions: most used first, then by name;
 * and its excerpt, when its wiki has one (tags/).
 */
export async function getTags(): Promise<(TagSummary & { excerpt?: string })[]> {
  const tags = tagIndex(await getQuestions());
  const wikis = await getTagWikis();
  return tags.map((summary) => {
    const excerpt = wikis.get(summary.tag)?.excerpt;
    return excerpt === undefined ? summary : { ...summary, excerpt };
  });
}

/** The wikis of the content's `tags/`, by tag; every one names a tag a question carries. */
export async function getTagWikis(): Promise<Map<string, TagWiki>> {
  const { entries, error } = await getLiveCollection("tagWikis");
  if (error || !entries) throw error ?? new Error("The tag wikis loader returned no entries.");
  return new Map(entries.map(({ data }) => [data.tag, data]));
}

/** A tag's wiki page: `tags/<folder>/info/`. */
export type TagInfoPage = { community: SiteCommunity; wiki: TagWiki };

/**
 * The wiki pages, as `getStaticPaths` returns them: `tags/<folder>/info/` for each wiki with a
 * body; a wiki of an excerpt alone shows it on the tag's page, with nothing more to say here.
 */
export async function getTagInfoPages(): Promise<
  { params: { tag: string }; props: TagInfoPage }[]
> {
  await getQuestions();
  const community = await getCommunity();
  const wikis = [...(await getTagWikis()).values()].filter(hasInfoPage);
  return pathsToWrite(
    wikis.map((wiki) => ({ params: { tag: tagFolder(wiki.tag) }, props: { community, wiki } })),
    ({ props }) => pageFile(tagInfoPath(props.wiki.tag)),
    (props) => props,
  );
}

/** What a tag's page shows of its wiki; none when it has nothing to show. */
function wikiOnTagPage(wiki: TagWiki | undefined): TagPage["wiki"] {
  if (wiki === undefined || (wiki.excerpt === undefined && !hasInfoPage(wiki))) return undefined;
  return {
    ...(wiki.excerpt !== undefined && { excerpt: wiki.excerpt }),
    info: hasInfoPage(wiki),
  };
}

/** Whether a tag's wiki has a page of its own: it has a body. */
function hasInfoPage(wiki: TagWiki): boolean {
  return wiki.bodyHtml !== "";
}

/** One page of a tag's listing, or of its Votes tab: the tag, its questions here, the pages. */
export type TagPage = Omit<ListingPage, "tab"> & {
  tab: TagTab;
  tag: string;
  /** Its wiki's excerpt, and whether the wiki has a page (`tags/<folder>/info/`). */
  wiki?: { excerpt?: string; info: boolean };
  /** How many questions carry the tag, over all its pages. */
  total: number;
};

/**
 * Every tag's pages, as `getStaticPaths` returns them: `tags/<folder>/` (see `tagFolder`), then
 * `page/2/`... with `pageSize`, each holding the tag's questions in the listing's order; and its
 * Votes tab, `tags/<folder>/votes/`, paged alike. The first show the tag's wiki's excerpt.
 */
export async function getTagPages(): Promise<
  { params: { tag: string; page: string | undefined }; props: TagPage }[]
> {
  const listing = await getQuestions();
  const community = await getCommunity();
  const wikis = await getTagWikis();
  const paths = [...questionsByTag(listing)].flatMap(([tag, tagged]) =>
    TAG_TABS.flatMap((tab) => {
      const pages = splitIntoPages(questionsOfTab(tagged, tab), community.pageSize);
      const wiki = tab === "newest" ? wikiOnTagPage(wikis.get(tag)) : undefined;
      return pages.map((entries, index) => ({
        params: { tag: tagFolder(tag), page: tabPageParameter(tab, index + 1) },
        props: {
          community,
          tab,
          tag,
          ...(wiki !== undefined && { wiki }),
          total: tagged.length,
          entries,
          number: index + 1,
          count: pages.length,
          firstPosition: index * (community.pageSize ?? 0) + 1,
        },
      }));
    }),
  );
  return pathsToWrite(
    paths,
    ({ props }) =>
      pageFile(pagePath(props.number, listingTabPath(props.tab, tagPagePath(props.tag)))),
    shownOnListing,
  );
}

/** Every user of the content's `users/`, in the order `users/` lists them; none without it. */
export async function getUsers(): Promise<ListedUser<HeldUserPage>[]> {
  const { entries, error } = await getLiveCollection("users");
  if (error || !entries) throw error ?? new Error("The users loader returned no entries.");
  return memoized(usersOfEntries, entries, (made) => made.map((entry) => entry.data));
}

/** The users of each list of entries the loader handed out, as `questionsOfEntries`. */
const usersOfEntries = new WeakMap<
  readonly { data: ListedUser<HeldUserPage> }[],
  ListedUser<HeldUserPage>[]
>();

export type { UserPageShare, UserProfile };

/** One page of a user's: `users/<id>/`, then `page/2/`... with `pageSize`. */
export type UserPageProps = {
  community: SiteCommunity;
  /** Who they are, and each page's share as the build holds it (read by `readUserPageShare`). */
  user: ListedUser<HeldUserPage>;
  /** 1-based. */
  number: number;
  count: number;
};

/** A user page's static path: `users/<id>/`, then `page/2/`... */
export type UserStaticPath = {
  params: { id: string; page: string | undefined };
  props: UserPageProps;
};

/**
 * Every user's pages, as `getStaticPaths` returns them: `users/<id>/` with their profile and
 * the first `pageSize` of their questions and of their answers, then `page/2/`... with the
 * next, as long as either list goes on. Listed as the question pages are: each made when asked
 * for, and in a build deferred to the render threads, since a large community has as many
 * people as questions; each page reads the user's page back when it is written.
 */
export async function getUserPages(): Promise<UserStaticPath[]> {
  await getQuestions();
  const community = await getCommunity();
  const pages = (await getUsers()).flatMap((user) =>
    user.pages.map((_, index): UserPageProps => {
      return { community, user, number: index + 1, count: user.pages.length };
    }),
  );
  const toWrite = pagesToWrite(
    pages,
    ({ user, number }) => pageFile(pagePath(number, userPagePath(user.id))),
    // A share set apart counts by its digest: where it is changes from build to build. The
    // page shows its own share alone, so the others are left out (JSON has no undefined).
    (props) => {
      const { user, ...rest } = props;
      return {
        ...rest,
        user: { ...user, pages: undefined },
        share: rebuildIdentity(shareOf(props)),
      };
    },
  );
  return staticPaths(
    toWrite.length,
    (index): UserStaticPath => {
      const props = toWrite[index] as UserPageProps;
      return { params: { id: props.user.id, page: pageParameter(props.number) }, props };
    },
    ({ params, props }) => pagePath(props.number, userPagePath(params.id)),
  );
}

/**
 * What page `number` of a user's shows, its share read back as it is written: their questions
 * and answers on it, highest score first, and their profile on the first page, "About me"
 * settled.
 */
export function readUserPageShare(props: UserPageProps): UserPageShare {
  const { profile, ...posts } = readUserPage(shareOf(props));
  if (profile?.aboutHtml === undefined) return { ...posts, ...(profile && { profile }) };
  return { ...posts, profile: { ...profile, aboutHtml: settledAbout(profile) } };
}

/** What page `number` of a user's shows of them, as the build holds it. */
function shareOf({ user, number }: Pick<UserPageProps, "user" | "number">): HeldUserPage {
  return user.pages[number - 1] as HeldUserPage;
}

/** A user's "About me" as their page shows it: its links and images settled. */
function settledAbout({
  id,
  aboutHtml = "",
  aboutLinks = {},
  images = {},
}: Pick<UserPage, "id" | "aboutHtml" | "aboutLinks" | "images">): string {
  return settledBody(aboutHtml, userPagePath(id), (target) => aboutLinks[target], images);
}

/** One page of `users/`: its users, and where it stands among the pages. */
export type UsersIndexPage = {
  community: SiteCommunity;
  users: UserSummary[];
  total: number;
  number: number;
  count: number;
  firstPosition: number;
};

/** The pages of `users/`, as `getStaticPaths` returns them: by reputation, paged as the listing. */
export async function getUsersIndexPages(): Promise<
  { params: { page: string | undefined }; props: UsersIndexPage }[]
> {
  await getQuestions();
  const community = await getCommunity();
  const users = await getUsers();
  if (users.length === 0) return [];
  const summaries = users.map(({ id, name, reputation, location, topTags }) => ({
    id,
    name,
    ...(reputation !== undefined && { reputation }),
    ...(location !== undefined && { location }),
    topTags,
  }));
  const pages = splitIntoPages(summaries, community.pageSize);
  return pathsToWrite(
    pages.map((shown, index) => ({
      params: { page: pageParameter(index + 1) },
      props: {
        community,
        users: shown,
        total: users.length,
        number: index + 1,
        count: pages.length,
        firstPosition: index * (community.pageSize ?? 0) + 1,
      },
    })),
    ({ props }) => pageFile(pagePath(props.number, USERS_PATH)),
    (props) => props,
  );
}

/** A page's file in the output folder: `/questions/x/` is `questions/x/index.html`. */
function pageFile(urlPath: string): string {
  return `${urlPath.slice(1)}index.html`;
}
