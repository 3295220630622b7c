import type { Community } from "../schemas/community.ts";
import type { AnswerEntry } from "../schemas/answer.ts";
import type { QuestionEntry } from "../schemas/question.ts";
import type { ListingEntry, QuestionPage } from "./page-data.ts";
import type { ContentProblem } from "../lib/problems.ts";
import { listingRanks, type Orderable } from "../lib/order.ts";
import { fileOf, listedFiles, type EntryShelf, type FolderFiles } from "./folder.ts";
import { toListingEntry } from "./listing.ts";
import { toQuestionPage } from "./question-page.ts";
import type { PostText } from "../lib/search/index-format.ts";
import {
  buildSearchIndex,
  type PostingsRuns,
  type SearchDocument,
  type SearchFile,
} from "./search-index.ts";
import { texWarnings } from "./tex-warnings.ts";
import type { BodyLinks, TexLeft } from "../lib/body-html.ts";
import {
  linkTallyLine,
  PostLinkGraph,
  type ArchiveHolds,
  type LinkTally,
} from "./post-link-targets.ts";
import { commentAnchor, questionPagePath } from "../lib/site-paths.ts";
import { titleLine, titleLineHtml } from "../lib/title-line.ts";
import { languageOfTags } from "../lib/code-language.ts";
import { UsedImages, type ContentImages } from "./used-images.ts";
import type { TagWiki } from "../schemas/tag-wiki.ts";
import type { TagWikiReading } from "./tag-wiki-file.ts";
import { settleTagWikis, tagWikiProblems } from "./tag-wikis.ts";
import type { UserEntry } from "../schemas/user.ts";
import {
  userImageProblems,
  userPages,
  UserPosts,
  userReferenceProblems,
  type ListedUser,
  type UserPageShare,
} from "./users.ts";

/**
 * Everything the pages are built from, validated and derived. `Question` is what is kept of
 * each question: its page (`QuestionPage`, a listing entry and more), or what a build keeps of
 * it (`assembleContent`'s `keepPage`).
 */
export interface Content<
  Question = QuestionPage,
  IndexFile = SearchFile,
  UserRecord = UserPageShare,
> {
  community: Community;
  /** Every question, in listing order. */
  questions: Question[];
  /**
   * The search index's files (src/lib/search/index-format.ts), for `search/`: as they are, or
   * what a build keeps of each (`keepSearchFile`).
   */
  searchIndex: IndexFile[];
  /** The files of `images/` the bodies show, each once, sorted: the site's `images/`. */
  images: string[];
  /** The wikis of `tags/`, by tag; none without the folder. */
  tagWikis: TagWiki[];
  /**
   * The people of `users/`, in the order `users/` lists them, each with their page or what a
   * build keeps of it (`keepUser`); none without the folder.
   */
  users: ListedUser<UserRecord>[];
}

/** What reading community.yaml came to, with the problems of the content folder itself. */
export interface CommunityReading {
  community?: Community;
  problems: readonly ContentProblem[];
  /** The folder's `images/`; without it, a body that shows one of its files is a problem. */
  images?: ContentImages;
  /** The folder's `tags/`, read (src/machinery/loading/tag-wikis.ts); none without it. */
  tagWikis?: TagWikiReading;
}

/** The content, or every problem found in it, each file's in the order of the folders' listing. */
export type ContentReading<
  Question = QuestionPage,
  IndexFile = SearchFile,
  UserRecord = UserPageShare,
> =
  | {
      content: Content<Question, IndexFile, UserRecord>;
      /** Lines for the build's log that fail nothing: formulas left as TeX (`texWarnings`). */
      warnings: string[];
      /** Lines for the build's log that tell what became of the content: its links. */
      notes: string[];
    }
  | { problems: ContentProblem[] };

/**
 * The rules that span files, then the listing. Each file has been read on its own; here is
 * what only the whole folder can tell: that a duplicate's original exists, and where each
 * question stands in the listing. `community` is what reading community.yaml came to; its
 * problems (and those of the content folder itself) are listed first.
 *
 * A build holds less (`BuildHooks`, src/machinery/loading/load-content.ts): each question's page is handed
 * to `keepPage` as soon as it is derived, and the content holds what that returns; without
 * hooks, the page itself, and every text an entry holds is held.
 */
export function assembleContent(
  community: CommunityReading,
  questions: FolderFiles<QuestionEntry>,
  answers?: FolderFiles<AnswerEntry>,
  users?: FolderFiles<UserEntry>,
): ContentReading;
export function assembleContent<Question, Text, IndexFile, UserRecord>(
  community: CommunityReading,
  questions: FolderFiles<QuestionEntry<Text>>,
  answers: FolderFiles<AnswerEntry<Text>> | undefined,
  users: FolderFiles<UserEntry<Text>> | undefined,
  build: BuildHooks<Question, Text, IndexFile, UserRecord>,
): ContentReading<Question, IndexFile, UserRecord>;
export function assembleContent<Question, Text, IndexFile, UserRecord>(
  community: CommunityReading,
  questions: FolderFiles<QuestionEntry<Text>>,
  answers: FolderFiles<AnswerEntry<Text>> = noFiles(),
  users: FolderFiles<UserEntry<Text>> = noFiles(),
  build: BuildHooks<Question, Text, IndexFile, UserRecord> = heldHooks(),
): ContentReading<Question, IndexFile, UserRecord> {
  // The pages first, in a function of their own: what only they need (the listing's order,
  // each question's answers) is garbage once it returns, while the search index is built
  // (scripts/bench.md, "Why the constants are what they are").
  const derived = derivePages(community, { questions, answers, users }, build);
  if ("problems" in derived) return derived;
  const { searched, kept, texLeft, linkTally, images } = derived;
  build.pagesDerived?.();
  let searchIndex: IndexFile[];
  try {
    searchIndex = buildSearchIndex(searched.inOrder(), {
      keep: build.keepSearchFile,
      ...(build.postingsRuns && { runs: build.postingsRuns }),
    });
  } finally {
    searched.discard();
  }
  return {
    content: {
      community: derived.community,
      questions: kept,
      searchIndex,
      images,
      tagWikis: derived.tagWikis,
      users: derived.users,
    },
    warnings: texWarnings(
      { fileOfId: questions.fileOfId, texLeftOf: texLeft.questions },
      { fileOfId: answers.fileOfId, texLeftOf: texLeft.answers },
    ),
    notes: [linkTallyLine(linkTally)].filter((line) => line !== undefined),
  };
}

/** What `derivePages` comes to: every problem of the content, or the pages and documents. */
type DerivedPages<Question, UserRecord> =
  | { problems: ContentProblem[] }
  | {
      community: Community;
      /** The pages kept in listing order; empty when each was handed over (`handOver`). */
      kept: Question[];
      /** The search index's documents, to be taken in listing order. */
      searched: ListingOrderSorter<SearchDocument>;
      /** The formulas each entry left as TeX, by id. */
      texLeft: { questions: Map<string, TexLeft[]>; answers: Map<string, TexLeft[]> };
      /** How the bodies' links came out. */
      linkTally: LinkTally;
      /** The files of `images/` the bodies show (`Content.images`). */
      images: string[];
      tagWikis: TagWiki[];
      users: ListedUser<UserRecord>[];
    };

/**
 * The rules that span files, then each question's page (kept or handed over) and its search
 * document, in file order, each put in its place in the listing.
 */
function derivePages<Question, Text, IndexFile, UserRecord>(
  community: CommunityReading,
  { questions, answers, users }: ContentFiles<Text>,
  hooks: BuildHooks<Question, Text, IndexFile, UserRecord>,
): DerivedPages<Question, UserRecord> {
  const problems = [
    ...community.problems,
    ...questions.problems,
    ...answers.problems,
    ...users.problems,
  ];
  const tags = new Set<string>();
  const graph = new PostLinkGraph(archiveHolds(questions, answers, tags, hooks.readText));
  const images = new UsedImages(community.images);
  const answersOf = answersByQuestion(answers, { questions, users }, problems, { graph, images });
  const toOrder = questionsToOrder({ questions, answers, users }, answersOf, problems, {
    graph,
    tags,
    images,
  });
  problems.push(...userImageProblems(users, images));
  // The wikis' problems after the questions' and answers', in the order of tags/.
  const wikis = community.tagWikis?.entries ?? [];
  const wikiProblems = [
    ...(community.tagWikis?.problems ?? []),
    ...tagWikiProblems(wikis, carriedTags(tags, questions.partial), images),
  ];
  if (problems.length > 0 || wikiProblems.length > 0 || community.community === undefined) {
    return {
      problems: [
        ...inFileOrder(problems, [
          ...listedFiles(questions),
          ...listedFiles(answers),
          ...listedFiles(users),
        ]),
        ...wikiProblems,
      ],
    };
  }
  // Each page is derived in file order and put in its place in the listing: a build reads the
  // entries back from disk, where they lie in file order (a question's answers together), and
  // listing order is by date, which is file order only where ids follow dates.
  const ranks = listingRanks(toOrder);
  // The ids alone from here: the sort keys held through the pages' derivation cost memory
  // (scripts/bench.md, "Why the constants are what they are").
  const ids = toOrder.map(({ id }) => id);
  toOrder.length = 0;
  graph.settle();
  const derived = {
    community: community.community,
    tagWikis: settleTagWikis(wikis, graph, images, community.community),
    kept: new Array<Question>(hooks.handOver === undefined ? ids.length : 0),
    searched: hooks.sortDocuments(ids.length),
    texLeft: { questions: new Map<string, TexLeft[]>(), answers: new Map<string, TexLeft[]>() },
    linkTally: { rewritten: 0, leaving: 0, lost: 0 },
  };
  const links = { graph, rankOf: linkedRanks(ids, ranks, graph), tally: derived.linkTally };
  const userPosts = new UserPosts();
  const pageOf = questionPageDeriver(
    { questions, answers, answersOf },
    community.community,
    hooks,
    { links, images, userPosts },
  );
  try {
    ids.forEach((id, index) => {
      const rank = ranks[index] as number;
      const { page, document } = pageOf(id, derived.texLeft);
      derived.searched.put(rank, document);
      if (hooks.handOver === undefined) derived.kept[rank] = page;
      else hooks.handOver(rank, page);
    });
  } catch (error) {
    derived.searched.discard();
    throw error;
  }
  const { pageSize } = community.community;
  const shownUsers = userPages(users, userPosts, { graph, images, pageSize }, hooks.keepUser);
  return { ...derived, users: shownUsers, images: images.used() };
}

/** The content's folders as read, each file on its own. */
interface ContentFiles<Text> {
  questions: FolderFiles<QuestionEntry<Text>>;
  answers: FolderFiles<AnswerEntry<Text>>;
  users: FolderFiles<UserEntry<Text>>;
}

/**
 * Whether a question carries a tag: one that read well (`tags`, as `questionsToOrder` notes
 * them), or one with problems elsewhere whose tags read well, so that a wiki is not also
 * reported for a question's unrelated mistake.
 */
function carriedTags<Text>(
  tags: ReadonlySet<string>,
  partial: FolderFiles<QuestionEntry<Text>>["partial"],
): (tag: string) => boolean {
  const ofPartial = new Set([...partial.values()].flatMap((question) => question.tags ?? []));
  return (tag) => tags.has(tag) || ofPartial.has(tag);
}

/**
 * The questions that read without problems, to be put in listing order, after what each
 * question file says of others is judged, even when the file has problems of its own: the
 * question it duplicates, and how many answer files it has. Each entry is taken once here and
 * once for its page, and not held in between: a build reads them back from disk.
 */
function questionsToOrder<Text>(
  { questions, answers, users }: ContentFiles<Text>,
  answersOf: Map<string, string[]>,
  problems: ContentProblem[],
  { graph, tags, images }: { graph: PostLinkGraph; tags: Set<string>; images: UsedImages },
): Orderable[] {
  const toOrder: Orderable[] = [];
  for (const id of questions.fileOfId.keys()) {
    const entry = questions.entries.get(id);
    const question = entry ?? questions.partial.get(id);
    if (entry !== undefined) {
      toOrder.push({ id, askedKey: entry.asked });
      for (const tag of entry.tags) tags.add(tag);
      graph.noteBody(id, entry.bodyLinks);
      images.check(fileOf(questions.fileOfId, id), entry.bodyLinks?.images, problems);
      // A duplicate is linked with its original, as on Stack Exchange: each page lists the other.
      const { linked = [], duplicateOf } = entry;
      graph.noteLinked(id, duplicateOf === undefined ? linked : [...linked, duplicateOf]);
      problems.push(...linkedProblems(id, entry.linked ?? [], questions.fileOfId));
    }
    if (question !== undefined) {
      problems.push(
        ...userReferenceProblems(question, users.fileOfId, () => fileOf(questions.fileOfId, id)),
      );
    }
    const duplicateOf = question?.duplicateOf;
    const dangling =
      duplicateOf === undefined
        ? undefined
        : duplicateReferenceProblem(
            { id, file: fileOf(questions.fileOfId, id), duplicateOf },
            questions.fileOfId,
          );
    if (dangling) problems.push(dangling);
    const given = question?.answers;
    const answerIds = answersOf.get(id) ?? [];
    if (given !== undefined && answerIds.length > 0 && given !== answerIds.length) {
      problems.push(
        answerCountProblem(
          fileOf(questions.fileOfId, id),
          given,
          answerIds.map((answerId) => fileOf(answers.fileOfId, answerId)),
        ),
      );
    }
  }
  return toOrder;
}

/**
 * How a question's page and search document are derived from the entries: the question, the
 * one it duplicates, its answers. The formulas each entry left as TeX are noted in `texLeft`
 * as the entries are taken.
 */
function questionPageDeriver<Question, Text, IndexFile, UserRecord>(
  {
    questions,
    answers,
    answersOf,
  }: {
    questions: FolderFiles<QuestionEntry<Text>>;
    answers: FolderFiles<AnswerEntry<Text>>;
    answersOf: Map<string, string[]>;
  },
  { excerptLength, origin, codeLanguage, codeLanguages, math, answerOrder: order }: Community,
  { keepPage, readText }: BuildHooks<Question, Text, IndexFile, UserRecord>,
  { links, images, userPosts }: { links: PageLinks; images: UsedImages; userPosts: UserPosts },
) {
  // Without answer files, `answers` is the count; with them, their number (equal when given).
  const answerCount = (id: string, question: QuestionEntry<Text>) =>
    answersOf.get(id)?.length || (question.answers ?? 0);
  return (
    id: string,
    texLeft: { questions: Map<string, TexLeft[]>; answers: Map<string, TexLeft[]> },
  ): { page: Question; document: SearchDocument } => {
    const question = questions.entries.get(id) as QuestionEntry<Text>;
    const { duplicateOf } = question;
    const duplicated = duplicateOf === undefined ? undefined : questions.entries.get(duplicateOf);
    const original =
      duplicated && duplicateOf !== undefined
        ? {
            id: duplicateOf,
            title: duplicated.title,
            ...(duplicated.titleHtml !== undefined && { titleHtml: duplicated.titleHtml }),
            answers: answerCount(duplicateOf, duplicated),
          }
        : undefined;
    if (question.texLeft !== undefined) texLeft.questions.set(id, question.texLeft);
    const shownAnswers = (answersOf.get(id) ?? []).flatMap((answerId) => {
      const answer = answers.entries.get(answerId);
      if (answer?.texLeft !== undefined) texLeft.answers.set(answerId, answer.texLeft);
      return answer === undefined ? [] : [{ id: answerId, answer }];
    });
    const listed = toListingEntry(id, question, original, excerptLength, math);
    const { title, tags } = question;
    const bodyWords = readText(question.bodyWords);
    const answerWords = shownAnswers
      .map(({ answer }) => readText(answer.bodyWords))
      .filter((words) => words !== "")
      .join(" ");
    const shown = toQuestionPage(
      listed,
      question,
      original,
      shownAnswers,
      answerCount(id, question),
      order,
    );
    // The posts' text for search's results, the answers in the order the page shows them.
    const posts: PostText[] = [["", readText(question.searchText)]];
    for (const { id: answerId } of shown.answers) {
      const text = answers.entries.get(answerId)?.searchText;
      if (text !== undefined) posts.push([answerId, readText(text)]);
    }
    const document = {
      ...{ id, title, titleLine: listed.titleLine, tags, bodyWords, answerWords },
      ...(listed.titleHtml !== undefined && { titleHtml: listed.titleHtml }),
      posts,
    };
    const bodies = [question.bodyLinks, ...shownAnswers.map(({ answer }) => answer.bodyLinks)];
    const postLinks = settledLinks(id, bodies, links, origin !== undefined);
    const linked = linkedQuestions(id, links, (other) => questions.entries.get(other));
    const language = languageOfTags(question.tags, codeLanguages, codeLanguage);
    const imageSizes = images.sizesOf(bodies);
    notePosts(userPosts, listed, question, shownAnswers);
    const page = keepPage({
      ...shown,
      ...(language !== undefined && { codeLanguage: language }),
      ...(postLinks !== undefined && { postLinks }),
      ...(imageSizes !== undefined && { images: imageSizes }),
      ...(linked.length > 0 && { linked }),
    });
    return { page, document };
  };
}

/** A question's and its answers' places on their authors' pages (`UserPosts`). */
function notePosts(
  userPosts: UserPosts,
  { id, titleLine, titleHtml }: ListingEntry,
  question: QuestionEntry<unknown>,
  answers: readonly { id: string; answer: AnswerEntry<unknown> }[],
): void {
  const { user, score, asked, tags } = question;
  if (user === undefined && answers.every(({ answer }) => answer.user === undefined)) return;
  // Shared by each of its posts: a title held once, not once a post.
  const of = { id, titleLine, ...(titleHtml !== undefined && { titleHtml }), tags };
  if (user !== undefined) userPosts.addQuestion(user, of, score, asked);
  for (const { id: answer, answer: entry } of answers) {
    if (entry.user !== undefined) {
      userPosts.addAnswer(entry.user, of, answer, entry.score, entry.answered);
    }
  }
}

/** The links between posts, as the pages are derived (src/core/post-link-targets.ts). */
interface PageLinks {
  graph: PostLinkGraph;
  /** Where each question linked with another stands in the listing. */
  rankOf: Map<string, number>;
  tally: LinkTally;
}

/**
 * Where the links of a question's bodies (its own, its answers') lead from its page, by
 * target, for those the archive holds (`resolvePostLinks` shows the others as leaving it);
 * none when no body has a link to the community's site. Each link is counted in `tally`.
 */
function settledLinks(
  id: string,
  bodies: readonly (BodyLinks | undefined)[],
  { graph, tally }: PageLinks,
  originKnown: boolean,
): Record<string, string> | undefined {
  let settled: Record<string, string> | undefined;
  const pathname = questionPagePath(id);
  for (const body of bodies) {
    if (body === undefined) continue;
    tally.lost += body.dead;
    for (const target of body.targets) {
      const href = settled?.[target] ?? graph.hrefOf(target, pathname);
      if (href === undefined) {
        if (originKnown) tally.leaving++;
        else tally.lost++;
        continue;
      }
      tally.rewritten++;
      settled ??= {};
      settled[target] = href;
    }
  }
  return settled;
}

/** The questions linked with `id`, either way, in listing order, as its page lists them. */
function linkedQuestions(
  id: string,
  { graph, rankOf }: PageLinks,
  entryOf: (id: string) => QuestionEntry<unknown> | undefined,
): { id: string; titleLine: string; titleHtml?: string }[] {
  if (!graph.has(id)) return [];
  const rank = (other: string) => rankOf.get(other) ?? Number.MAX_SAFE_INTEGER;
  return [...graph.linkedWith(id)]
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((other) => {
      const entry = entryOf(other);
      return entry === undefined
        ? []
        : [
            {
              id: other,
              titleLine: titleLine(entry.title, entry.state),
              ...(entry.titleHtml !== undefined && {
                titleHtml: titleLineHtml(entry.titleHtml, entry.state),
              }),
            },
          ];
    });
}

/**
 * Every answer file by the question it answers, in file order, with the rules between them:
 * the question must exist, and at most one answer of a question is accepted.
 */
function answersByQuestion<Text>(
  answers: FolderFiles<AnswerEntry<Text>>,
  { questions, users }: Pick<ContentFiles<Text>, "questions" | "users">,
  problems: ContentProblem[],
  { graph, images }: { graph: PostLinkGraph; images: UsedImages },
): Map<string, string[]> {
  // Ids only, each answer's file named from its id for a message: held for the whole
  // assembly, an `{ id, file }` object for each answer would cost memory (scripts/bench.md,
  // "Why the constants are what they are").
  const byQuestion = new Map<string, string[]>();
  const acceptedOf = new Map<string, string>();
  for (const id of answers.fileOfId.keys()) {
    const answer = answers.entries.get(id) ?? answers.partial.get(id);
    if (answer !== undefined) {
      problems.push(
        ...userReferenceProblems(answer, users.fileOfId, () => fileOf(answers.fileOfId, id)),
      );
    }
    const question = answer?.question;
    if (question === undefined) continue;
    if (!questions.fileOfId.has(question)) {
      problems.push({
        file: fileOf(answers.fileOfId, id),
        field: "question",
        reason: `"${question}" does not name a question (there is no questions/${question}.md); correct the id, or move the answer out of answers/`,
      });
      continue;
    }
    const ofQuestion = byQuestion.get(question);
    if (ofQuestion === undefined) byQuestion.set(question, [id]);
    else ofQuestion.push(id);
    graph.noteBody(question, answer?.bodyLinks);
    images.check(fileOf(answers.fileOfId, id), answer?.bodyLinks?.images, problems);
    if (answer?.accepted !== true) continue;
    const first = acceptedOf.get(question);
    if (first === undefined) acceptedOf.set(question, id);
    else {
      problems.push({
        file: fileOf(answers.fileOfId, id),
        field: "accepted",
        reason: `question "${question}" already has an accepted answer, ${fileOf(answers.fileOfId, first)}; accept one answer only, and remove accepted here or there`,
      });
    }
  }
  // A list that grew past one answer has room for 16 more (V8's growth), held through the
  // pages' derivation: each is copied to its size (scripts/bench.md, "Why the constants are
  // what they are").
  for (const [question, ids] of byQuestion) {
    if (ids.length > 1) byQuestion.set(question, ids.slice());
  }
  return byQuestion;
}

/**
 * What the archive holds, as its links need it: the entries themselves, asked for one at a time
 * (only a link's target is), and the tags the questions use, as `questionsToOrder` notes them.
 */
function archiveHolds<Text>(
  questions: FolderFiles<QuestionEntry<Text>>,
  answers: FolderFiles<AnswerEntry<Text>>,
  tags: ReadonlySet<string>,
  readText: (text: Text) => string,
): ArchiveHolds {
  return {
    question: (id) => questions.entries.has(id),
    questionOfAnswer: (id) => answers.entries.get(id)?.question,
    tag: (tag) => tags.has(tag),
    commentAnchor: (question, post, comment) => {
      const own = post === question ? questions.entries.get(question) : undefined;
      const answer = own === undefined ? answers.entries.get(post) : undefined;
      if (answer !== undefined && answer.question !== question) return undefined;
      const json = (own ?? answer)?.commentsJson;
      const comments = json === undefined ? [] : (JSON.parse(readText(json)) as { id: string }[]);
      if (!comments.some(({ id }) => id === comment)) return undefined;
      return commentAnchor(comment, own === undefined ? post : undefined);
    },
  };
}

/** The ids of a question's `linked` that name no other question. */
function linkedProblems(
  id: string,
  linked: readonly string[],
  questionFiles: EntryShelf<string>,
): ContentProblem[] {
  const file = fileOf(questionFiles, id);
  return linked.flatMap((other, index): ContentProblem[] => {
    if (other === id) {
      return [{ file, field: `linked[${index}]`, reason: `names this question itself; remove it` }];
    }
    if (questionFiles.has(other)) return [];
    return [
      {
        file,
        field: `linked[${index}]`,
        reason: `"${other}" does not name a question (there is no questions/${other}.md); correct the id or remove it from linked`,
      },
    ];
  });
}

/** Where each question linked with another stands in the listing, to list them in its order. */
function linkedRanks(
  ids: readonly string[],
  ranks: ArrayLike<number>,
  graph: PostLinkGraph,
): Map<string, number> {
  const rankOf = new Map<string, number>();
  ids.forEach((id, index) => {
    if (graph.has(id)) rankOf.set(id, ranks[index] as number);
  });
  return rankOf;
}

/** A question whose `answers` field disagrees with its answer files, naming both numbers. */
function answerCountProblem(file: string, given: number, answerFiles: string[]): ContentProblem {
  const files = answerFiles.length === 1 ? "1 answer file" : `${answerFiles.length} answer files`;
  return {
    file,
    field: "answers",
    reason: `is ${given}, but answers/ holds ${files} for this question (${answerFiles.join(", ")}); set answers: ${answerFiles.length}, or remove the field to count the files`,
  };
}

/** How a build has the content held: less of it, the rest on disk (src/machinery/loading/load-content.ts). */
export interface BuildHooks<Question, Text, IndexFile, UserRecord> {
  /** What the content keeps of each question's page, called as soon as the page is derived. */
  keepPage: (page: QuestionPage<Text>) => Question;
  /** What the content keeps of each share of a user's page, called as soon as it is made. */
  keepUser: (share: UserPageShare<Text>) => UserRecord;
  /** An entry's text as text, when the build stored it on disk (`FolderReader.pageTexts`). */
  readText: (text: Text) => string;
  /**
   * Where the search index's `count` documents wait, put in file order, to be taken in listing
   * order: held (`HeldInListingOrder`), or, by a build, on disk.
   */
  sortDocuments: (count: number) => ListingOrderSorter<SearchDocument>;
  /**
   * Where each question goes, with its place in the listing, as soon as it is kept, rather
   * than into the content's `questions`, which then stay empty: a build's loading thread hands
   * them to the main thread as they come, and holds none of them to the end of the load.
   */
  handOver?: (rank: number, question: Question) => void;
  /**
   * What the content keeps of each file of the search index, called as soon as the file is
   * made (`buildSearchIndex`): a build stores it on disk.
   */
  keepSearchFile: (file: SearchFile) => IndexFile;
  /**
   * Where the search index's postings wait, a run of questions at a time, until every word's
   * are merged (`buildSearchIndex`): a build sets them apart on disk. Without it, held.
   */
  postingsRuns?: PostingsRuns;
  /**
   * Called once every page is derived, and what only the pages needed let go of, before the
   * search index is built: a build's loading thread gives the memory back then.
   */
  pagesDerived?: () => void;
}

/** Items put by their place in the listing (0 first), in any order, and taken back in that order. */
export interface ListingOrderSorter<Item> {
  put(rank: number, item: Item): void;
  /** Every item put, in listing order, once. */
  inOrder(): Iterable<Item>;
  /** Lets go of what is held, taken or not. */
  discard(): void;
}

/** A `ListingOrderSorter` that holds every item: the plain path's, and small folders'. */
export class HeldInListingOrder<Item> implements ListingOrderSorter<Item> {
  #items: Item[];

  constructor(count: number) {
    this.#items = new Array<Item>(count);
  }

  put(rank: number, item: Item): void {
    this.#items[rank] = item;
  }

  inOrder(): Iterable<Item> {
    return this.#items;
  }

  discard(): void {
    this.#items = [];
  }
}

/**
 * The plain path's hooks: every page, text and file of the index held as it is. Only with
 * entries whose texts are text (the first overload of `assembleContent`).
 */
function heldHooks<Question, Text, IndexFile, UserRecord>(): BuildHooks<
  Question,
  Text,
  IndexFile,
  UserRecord
> {
  return {
    keepPage: (page) => page as Question,
    keepUser: (share) => share as UserRecord,
    readText: (text) => text as string,
    sortDocuments: (count) => new HeldInListingOrder(count),
    keepSearchFile: (file) => file as IndexFile,
  };
}

function noFiles<Entry>(): FolderFiles<Entry> {
  return {
    fileOfId: new Map(),
    entries: new Map(),
    partial: new Map(),
    problems: [],
    otherListed: [],
  };
}

/** A question file's claim to duplicate another, read even when its other fields are bad. */
export interface DuplicateReference {
  id: string;
  file: string;
  duplicateOf: string;
}

/**
 * The rule that spans files: a `duplicateOf` must name another question that exists.
 * `existingIds` holds every question file, valid or not, so a reference to a file that has
 * problems of its own is not also reported as dangling.
 */
export function duplicateReferenceProblem(
  { id, file, duplicateOf }: DuplicateReference,
  existingIds: { has(id: string): boolean },
): ContentProblem | undefined {
  if (duplicateOf === id) {
    return {
      file,
      field: "duplicateOf",
      reason: `names this question itself; set it to the id of the question "${id}" duplicates`,
    };
  }
  if (!existingIds.has(duplicateOf)) {
    return {
      file,
      field: "duplicateOf",
      reason: `"${duplicateOf}" does not name a question (there is no questions/${duplicateOf}.md); correct the id or remove duplicateOf`,
    };
  }
  return undefined;
}

/**
 * Problems sorted by file as listed, stable within a file: those of no listed file
 * (community.yaml, a missing folder) first.
 */
function inFileOrder(
  problems: readonly ContentProblem[],
  listed: readonly string[],
): ContentProblem[] {
  const order = new Map(listed.map((file, index) => [file, index]));
  const rank = (problem: ContentProblem) => order.get(problem.file) ?? -1;
  return [...problems].sort((a, b) => rank(a) - rank(b));
}
