/**
 * Imports a Stack Exchange data dump into a content folder: community.yaml, one
 * questions/<Id>.md per question, one answers/<Id>.md per answer, one tags/<tag>.md per
 * tag wiki and one users/<Id>.md per user they credit.
 * `node scripts/import.ts --help` (npm run import -- --help) documents every flag;
 * scripts/import.md explains the mapping and the report.
 */
import { writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { communityAttribution, licenceList, siteFromFolderName } from "./import/attribution.ts";
import {
  communityFileProblems,
  nameProblem,
  renderCommunityFile,
} from "./import/community-file.ts";
import { locateDump, type DumpFiles } from "./import/dump-files.ts";
import { settleDuplicates } from "./import/duplicates.ts";
import { settleLinked } from "./import/linked.ts";
import { importPosts, settleAnswers, type PostsPass } from "./import/import-posts.ts";
import { importComments, type CommentsPass } from "./import/import-comments.ts";
import { importImages, type ImagesPass } from "./import/import-images.ts";
import type { ImageFetchSettings } from "./import/image-fetch.ts";
import { HELP, parseImportArguments, type ImportOptions } from "./import/options.ts";
import { UsageError } from "./common/usage-error.ts";
import { noPostLinks, readPostLinks } from "./import/post-links.ts";
import { noPostNotices, readPostNotices, type PostNotices } from "./import/post-history.ts";
import { progressDisplay, type Progress } from "./import/progress.ts";
import { assembleReport } from "./import/assemble-report.ts";
import { formatReport } from "./import/report.ts";
import {
  createStaging,
  checkOutFolder,
  recoverInterruptedImports,
  removeStaging,
  swapIn,
} from "./import/staging.ts";
import { checkTagCounts, type TagCountCheck } from "./import/tag-counts.ts";
import {
  removeTagWikiPosts,
  TagWikiPosts,
  tagWikiPostsFolder,
  writeTagWikis,
  type TagWikiOutcome,
  withoutTagsFile,
} from "./import/tag-wikis.ts";
import { TAG_WIKIS_FOLDER } from "../src/schemas/tag-wiki.ts";
import { readTagMapFile, type TagPolicy } from "./import/tags.ts";
import { countRows } from "./import/row-count.ts";
import { decideMath } from "./import/math-use.ts";
import { decidePageSize } from "./import/page-size.ts";
import { readUserNames, type UserNames } from "./import/users.ts";
import { CreditedUsers, settleEditors } from "./import/user-credits.ts";
import { writeUserFiles, type UsersPass } from "./import/import-users.ts";
import { USERS_FOLDER } from "../src/schemas/user.ts";
import { DumpReadError } from "./import/xml-rows.ts";

/**
 * The site, the community's name and the tag policy, each checked before any file is written:
 * a wrong flag is a usage error, not a half-done import.
 */
function resolveCommunity(
  options: ImportOptions,
  dump: DumpFiles,
): { site: string; name: string; tagPolicy: TagPolicy } {
  // A folder or an archive is named after its site: beer.stackexchange.com(.7z).
  const site = options.site ?? siteFromFolderName(basename(dump.folder).replace(/\.7z$/i, ""));
  if (site === undefined) {
    throw new UsageError(
      `cannot tell which site ${options.input} is from (its folder is not named like beer.stackexchange.com); pass --site, such as --site beer.stackexchange.com`,
    );
  }
  const name = options.name ?? site;
  const badName = nameProblem(name);
  if (badName !== undefined) {
    throw new UsageError(`--name ${JSON.stringify(name)} cannot name a community: it ${badName}`);
  }
  const tagPolicy = {
    map: options.tagMap === undefined ? new Map<string, string>() : readTagMapFile(options.tagMap),
    rule: !options.strictTags,
  };
  return { site, name, tagPolicy };
}

/**
 * Ctrl-C (and SIGTERM, SIGHUP) removes the staging folder, so a stopped import leaves nothing
 * behind. Returns the function that stops listening.
 */
function removeStagingOnSignal(staging: string, progress: Progress): () => void {
  const abandon = (signal: NodeJS.Signals) => {
    progress.end();
    removeStaging(staging);
    console.error(`import: stopped by ${signal}; nothing was written.`);
    process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGHUP" ? 1 : 15));
  };
  process.once("SIGINT", abandon).once("SIGTERM", abandon).once("SIGHUP", abandon);
  return () => {
    process.off("SIGINT", abandon).off("SIGTERM", abandon).off("SIGHUP", abandon);
  };
}

/**
 * The rows of the dump's files that are not carried over, by file, for the report: PostHistory's
 * were counted as its closes and locks were read.
 */
async function countNotCarriedRows(
  dump: DumpFiles,
  notices: PostNotices,
): Promise<Map<string, number>> {
  const notCarriedRows = new Map<string, number>();
  if (dump.postHistory !== undefined) notCarriedRows.set(dump.postHistory, notices.rows);
  if (dump.votes !== undefined) notCarriedRows.set(dump.votes, await countRows(dump.votes));
  return notCarriedRows;
}

/** What the credits of posts and comments need: the site, the users, and the options. */
interface CreditGiven {
  site: string;
  users: UserNames | undefined;
  /** Undefined with --no-users, or without Users.xml: nobody gets a users/ file. */
  credited: CreditedUsers | undefined;
  options: ImportOptions;
  progress: Progress;
}

/** Adds Comments.xml's comments to their posts' files; undefined when the dump has none. */
async function addComments(
  dump: DumpFiles,
  staging: string,
  given: CreditGiven,
): Promise<CommentsPass | undefined> {
  if (dump.comments === undefined) return undefined;
  return importComments({
    commentsFile: dump.comments,
    questionsDir: join(staging, "questions"),
    answersDir: join(staging, "answers"),
    // Inside the staging folder, so Ctrl-C's removal takes the sorted runs with it.
    runsDir: join(staging, ".comment-runs"),
    site: given.site,
    users: given.users,
    credited: given.credited,
    licenceOverride: given.options.license,
    onProgress: given.progress.update,
  });
}

/**
 * What is added once every post's file is settled: Comments.xml's comments into their posts'
 * files (import-comments.ts), then the users a post or comment written credits into users/
 * (addUsers), now that every credit is known; then, with --images, the images into images/.
 */
async function addToSettledPosts(dump: DumpFiles, staging: string, given: CreditGiven) {
  const comments = await addComments(dump, staging, given);
  const users = await addUsers(dump, staging, given);
  const images = await fetchImagesIfAsked(given.options, staging, given.site, given.progress);
  return { comments, users, images };
}

/**
 * The users credited by a post or comment written, each into users/<Id>.md with their
 * badges, from a second read of Users.xml (import-users.ts); then the posts whose editor
 * turned out to be one of them name the editor's file (settleEditors). Undefined with
 * --no-users, or without Users.xml.
 */
async function addUsers(
  dump: DumpFiles,
  staging: string,
  given: CreditGiven,
): Promise<UsersPass | undefined> {
  const { credited, users, site } = given;
  if (credited === undefined || users === undefined || dump.users === undefined) return undefined;
  const pass = await writeUserFiles({
    usersFile: dump.users,
    badgesFile: dump.badges,
    usersDir: join(staging, USERS_FOLDER),
    site,
    names: users,
    credited,
    licenceOverride: given.options.license,
    onProgress: given.progress.update,
  });
  const questionsDir = join(staging, "questions");
  settleEditors(credited, site, { questionsDir, answersDir: join(staging, "answers") });
  return pass;
}

/**
 * Writes community.yaml into the staging folder, with the CC BY-SA attribution the licence
 * asks for; returns whether it typesets math (the posts use TeX, or --math says so) and its
 * page size (above a hundred questions, or as --page-size says).
 */
function writeCommunityFile(
  staging: string,
  { site, name }: { site: string; name: string },
  pass: PostsPass,
  comments: CommentsPass | undefined,
  options: ImportOptions,
): { typesetsMath: boolean; pageSize: number | undefined } {
  // The licences of the comments written count too: a comment can be of a later era.
  const licences = new Map(pass.licences);
  for (const [licence, count] of comments?.licences ?? []) {
    licences.set(licence, (licences.get(licence) ?? 0) + count);
  }
  const attribution = communityAttribution(site, licences);
  const typesetsMath = decideMath(pass.mathUse, options.math);
  const pageSize = decidePageSize(pass.written, options.pageSize);
  const community = renderCommunityFile({
    name,
    attribution,
    source: `Imported from the ${site} data dump by scripts/import.ts (see scripts/import.md).`,
    math: typesetsMath,
    pageSize,
    origin: `https://${site}`,
    license: licenceList(licences),
  });
  const communityProblems = communityFileProblems(community);
  if (communityProblems.length > 0) {
    throw new Error(`community.yaml would be invalid: ${JSON.stringify(communityProblems)}`);
  }
  writeFileSync(join(staging, "community.yaml"), community);
  return { typesetsMath, pageSize };
}

/**
 * With `--images`, the staged posts' images fetched into images/ (see import-images.ts): from
 * the hosts `--image-hosts` lists, else Stack Exchange's and the site's own; kept in
 * `--image-cache`, else `<out>.image-cache` beside the output folder.
 */
async function fetchImagesIfAsked(
  options: ImportOptions,
  staging: string,
  site: string,
  progress: Progress,
): Promise<ImagesPass | undefined> {
  if (options.images === undefined) return undefined;
  const { hosts, cache } = options.images;
  const settings: ImageFetchSettings = {
    hosts: new Set(hosts ?? ["i.stack.imgur.com", "i.sstatic.net", site]),
    cacheDir: resolve(cache ?? `${resolve(options.out)}.image-cache`),
  };
  return importImages(staging, settings, (done, total, failed) =>
    progress.status(`images  ${done} of ${total}  ${failed} failed`),
  );
}

/**
 * PostLinks.xml's rows, PostHistory.xml's closes and locks and Users.xml's names, each when the
 * dump has the file; and, unless --no-users, the users credited, none yet.
 */
async function readLinksAndUsers(dump: DumpFiles, options: ImportOptions, progress: Progress) {
  const links =
    dump.postLinks === undefined
      ? noPostLinks()
      : await readPostLinks(dump.postLinks, progress.update);
  const notices =
    dump.postHistory === undefined
      ? noPostNotices()
      : await readPostNotices(dump.postHistory, progress.update);
  const users =
    dump.users === undefined ? undefined : await readUserNames(dump.users, progress.update);
  const credited = options.users && users !== undefined ? new CreditedUsers() : undefined;
  return { links, notices, users, credited };
}

/**
 * Tags.xml's counts checked against the questions (tag-counts.ts), and its excerpts and wikis,
 * set aside by the posts pass, written into tags/ (tag-wikis.ts); the set-aside posts go
 * either way. Without Tags.xml, neither, and the wikis' rows are counted as left out.
 */
async function readTagsFile(
  dump: DumpFiles,
  staging: string,
  posts: TagWikiPosts,
  given: {
    site: string;
    tagPolicy: TagPolicy;
    pass: PostsPass;
    options: ImportOptions;
    progress: Progress;
  },
): Promise<{ tagCounts: TagCountCheck | null; tagWikis: TagWikiOutcome }> {
  try {
    if (dump.tags === undefined) return { tagCounts: null, tagWikis: withoutTagsFile(posts) };
    const { pass, progress } = given;
    const tagCounts = await checkTagCounts(dump.tags, pass.dumpTagCounts, progress.update);
    const tagWikis = await writeTagWikis({
      tagsFile: dump.tags,
      posts,
      tagsDir: join(staging, TAG_WIKIS_FOLDER),
      site: given.site,
      tags: given.tagPolicy,
      carried: pass.writtenTags,
      licenceOverride: given.options.license,
      onProgress: progress.update,
    });
    return { tagCounts, tagWikis };
  } finally {
    removeTagWikiPosts(staging);
  }
}

async function main(args: readonly string[]): Promise<number> {
  const started = performance.now();

  // 1. Read the command line, find the dump's files and the site they come from.
  const options = parseImportArguments(args);
  if (options === undefined) {
    console.log(HELP);
    return 0;
  }
  const dump = locateDump(options.input);
  const { site, name, tagPolicy } = resolveCommunity(options, dump);

  // 2. Finish or undo what killed imports of --out left beside it; then refuse to replace an
  //    existing folder without --force, before any work is done.
  for (const line of recoverInterruptedImports(options.out)) console.error(`import: ${line}`);
  checkOutFolder(options.out, options.force, [dump.folder, process.cwd()]);
  const progress = progressDisplay(process.stderr.isTTY && !options.quiet);

  // 3. Duplicate and linked rows first (the posts pass needs them), then the authors' names:
  //    each post is credited as it is written; Users.xml keeps only a name per user.
  const { links, notices, users, credited } = await readLinksAndUsers(dump, options, progress);

  // 4. Stream Posts.xml into a staging folder beside --out; Ctrl-C removes it.
  const staging = createStaging(options.out);
  const tagWikiPosts = new TagWikiPosts(tagWikiPostsFolder(staging));
  const questionsDir = join(staging, "questions");
  const answersDir = join(staging, "answers");
  const stopRemovingOnSignal = removeStagingOnSignal(staging, progress);
  try {
    const pass = await importPosts({
      postsFile: dump.posts,
      questionsDir,
      answersDir,
      site,
      users,
      credited,
      licenceOverride: options.license,
      row: { tags: tagPolicy, trimTitles: !options.strict },
      links,
      notices,
      checkText: options.checkText,
      tagWikiPosts,
      onProgress: progress.update,
    });

    // 5. Settle what needed the whole file: answers whose question came later or never did,
    //    answer counts and accepted answers, then duplicates now that every original is
    //    known, and linked questions now that each is known to be written.
    const answers = settleAnswers(pass, questionsDir, answersDir);
    const duplicates = settleDuplicates(links, pass, questionsDir);
    const linked = settleLinked(
      links,
      (id) => pass.answers.hasQuestion(id),
      duplicates.originals,
      questionsDir,
    );

    // 6. Now that every post's file is settled: Comments.xml into their frontmatter, then the
    //    users credited into users/ (unless --no-users); with --images, the images into images/.
    const credits: CreditGiven = { site, users, credited, options, progress };
    const added = await addToSettledPosts(dump, staging, credits);

    // 7. Tags.xml: check its counts, and write the tags' excerpts and wikis into tags/ for the
    //    tags a question written carries; count the rows of the files not carried over.
    const given = { site, tagPolicy, pass, options, progress };
    const { tagCounts, tagWikis } = await readTagsFile(dump, staging, tagWikiPosts, given);
    const notCarriedRows = await countNotCarriedRows(dump, notices);
    progress.end();

    // 8. community.yaml, with the CC BY-SA attribution the licence asks for, math: tex when
    //    the posts use TeX (or --math says so), and pageSize for a big listing.
    const settings = writeCommunityFile(staging, { site, name }, pass, added.comments, options);

    // 9. Swap the folder in only when every question and answer made it, or when asked to.
    const complete = pass.problems.length === 0 && duplicates.problems.length === 0;
    if (complete || options.allowPartial) swapIn(staging, options.out, options.force);

    // 10. Report, and exit 0 only when everything was imported.
    const report = assembleReport({
      site,
      name,
      out: options.out,
      dump,
      links,
      pass,
      answers,
      ...added,
      notCarriedRows,
      userRows: users?.rows ?? 0,
      duplicates,
      linked,
      tagCounts,
      tagWikis,
      written: complete || options.allowPartial,
      exitCode: complete ? 0 : 1,
      seconds: (performance.now() - started) / 1000,
      math: { on: settings.typesetsMath, flag: options.math },
      pageSize: { size: settings.pageSize, flag: options.pageSize },
    });
    console.log(options.json ? JSON.stringify(report, null, 2) : formatReport(report));
    return report.exitCode;
  } finally {
    progress.end();
    removeStaging(staging);
    stopRemovingOnSignal();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`import: ${error.message}\nRun with --help for every option.`);
    process.exitCode = 2;
  } else if (error instanceof DumpReadError) {
    console.error(`import: ${error.message}\nNothing was written; --out is unchanged.`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
