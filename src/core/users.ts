import type { ContentProblem } from "../lib/problems.ts";
import type { ImageSize } from "../lib/content-images.ts";
import { instantOnPage } from "../lib/iso-instant.ts";
import { userPagePath } from "../lib/site-paths.ts";
import { compareBadges, type Badge, type BadgeClass, type UserEntry } from "../schemas/user.ts";
import type { ShownInstant } from "./page-data.ts";
import type { PostLinkGraph } from "./post-link-targets.ts";
import type { UsedImages } from "./used-images.ts";
import { fileOf, type EntryShelf } from "./folder.ts";
import { ENTRY_ID_PATTERN } from "../schemas/fields.ts";
import { entriesOfPage, pageCount } from "../lib/pagination.ts";

/** Who a post (or an edit of it, or a comment under it) names as a person of `users/`. */
export interface PeopleNamed {
  user?: string | undefined;
  editorUser?: string | undefined;
  /** Its comments' users, each once. */
  commentUsers?: readonly string[] | undefined;
}

/**
 * The people a post file with problems still names, as its fields read: judged with the other
 * files in the same run, as far as they are ids.
 */
export function peopleNamed(fields: Record<string, unknown>): {
  user?: string;
  editorUser?: string;
  commentUsers?: string[];
} {
  const id = (value: unknown) =>
    typeof value === "string" && ENTRY_ID_PATTERN.test(value) ? value : undefined;
  const user = id(fields["user"]);
  const editorUser = id(fields["editorUser"]);
  const comments = Array.isArray(fields["comments"]) ? (fields["comments"] as unknown[]) : [];
  const commentUsers = [
    ...new Set(
      comments.flatMap((comment) => id((comment as { user?: unknown } | null)?.user) ?? []),
    ),
  ];
  return {
    ...(user !== undefined && { user }),
    ...(editorUser !== undefined && { editorUser }),
    ...(commentUsers.length > 0 && { commentUsers }),
  };
}

/**
 * The rule across files for a post's people: each `user` it names (its own, its edit's, its
 * comments') must be a file of `users/`, with problems or not, so that its credit's link lands.
 * The post's file is named (`fileOfPost`) only for a problem: every post is judged.
 */
export function userReferenceProblems(
  { user, editorUser, commentUsers = [] }: PeopleNamed,
  userFiles: EntryShelf<string>,
  fileOfPost: () => string,
): ContentProblem[] {
  const missing = (id: string, field: string, named: string): ContentProblem[] =>
    userFiles.has(id)
      ? []
      : [
          {
            file: fileOfPost(),
            field,
            reason: `${named}"${id}" names no user (there is no users/${id}.md); add the user's file, correct the id, or remove it to show the name without a link`,
          },
        ];
  return [
    ...(user === undefined ? [] : missing(user, "user", "")),
    ...(editorUser === undefined ? [] : missing(editorUser, "editorUser", "")),
    ...commentUsers.flatMap((id) => missing(id, "comments", "a comment's user: ")),
  ];
}

/** A question or answer of a user's, as their page lists it. */
export interface UserPost {
  /** The question's id: the post itself, or the question an answer answers. */
  question: string;
  /** The answer's id (none: the post is the question). */
  answer?: string;
  score: number;
  /** Asked or answered, as a sort key (`parseIsoInstant`). */
  dated: string;
  /** The question's title line, as the listing shows it. */
  titleLine: string;
  titleHtml?: string;
}

/** A tag a user answered in: how many of their answers carry it, and their total score. */
export interface UserTag {
  tag: string;
  answers: number;
  score: number;
}

/**
 * A question as its askers' and answerers' pages list it: made once per question and shared by
 * each post of it that `UserPosts` holds, so that a title is held once, not once a post.
 */
export interface PostedQuestion {
  id: string;
  titleLine: string;
  titleHtml?: string;
  tags: readonly string[];
}

/** A post as `UserPosts` holds it until its author's page is made. */
interface HeldPost {
  of: PostedQuestion;
  /** The answer's id; none for the question itself. */
  answer?: string;
  score: number;
  dated: string;
}

/**
 * What the pages are derived from of each user's posts, gathered as the questions' pages are:
 * a few fields a post, its question shared (scripts/bench.md, "Users").
 */
export class UserPosts {
  readonly #held = new Map<string, HeldPost[]>();

  /** A question `user` asked. */
  addQuestion(user: string, of: PostedQuestion, score: number, dated: string): void {
    this.#hold(user, { of, score, dated });
  }

  /** An answer `user` wrote to a question. */
  addAnswer(user: string, of: PostedQuestion, answer: string, score: number, dated: string): void {
    this.#hold(user, { of, answer, score, dated });
  }

  #hold(user: string, post: HeldPost): void {
    const held = this.#held.get(user);
    if (held === undefined) this.#held.set(user, [post]);
    else held.push(post);
  }

  /**
   * `user`'s questions and answers, highest score first, and their answers' tags, ranked by the
   * answers' total score; taken once, and let go of here, so that what is held shrinks as each
   * page is made.
   */
  take(user: string): { questions: UserPost[]; answers: UserPost[]; tags: UserTag[] } {
    const held = this.#held.get(user) ?? [];
    this.#held.delete(user);
    const questions: UserPost[] = [];
    const answers: UserPost[] = [];
    const tags = new Map<string, UserTag>();
    for (const { of, answer, score, dated } of held) {
      const title = {
        titleLine: of.titleLine,
        ...(of.titleHtml !== undefined && { titleHtml: of.titleHtml }),
      };
      if (answer === undefined) {
        questions.push({ question: of.id, score, dated, ...title });
        continue;
      }
      answers.push({ question: of.id, answer, score, dated, ...title });
      for (const tag of of.tags) {
        const counted = tags.get(tag);
        if (counted === undefined) tags.set(tag, { tag, answers: 1, score });
        else {
          counted.answers++;
          counted.score += score;
        }
      }
    }
    return {
      questions: questions.sort(byScore),
      answers: answers.sort(byScore),
      tags: [...tags.values()].sort(byTagRank),
    };
  }
}

/** Highest score first, then newest, then by question and answer id: the same order each build. */
function byScore(a: UserPost, b: UserPost): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.dated !== b.dated) return a.dated < b.dated ? 1 : -1;
  return compareIds(a.answer ?? a.question, b.answer ?? b.question);
}

/** By the answers' total score, then by how many, then by name, as Stack Exchange ranks them. */
function byTagRank(a: UserTag, b: UserTag): number {
  return b.score - a.score || b.answers - a.answers || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0);
}

/** Ids in number order where both are numbers (a dump's), else in string order. */
export function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A user's badges as their page shows them: how many of each class, and each badge. */
export interface ShownBadges {
  /** Awards by class, gold first; `unknown` for badges whose class the content does not say. */
  counts: Record<BadgeClass | "unknown", number>;
  badges: Badge[];
}

/** The badges counted by class, listed gold first, then by name. */
export function shownBadges(badges: readonly Badge[]): ShownBadges {
  const counts = { gold: 0, silver: 0, bronze: 0, unknown: 0 };
  for (const badge of badges) counts[badge.class ?? "unknown"] += badge.count;
  return { counts, badges: [...badges].sort(compareBadges) };
}

/** A user as `users/` lists them. */
export interface UserSummary {
  id: string;
  name: string;
  reputation?: number;
  location?: string;
  /** Their three best tags (`UserPosts`). */
  topTags: string[];
}

/** A user's page, `users/<id>/`, before its pages are split: their profile and their posts. */
export interface UserPage<Text = string> extends UserSummary {
  joined?: ShownInstant;
  lastSeen?: ShownInstant;
  website?: string;
  views?: number;
  source?: string;
  license?: string;
  badges?: ShownBadges;
  /** Their "About me" as safe HTML (none: the file has no body), settled as it is read. */
  aboutHtml?: Text;
  /** Where its links to the community's site lead (as a question page's `postLinks`). */
  aboutLinks?: Record<string, string>;
  /** The size of each file of `images/` it shows (as a question page's `images`). */
  images?: Record<string, ImageSize>;
  tags: UserTag[];
  questions: UserPost[];
  answers: UserPost[];
}

/** Who a user is, as the first of their pages shows them: all but their posts. */
export type UserProfile<Text = string> = Omit<UserPage<Text>, "questions" | "answers" | "tags"> & {
  /** Their answers' tags, the first `USER_TAGS_SHOWN`, and how many there are. */
  tags: UserTag[];
  tagCount: number;
};

/** How many of a user's tags their page lists. */
const USER_TAGS_SHOWN = 20;

/**
 * What one of a user's pages shows (`users/<id>/`, then `page/2/`...): its share of their
 * questions and of their answers, and on the first, who they are. Each is kept on its own, so
 * that a page reads its share alone when it is written: read whole, the 133 pages of a user
 * with 13,206 posts parsed them all 133 times (scripts/bench.md, "Users").
 */
export interface UserPageShare<Text = string> {
  profile?: UserProfile<Text>;
  questions: UserPost[];
  answers: UserPost[];
}

/** A user's page in its shares, `pageSize` posts of each list a page; one at least. */
export function userPageShares<Text>(
  { questions, answers, tags, ...profile }: UserPage<Text>,
  pageSize: number | undefined,
): UserPageShare<Text>[] {
  const count = Math.max(
    pageCount(questions.length, pageSize),
    pageCount(answers.length, pageSize),
  );
  return Array.from({ length: count }, (_, index) => ({
    ...(index === 0 && {
      profile: { ...profile, tags: tags.slice(0, USER_TAGS_SHOWN), tagCount: tags.length },
    }),
    questions: entriesOfPage(questions, index + 1, pageSize),
    answers: entriesOfPage(answers, index + 1, pageSize),
  }));
}

/**
 * A user as the build holds them: what `users/` shows, how many posts their pages list, and
 * each of their pages' share (`UserPageShare`), or what a build keeps in its place (set apart
 * on disk, as a question's page is).
 */
export interface ListedUser<Share = UserPageShare> extends UserSummary {
  questionCount: number;
  answerCount: number;
  /** Page 1's first. */
  pages: Share[];
}

/** A user as `keep` has each page's share kept, with what `users/` and the pages need. */
export function listedUser<Text, Share>(
  page: UserPage<Text>,
  pageSize: number | undefined,
  keep: (share: UserPageShare<Text>) => Share,
): ListedUser<Share> {
  const { id, name, reputation, location, topTags, questions, answers } = page;
  return {
    id,
    name,
    ...(reputation !== undefined && { reputation }),
    ...(location !== undefined && { location }),
    topTags,
    questionCount: questions.length,
    answerCount: answers.length,
    pages: userPageShares(page, pageSize).map(keep),
  };
}

/** How many of a user's tags `users/` shows beside them. */
const TOP_TAGS_LISTED = 3;

/** The users' files as the rules across files take them. */
type UserFiles<Text> = { fileOfId: EntryShelf<string>; entries: EntryShelf<UserEntry<Text>> };

/** A problem for each image an "About me" shows that the site cannot (`UsedImages.check`). */
export function userImageProblems<Text>(
  users: UserFiles<Text>,
  images: UsedImages,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const id of users.fileOfId.keys()) {
    const shown = users.entries.get(id)?.aboutLinks?.images;
    if (shown !== undefined) images.check(fileOf(users.fileOfId, id), shown, problems);
  }
  return problems;
}

/**
 * Every user, their pages' shares (`pageSize` posts of each list a page) kept by `keep` as soon
 * as they are made, in the order `users/` lists them: by reputation, highest first (none
 * counts as 0), then by id; their "About me" links settled against the archive (`graph`).
 */
export function userPages<Text, Share>(
  users: UserFiles<Text>,
  posts: UserPosts,
  {
    graph,
    images,
    pageSize,
  }: { graph: PostLinkGraph; images: UsedImages; pageSize: number | undefined },
  keep: (share: UserPageShare<Text>) => Share,
): ListedUser<Share>[] {
  const listed: ListedUser<Share>[] = [];
  for (const id of users.fileOfId.keys()) {
    const entry = users.entries.get(id);
    if (entry !== undefined) {
      listed.push(listedUser(userPage(id, entry, posts, graph, images), pageSize, keep));
    }
  }
  return listed.sort((a, b) => (b.reputation ?? 0) - (a.reputation ?? 0) || compareIds(a.id, b.id));
}

function userPage<Text>(
  id: string,
  entry: UserEntry<Text>,
  posts: UserPosts,
  graph: PostLinkGraph,
  images: UsedImages,
): UserPage<Text> {
  const { name, reputation, joined, lastSeen, location, website, views, source, license } = entry;
  const { questions, answers, tags } = posts.take(id);
  const pathname = userPagePath(id);
  const targets = entry.aboutLinks?.targets ?? [];
  const hrefs = Object.fromEntries(
    targets.flatMap((target) => {
      const href = graph.hrefOf(target, pathname);
      return href === undefined ? [] : [[target, href]];
    }),
  );
  const sizes = images.sizesOf([entry.aboutLinks]);
  return {
    id,
    name,
    ...(reputation !== undefined && { reputation }),
    ...(location !== undefined && { location }),
    topTags: tags.slice(0, TOP_TAGS_LISTED).map(({ tag }) => tag),
    ...(joined !== undefined && { joined: instantOnPage(joined) }),
    ...(lastSeen !== undefined && { lastSeen: instantOnPage(lastSeen) }),
    ...(website !== undefined && { website }),
    ...(views !== undefined && { views }),
    ...(source !== undefined && { source }),
    ...(license !== undefined && { license }),
    ...(entry.badges !== undefined && { badges: shownBadges(entry.badges) }),
    ...(entry.aboutHtml !== undefined && { aboutHtml: entry.aboutHtml }),
    ...(Object.keys(hrefs).length > 0 && { aboutLinks: hrefs }),
    ...(sizes !== undefined && { images: sizes }),
    tags,
    questions,
    answers,
  };
}
