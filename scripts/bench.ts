/**
 * Benchmarks the site build on a generated corpus: a cold build, a warm build with nothing
 * changed and a warm build after editing one question, then the peer builders of
 * ../shared/bench (when present) on the same corpus; prints one table and checks the budgets.
 *
 *   npm run bench -- --count 10000 [--runs 3] [--peers "limit hugo"] [--corpus own|shared]
 *                    [--pages] [--baseline ../other-checkout] [--comments R] [--compare-comments]
 *                    [--no-users] [--compare-users] [--floor] [--rerender]
 *
 * With --pages the corpus has answers (content contract v2) and the builds write a page per
 * question: the bench counts and checks them, and the peers run in their own --pages mode.
 *
 * The corpus has comments, about one per post (--comments R; 0 for none); --compare-comments
 * also builds it without them, paired with ours, and checks the comments' budget. With --pages
 * its linked authors are people of users/, with pages of their own (--no-users: none);
 * --compare-users builds it without them too, and checks the users' budget.
 *
 * Generation and checks are not timed; only the builds are, each under GNU time. See --help
 * and scripts/bench.md.
 */
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join, relative } from "node:path";
import { projectRoot } from "../src/project-paths.ts";
import { buildFloor, writeFloorProject } from "./bench/astro-floor.ts";
import { addComments, type CommentSummary } from "./bench/comments.ts";
import { addUsers, type UserSummary } from "./bench/users.ts";
import { generateCorpus } from "./bench/gen-corpus.ts";
import { median, type Timing } from "./bench/measure.ts";
import { HELP, parseOptions, type BenchOptions } from "./bench/options.ts";
import { commandLineOptions, UsageError } from "./common/usage-error.ts";
import {
  buildOurs,
  editOneQuestion,
  type BuildFolders,
  type BuildRun,
  type Edit,
} from "./bench/our-build.ts";
import { corpusStats } from "./bench/corpus-stats.ts";
import {
  checkOutputEntries,
  checkPages,
  listingContains,
  questionPageContains,
  questionPagePath,
  questionPagesTextBytes,
  visibleTextBytes,
} from "./bench/output-stats.ts";
import { warmFileCache } from "./bench/file-cache.ts";
import {
  combinePeerRuns,
  hugoVersion,
  knownPeers,
  runPeerOnce,
  sharedBench,
  sharedBenchPresent,
  type PeerResult,
} from "./bench/peers.ts";
import {
  checkBudgets,
  commentsBudget,
  floorBudget,
  formatTable,
  pairedRatios,
  usersBudget,
  type Row,
} from "./bench/report.ts";

const log = (message: string): void => void process.stderr.write(`${message}\n`);

// 1. The command line, and what this machine can run.
const options: BenchOptions = commandLineOptions(
  "bench",
  (args) => {
    const parsed = parseOptions(args);
    if (parsed !== undefined) parsed.peers = availablePeers(parsed);
    return parsed;
  },
  HELP,
);
const loadBefore = loadavg();
const work = mkdtempSync(join(tmpdir(), "qa-bench-"));
const content = join(work, "corpus");
// The generator's corpus, before the copy steps (comments, then users) that end in `content`.
const plain = options.comments > 0 || options.users ? join(work, "corpus-plain") : content;
let failed = false;

try {
  // 2. The corpus, in a temporary folder (not timed).
  log(
    options.corpus === "example"
      ? `copying the example community (content/) to ${content}`
      : `generating ${options.count} questions (${options.corpus} corpus${options.pages ? " v2, with answers" : ""}, seed ${options.seed}, ${options.comments} comments per post) in ${content}`,
  );
  const generatorStarted = performance.now();
  if (options.corpus === "example") {
    cpSync(join(projectRoot, "content"), plain, { recursive: true });
  } else if (options.corpus === "own") {
    generateCorpus({ count: options.count, out: plain, seed: options.seed });
  } else {
    const child = spawnSync(
      process.execPath,
      [
        join(sharedBench, "gen-corpus.mjs"),
        "--count",
        String(options.count),
        "--out",
        plain,
        "--seed",
        String(options.seed),
        ...(options.pages ? ["--v2"] : []),
      ],
      { encoding: "utf8", stdio: ["ignore", "ignore", "inherit"] },
    );
    if (child.status !== 0)
      throw new Error(`../shared/bench/gen-corpus.mjs exited with ${child.status}`);
  }
  if (options.pageSize !== undefined) {
    appendFileSync(join(plain, "community.yaml"), `pageSize: ${options.pageSize}\n`);
  }
  // Comments in the frontmatter of each question and answer (issue 44), then people for their
  // linked authors (issue 62), each on a copy.
  const { comments, users, withoutComments, withoutUsers } = addCommentsAndUsers(plain);
  const generatorSeconds = (performance.now() - generatorStarted) / 1000;
  // With --pages: the questions each build must write a page for, the answers, the tags.
  const v2 = options.pages ? corpusStats(content) : undefined;
  if (options.corpus === "example") options.count = v2?.questionIds.length ?? 0;
  const corpus = {
    kind: options.corpus,
    seed: options.seed,
    questions: options.count,
    markdownBytes: folderBytes(join(content, "questions")),
    generatorSeconds,
    ...(comments && { comments }),
    ...(users && { users }),
    ...(options.pageSize !== undefined && { pageSize: options.pageSize }),
    ...(v2 && { v2: true, answers: v2.answers, answerBytes: v2.answerBytes, tags: v2.tags }),
  };

  // 3. Our builds (cold, warm with no change, warm after a one-file edit), then each peer on
  // the same corpus, `runs` times over: interleaved, so that a machine whose speed drifts
  // during the run moves every row alike. Each build starts with the corpus in the page cache.
  // A run's cold, warm and edit builds write into one output folder, as a user's rebuilds
  // write into dist/: the warm ones write only the pages that changed (the baseline's Astro
  // may empty it first). With --pages each run has a folder of its own, deleted only at the
  // end, as run-peers.sh --pages does: on ext4, creating thousands of files right after
  // deleting as many costs several times the system time (../shared/bench/README.md, "Notes
  // for measuring").
  const outFolder = (name: string, run: number): string =>
    join(work, options.pages ? `${name}-${run}` : name);
  const folders = (run: number): BuildFolders => ({
    content,
    cache: join(work, "cache"),
    out: outFolder("out", run),
  });
  const ours: {
    cold: BuildRun[];
    warm: BuildRun[];
    /** `shown`: the marker is on the listing; `onPage`: on the question's page (--pages). */
    edit: (BuildRun & Edit & { shown: boolean; onPage?: boolean })[];
  } = {
    cold: [],
    warm: [],
    edit: [],
  };
  // One untimed build of the small example first, so that the first timed build does not also
  // pay for reading Astro's own code from disk (1.8 s against 2.5 s at 2,000 questions).
  buildOurs(
    {
      content: join(projectRoot, "content"),
      cache: join(work, "cache-warm-up"),
      out: join(work, "out-warm-up"),
    },
    true,
    options.timeoutSeconds,
  );
  // The --baseline checkout's builds, each right after ours of the same kind on the same
  // corpus, with a cache of its own: pairs whose ratio the machine's drift hardly moves.
  const baseline: typeof ours = { cold: [], warm: [], edit: [] };
  const baselineFolders = (run: number): BuildFolders => ({
    content,
    cache: join(work, "cache-baseline"),
    out: outFolder("out-baseline", run),
  });
  // --compare-comments: this project's builds of the corpus without its comments, paired too.
  const noComments: typeof ours = { cold: [], warm: [], edit: [] };
  const noCommentsFolders = (run: number): BuildFolders => ({
    content: withoutComments,
    cache: join(work, "cache-no-comments"),
    out: outFolder("out-no-comments", run),
  });
  // --compare-users: the builds of the corpus without its users, paired too.
  const noUsers: typeof ours = { cold: [], warm: [], edit: [] };
  const noUsersFolders = (run: number): BuildFolders => ({
    content: withoutUsers,
    cache: join(work, "cache-no-users"),
    out: outFolder("out-no-users", run),
  });
  const builders = [
    { name: "ours", runs: ours, folders, project: projectRoot },
    ...(options.baseline === undefined
      ? []
      : [
          { name: "baseline", runs: baseline, folders: baselineFolders, project: options.baseline },
        ]),
    ...(options.compareComments
      ? [
          {
            name: "no comments",
            runs: noComments,
            folders: noCommentsFolders,
            project: projectRoot,
          },
        ]
      : []),
    ...(options.compareUsers
      ? [{ name: "no users", runs: noUsers, folders: noUsersFolders, project: projectRoot }]
      : []),
  ];
  // --floor: bare Astro projects of one page and of as many pages as our first cold build
  // wrote, each built cold right after our cold build of the run (scripts/bench/astro-floor.ts).
  const floors = { one: [] as Timing[], many: [] as Timing[], pages: 0 };
  const floorFolder = (size: "one" | "many") => join(work, `astro-floor-${size}`);
  const buildFloors = (run: number) => {
    const built = ours.cold.at(-1)?.output;
    if (built === undefined) return;
    if (floors.pages === 0) {
      floors.pages = built.htmlPages;
      writeFloorProject(floorFolder("one"), 1);
      writeFloorProject(floorFolder("many"), floors.pages);
    }
    for (const size of ["one", "many"] as const) {
      const timing = buildFloor(floorFolder(size), options.timeoutSeconds);
      floors[size].push(timing);
      const pages = size === "one" ? 1 : floors.pages;
      log(
        `astro floor of ${pages} page${pages === 1 ? "" : "s"} ${run}/${options.runs}: ${describe(timing)}`,
      );
      if (timing.exitCode !== 0)
        log(`the floor's build failed; the end of its log:\n${timing.output.slice(-4000)}`);
    }
  };
  // --rerender: every page rendered from the entry cache, into a new output folder.
  const rerender: BuildRun[] = [];
  const peerRuns = new Map<string, PeerResult[]>();
  let peersHeader = "";
  for (let run = 1; run <= options.runs && !failed; run++) {
    // Each builder's cold build, then each one's warm build (only after a cold one that built).
    for (const kind of ["cold", "warm"] as const) {
      for (const builder of builders) {
        if (kind === "warm" && builder.runs.cold.at(-1)?.output === undefined) continue;
        warmFileCache(builder.folders(run).content);
        const built = buildOurs(
          builder.folders(run),
          kind === "cold",
          options.timeoutSeconds,
          builder.project,
        );
        builder.runs[kind].push(built);
        logBuild(`${builder.name} ${kind} ${run}/${options.runs}`, built);
      }
      if (kind === "cold" && options.floor) buildFloors(run);
    }
    if (builders.every((builder) => builder.runs.warm.at(-1)?.output !== undefined)) {
      // The same edit in each corpus (with comments and users, without): the same file.
      const marker = `benchedit${run}x${Date.now().toString(36)}`;
      const edits = new Map<string, Edit>();
      for (const builder of builders) {
        const folder = builder.folders(run).content;
        if (!edits.has(folder)) edits.set(folder, editOneQuestion(folder, marker));
      }
      for (const builder of builders) {
        const runFolders = builder.folders(run);
        const edit = edits.get(runFolders.content) as Edit;
        warmFileCache(runFolders.content);
        const out = runFolders.out;
        const built = buildOurs(runFolders, false, options.timeoutSeconds, builder.project);
        const shown =
          built.output !== undefined &&
          listingContains(out, built.output.listingPages, edit.marker);
        const onPage = options.pages
          ? built.output !== undefined && questionPageContains(out, edit.id, edit.marker)
          : undefined;
        builder.runs.edit.push({
          ...built,
          ...edit,
          shown,
          ...(onPage !== undefined && { onPage }),
        });
        logBuild(
          `${builder.name} edit ${run}/${options.runs} (${relative(content, edit.file)} edited)`,
          built,
        );
        if (built.output && !shown)
          log(
            `the edit of ${edit.file} (text "${edit.marker}") does not show in the built listing`,
          );
        if (built.output && onPage === false)
          log(
            `the edit of ${edit.file} (text "${edit.marker}") does not show on its page, ${questionPagePath(edit.id)}`,
          );
      }
    }
    if (options.rerender && ours.edit.at(-1)?.output !== undefined) {
      // The edit build's cache, so no file has changed since; a folder no build wrote into.
      const built = buildOurs(
        { ...folders(run), out: join(work, `out-rerender-${run}`) },
        false,
        options.timeoutSeconds,
      );
      rerender.push(built);
      logBuild(`ours rerender ${run}/${options.runs}`, built);
    }
    failed =
      builders.some(({ runs }) =>
        [...runs.cold, ...runs.warm, ...runs.edit].some((build) => build.output === undefined),
      ) || rerender.some((build) => build.output === undefined);
    for (const peer of failed ? [] : options.peers) {
      // A peer without a --pages mode is reported skipped by run-peers.sh once; not asked again.
      if (peerRuns.get(peer)?.some((result) => result.runs === 0)) continue;
      warmFileCache(content);
      const { result, header, failure } = runPeerOnce(
        peer,
        content,
        options.timeoutSeconds,
        options.pages,
      );
      peersHeader = header ?? peersHeader;
      peerRuns.set(peer, [...(peerRuns.get(peer) ?? []), result]);
      log(
        failure !== undefined
          ? `${peer} could not be run: ${failure}`
          : result.runs === 0
            ? `${peer}: ${result.status}`
            : `${peer} ${run}/${options.runs}: ${result.wallSeconds ?? "-"} s wall, ${result.status}`,
      );
    }
  }
  const lastCold = ours.cold.at(-1);
  const peers = [...peerRuns.values()].map(combinePeerRuns);

  // 5. The table, the size of our markup against the text it carries, and the budgets.
  const questionIds = v2?.questionIds;
  const rows: Row[] = [
    ourRow("ours cold", ours.cold, questionIds),
    ourRow("ours warm", ours.warm, questionIds),
    editRow("ours edit", ours.edit, questionIds),
    ...(options.rerender ? [ourRow("ours rerender", rerender, questionIds)] : []),
    ...(options.baseline === undefined
      ? []
      : [
          ourRow("baseline cold", baseline.cold, questionIds),
          ourRow("baseline warm", baseline.warm, questionIds),
          editRow("baseline edit", baseline.edit, questionIds),
        ]),
    ...(options.compareComments
      ? [
          ourRow("no comments cold", noComments.cold, questionIds),
          ourRow("no comments warm", noComments.warm, questionIds),
          editRow("no comments edit", noComments.edit, questionIds),
        ]
      : []),
    ...(options.compareUsers
      ? [
          ourRow("no users cold", noUsers.cold, questionIds),
          ourRow("no users warm", noUsers.warm, questionIds),
          editRow("no users edit", noUsers.edit, questionIds),
        ]
      : []),
    ...(options.floor
      ? [
          timedRow("astro floor, 1 page", floors.one),
          timedRow(`astro floor, ${floors.pages} pages`, floors.many),
        ]
      : []),
    ...peers.map((peer) => ({
      name: peer.peer,
      runs: peer.runs,
      wallSeconds: peer.wallSeconds,
      cpuSeconds: peer.cpuSeconds,
      peakMib: peer.peakMib,
      outMb: peer.outMb,
      ...(options.pages && { files: peer.files }),
      entries: peer.entries,
      status: peer.status,
    })),
  ];
  const coldOut = lastCold?.output;
  // The last run's folder, as its edit build left it: one question's text apart from the cold.
  const coldFolder = folders(ours.cold.length).out;
  const textBytes = coldOut ? visibleTextBytes(coldFolder, coldOut.listingPages) : undefined;
  // With --pages a peer's out_MB is every file it wrote, not its listing: no per-entry figure.
  const limitRow = options.pages ? undefined : peers.find((peer) => peer.peer === "limit");
  const perEntry = {
    oursHtmlBytes:
      coldOut && coldOut.entries > 0 ? coldOut.listingBytes / coldOut.entries : undefined,
    limitHtmlBytes:
      limitRow?.outMb !== undefined && limitRow.entries
        ? (limitRow.outMb * 1e6) / limitRow.entries
        : undefined,
    visibleTextBytes:
      textBytes !== undefined && coldOut && coldOut.entries > 0
        ? textBytes / coldOut.entries
        : undefined,
  };
  // With --pages: our question pages' HTML beside the text of their <main> (cold build).
  const questionPages =
    options.pages && coldOut && coldOut.questionPages.length > 0
      ? {
          pages: coldOut.questionPages.length,
          htmlBytes: coldOut.questionPageBytes,
          textBytes: questionPagesTextBytes(coldFolder, coldOut.questionPages),
        }
      : undefined;
  const checkOutput = coldOut
    ? checkOutputEntries(join(sharedBench, "check-output.mjs"), join(coldFolder, "index.html"))
    : undefined;
  // The listing budgets were set for the listing alone; issue 15 sets those of --pages.
  const budgets = options.pages ? [] : checkBudgets(options.count, rows);
  const loadAfter = loadavg();

  const figures =
    `${availableParallelism()} CPUs; load average ` +
    `${loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after; node ${process.version}`;
  console.log(
    v2
      ? `# ${options.count.toLocaleString("en-US")} questions and ${v2.answers.toLocaleString("en-US")} answers, ` +
          `${options.corpus === "example" ? "the example community (content/)" : `${options.corpus} corpus v2`}, --pages (seed ${options.seed}, ${(v2.questionBytes / 1e6).toFixed(1)} MB of questions ` +
          `and ${(v2.answerBytes / 1e6).toFixed(1)} MB of answers); ${figures}`
      : `# ${options.count.toLocaleString("en-US")} questions, ${options.corpus} corpus (seed ${options.seed}, ` +
          `${(corpus.markdownBytes / 1e6).toFixed(1)} MB of .md); ${figures}`,
  );
  console.log(
    comments
      ? `# comments: ${comments.comments.toLocaleString("en-US")} on ${comments.posts.toLocaleString("en-US")} posts ` +
          `(--comments ${options.comments}; ${comments.hostile.toLocaleString("en-US")} hostile), in the frontmatter` +
          (options.compareComments
            ? "; the no comments rows build the same corpus without them"
            : "")
      : "# comments: none (--comments 0)",
  );
  if (options.pages)
    console.log(
      users
        ? `# users: ${usersText(users)}, in users/` +
            (options.compareUsers ? "; the no users rows build the same corpus without them" : "")
        : "# users: none (--no-users)",
    );
  console.log(formatTable(rows, { pages: options.pages }));
  if (v2) {
    console.log(
      `\nEvery build, ours and the peers', writes a page per question and per tag ` +
        `(${v2.tags.toLocaleString("en-US")} tags in this corpus) and tags/index.html; ours also pages ` +
        `the listing and the tag pages by pageSize when it is set (${options.pageSize === undefined ? "not in this corpus" : `pageSize: ${options.pageSize} here`}).`,
    );
  }
  // The wall time of each build, undefined for one that failed: the pairs' terms.
  const walls = (runs: BuildRun[]) =>
    runs.map((run) => (run.output ? run.timing.wallSeconds : undefined));
  // Each of our kinds of build over each peer's build of the same run (the limit's, Hugo's...).
  const ourKinds = { ...ours, ...(options.rerender && { rerender }) };
  const paired = [...peerRuns].flatMap(([peer, runs]) => {
    const peerWalls = runs.map((run) => (run.status === "ok" ? run.wallSeconds : undefined));
    const ratios = Object.entries(ourKinds).flatMap(([kind, builds]) => {
      const ratio = pairedRatios(walls(builds), peerWalls);
      return ratio ? [{ kind, ...ratio }] : [];
    });
    return ratios.length > 0 ? [{ peer, ratios }] : [];
  });
  if (paired.length > 0) {
    const lines = paired.map(
      ({ peer, ratios }) =>
        `Paired wall/${peer} (each of our builds over the ${peer} peer's build of the same run; median [min-max]): ` +
        ratios
          .map(
            ({ kind, median, min, max }) =>
              `${kind} ${median.toFixed(2)}x [${min.toFixed(2)}-${max.toFixed(2)}]`,
          )
          .join(", "),
    );
    console.log(`\n${lines.join("\n")}`);
  }
  const pairedBaseline = (["cold", "warm", "edit"] as const).flatMap((kind) => {
    const ratio = pairedRatios(walls(ours[kind]), walls(baseline[kind]));
    return ratio ? [{ kind, ...ratio }] : [];
  });
  if (pairedBaseline.length > 0) {
    console.log(
      `\nPaired wall ours/baseline (${options.baseline}; each of our builds over the baseline's build of the same run; median [min-max]): ` +
        pairedBaseline
          .map(
            ({ kind, median, min, max }) =>
              `${kind} ${median.toFixed(3)}x [${min.toFixed(3)}-${max.toFixed(3)}]`,
          )
          .join(", "),
    );
  }
  // Each kind of our builds over the same kind of build of a corpus without a part of ours.
  const pairedKinds = (without: typeof ours) =>
    (["cold", "warm", "edit"] as const).flatMap((kind) => {
      const ratio = pairedRatios(walls(ours[kind]), walls(without[kind]));
      return ratio ? [{ kind, ...ratio }] : [];
    });
  const pairedComments = pairedKinds(noComments);
  const pairedUsers = pairedKinds(noUsers);
  const oursColdWalls = walls(ours.cold);
  const floorWalls = (timings: Timing[]) =>
    timings.map((timing) => (timing.exitCode === 0 ? timing.wallSeconds : undefined));
  const floorPairs = [
    { name: "1 page", ratio: pairedRatios(oursColdWalls, floorWalls(floors.one)) },
    { name: `${floors.pages} pages`, ratio: pairedRatios(oursColdWalls, floorWalls(floors.many)) },
  ];
  const floorCheck = floorBudget(oursColdWalls, floorWalls(floors.many), floors.pages);
  if (floorCheck) {
    console.log(
      `\nPaired wall ours cold/astro floor (each of our cold builds over the bare Astro build of the same run; median [min-max]): ` +
        floorPairs
          .flatMap(({ name, ratio }) =>
            ratio
              ? [
                  `${name} ${ratio.median.toFixed(2)}x [${ratio.min.toFixed(2)}-${ratio.max.toFixed(2)}]`,
                ]
              : [],
          )
          .join(", "),
    );
    console.log(`Budget: ${floorCheck.verdict}  ${floorCheck.rule}: ${floorCheck.detail}`);
  }
  const finishedTimings = (runs: BuildRun[]) =>
    runs.filter((run) => run.output !== undefined).map((run) => run.timing);
  const commentsCheck = commentsBudget(
    finishedTimings(ours.cold),
    finishedTimings(noComments.cold),
  );
  if (pairedComments.length > 0) {
    console.log(
      `\nPaired wall with/without comments (${comments?.comments.toLocaleString("en-US")} comments on ` +
        `${comments?.posts.toLocaleString("en-US")} posts; each of our builds over the same build of the corpus ` +
        `without them; median [min-max]): ${pairsText(pairedComments)}`,
    );
  }
  if (commentsCheck)
    console.log(`Budget: ${commentsCheck.verdict}  ${commentsCheck.rule}: ${commentsCheck.detail}`);
  const usersCheck = usersBudget(finishedTimings(ours.cold), finishedTimings(noUsers.cold));
  if (pairedUsers.length > 0) {
    console.log(
      `\nPaired wall with/without users (${users?.users.toLocaleString("en-US")} users, a page each; ` +
        `each of our builds over the same build of the corpus without them; median [min-max]): ` +
        pairsText(pairedUsers),
    );
  }
  if (usersCheck)
    console.log(`Budget: ${usersCheck.verdict}  ${usersCheck.rule}: ${usersCheck.detail}`);
  console.log(
    `\nHTML per entry: ours ${bytes(perEntry.oursHtmlBytes)}` +
      (coldOut ? ` (${listingPagesNamed(coldOut.listingPages)})` : "") +
      (options.pages ? "" : `, limit ${bytes(perEntry.limitHtmlBytes)}`) +
      `; visible text per entry (title + tags + excerpt): ${bytes(perEntry.visibleTextBytes)}`,
  );
  if (questionPages) {
    const { pages, htmlBytes, textBytes } = questionPages;
    console.log(
      `Per question page (ours, cold build, ${pages.toLocaleString("en-US")} pages): HTML ` +
        `${bytes(htmlBytes / pages)}, visible text of <main> ${bytes(textBytes / pages)} ` +
        (textBytes > 0 ? `(HTML ${(htmlBytes / textBytes).toFixed(2)}x the text)` : ""),
    );
  }
  if (v2) {
    // Every build of ours that finished: a page per question, every question on the listing.
    const checks = (build: string, runs: BuildRun[]) =>
      runs.flatMap((run, index) =>
        run.output
          ? [{ build: `${build} ${index + 1}`, problems: pageProblems(run, questionIds) }]
          : [],
      );
    const checked = [
      ...builders.flatMap(({ name, runs }) =>
        (["cold", "warm", "edit"] as const).flatMap((kind) =>
          checks(`${name} ${kind}`, runs[kind]),
        ),
      ),
      ...checks("ours rerender", rerender),
    ];
    const incomplete = checked.filter(({ problems }) => problems.length > 0);
    const questions = v2.questionIds.length.toLocaleString("en-US");
    console.log(
      incomplete.length === 0
        ? `Pages: each of our ${checked.length} finished builds wrote a page for every one of the ${questions} ` +
            `questions, and its listing holds all ${questions}`
        : `Pages: ${incomplete.length} of our ${checked.length} finished builds are not whole:\n` +
            incomplete
              .map(({ build, problems }) => `  ${build}: ${problems.join("; ")}`)
              .join("\n"),
    );
    for (const { name, runs } of builders) {
      const edits = runs.edit.filter((edit) => edit.output !== undefined);
      if (edits.length === 0) continue;
      const pages = [...new Set(edits.map((edit) => questionPagePath(edit.id)))].join(", ");
      const count = (test: (edit: (typeof edits)[number]) => boolean): string =>
        `${edits.filter(test).length} of ${edits.length}`;
      console.log(
        `Edit (${name}): ${pages} shows the edit after ${count((edit) => edit.onPage === true)} edit builds ` +
          `(the listing: ${count((edit) => edit.shown)})`,
      );
    }
  }
  if (coldOut && checkOutput !== undefined && checkOutput !== coldOut.entries) {
    console.log(
      `(check-output.mjs counts ${checkOutput} entries in our index.html: it matches only the bare <article> ` +
        `of the peers' markup; entries above count <article over our listing pages)`,
    );
  }
  console.log(
    options.pages
      ? "\nBudgets: none in --pages mode yet (issue 15 sets them)."
      : budgets.length === 0
        ? `\nBudgets: none at ${options.count} questions (they are set at 10,000 and 100,000).`
        : `\nBudgets (${options.count.toLocaleString("en-US")} questions):\n` +
          budgets.map((check) => `  ${check.verdict}  ${check.rule}: ${check.detail}`).join("\n"),
  );

  // 6. Every figure, with the machine, to bench-results/ (git-ignored).
  const resultFile = writeResults({
    date: new Date().toISOString(),
    options,
    corpus: { ...corpus, ...(options.keep && { folder: content }) },
    machine: {
      nproc: availableParallelism(),
      cpu: cpus()[0]?.model,
      memoryMib: Math.round(totalmem() / 2 ** 20),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      astro: packageVersion("astro"),
      hugo: hugoVersion(),
      commit: gitCommit(),
    },
    ours: {
      cold: ours.cold.map(runFigures),
      warm: ours.warm.map(runFigures),
      edit: ours.edit.map((edit) => ({
        ...runFigures(edit),
        file: edit.file,
        marker: edit.marker,
        shown: edit.shown,
        ...(edit.onPage !== undefined && { onPage: edit.onPage }),
      })),
      ...(options.rerender && { rerender: rerender.map(runFigures) }),
    },
    peers,
    peersHeader,
    rows,
    perEntry,
    ...(questionPages && { questionPages }),
    pairedWallRatios: paired,
    ...(options.baseline !== undefined && {
      baseline: {
        project: options.baseline,
        cold: baseline.cold.map(runFigures),
        warm: baseline.warm.map(runFigures),
        edit: baseline.edit.map(runFigures),
        pairedWallRatios: pairedBaseline,
      },
    }),
    ...(options.compareComments && {
      noComments: {
        cold: noComments.cold.map(runFigures),
        warm: noComments.warm.map(runFigures),
        edit: noComments.edit.map(runFigures),
        pairedWallRatios: pairedComments,
        budget: commentsCheck,
      },
    }),
    ...(options.compareUsers && {
      noUsers: {
        cold: noUsers.cold.map(runFigures),
        warm: noUsers.warm.map(runFigures),
        edit: noUsers.edit.map(runFigures),
        pairedWallRatios: pairedUsers,
        budget: usersCheck,
      },
    }),
    ...(options.floor && {
      floor: {
        pages: floors.pages,
        onePage: floors.one.map(timingFigures),
        asManyPages: floors.many.map(timingFigures),
        pairedWallRatios: floorPairs,
        budget: floorCheck,
      },
    }),
    checkOutputEntries: checkOutput,
    budgets,
  });
  console.log(`\nresults: ${relative(process.cwd(), resultFile)}`);

  const allBuilds = builders.flatMap(({ runs }) => [...runs.cold, ...runs.warm, ...runs.edit]);
  if (
    failed ||
    [...ours.edit, ...baseline.edit, ...noComments.edit, ...noUsers.edit].some(
      (edit) => !edit.shown || edit.onPage === false,
    ) ||
    allBuilds.some((build) => pageProblems(build, questionIds).length > 0)
  )
    process.exitCode = 1;
  else if (
    options.strict &&
    [
      ...budgets,
      ...(commentsCheck ? [commentsCheck] : []),
      ...(usersCheck ? [usersCheck] : []),
      ...(floorCheck ? [floorCheck] : []),
    ].some((check) => check.verdict === "FAIL")
  )
    process.exitCode = 1;
} finally {
  if (options.keep)
    log(
      `kept ${work} (corpus/, cache/, ${options.pages ? "out-cold-1/, out-warm-1/, out-edit-1/, ..." : "out-cold/, out-warm/, out-edit/"})`,
    );
  else rmSync(work, { recursive: true, force: true });
}

// ---------- helpers ----------

/**
 * The copy steps after the generator's corpus `plain`: comments, then users, the last writing
 * `content`. Also the corpus without comments (with users, so that comments are all it lacks)
 * and the one without users, which the --compare-* builds read. A copy no build reads goes as
 * soon as the next step has read it, so that the steps after, not the first timed build, pay
 * for making files where it had files just before (scripts/bench.md, "Users").
 */
function addCommentsAndUsers(plain: string): {
  comments: CommentSummary | undefined;
  users: UserSummary | undefined;
  withoutComments: string;
  withoutUsers: string;
} {
  let comments: CommentSummary | undefined;
  let withoutUsers = plain;
  if (options.comments > 0) {
    withoutUsers = options.users ? join(work, "corpus-no-users") : content;
    comments = addComments(plain, withoutUsers, { seed: options.seed, rate: options.comments });
    log(
      `wrote ${comments.comments.toLocaleString("en-US")} comments on ${comments.posts.toLocaleString("en-US")} posts (${comments.hostile.toLocaleString("en-US")} hostile)`,
    );
  }
  const withoutComments =
    options.users && options.compareComments ? join(work, "corpus-no-comments") : plain;
  const read = new Set([
    content,
    ...(options.compareComments ? [withoutComments] : []),
    ...(options.compareUsers ? [withoutUsers] : []),
  ]);
  const removeUnread = (folder: string) => {
    if (!read.has(folder)) rmSync(folder, { recursive: true, force: true });
  };
  let users: UserSummary | undefined;
  if (options.users) {
    if (withoutComments !== plain) addUsers(plain, withoutComments, { seed: options.seed });
    if (withoutUsers !== plain) removeUnread(plain);
    users = addUsers(withoutUsers, content, { seed: options.seed });
    log(`wrote ${usersText(users)}`);
  }
  for (const folder of new Set([plain, withoutUsers])) removeUnread(folder);
  return { comments, users, withoutComments, withoutUsers };
}

/** The users the corpus was given, and how many a post: for the log and the report. */
function usersText(users: UserSummary): string {
  const count = (value: number) => value.toLocaleString("en-US");
  const perPost = (value: number) => (value / Math.max(1, users.posts)).toFixed(3);
  return (
    `${count(users.users)} users for ${count(users.credits)} linked authors of ${count(users.posts)} posts and their comments ` +
    `(${perPost(users.users)} a post; ${count(users.postUsers)} author a post, ${perPost(users.postUsers)} a post; ` +
    `the busiest ${count(users.busiest?.posts ?? 0)} posts; ${count(users.hostile)} hostile About me)`
  );
}

/** Paired ratios as the report prints them: `cold 1.190x [1.180-1.210], warm ...`. */
function pairsText(pairs: readonly { kind: string; median: number; min: number; max: number }[]) {
  return pairs
    .map(
      ({ kind, median, min, max }) =>
        `${kind} ${median.toFixed(3)}x [${min.toFixed(3)}-${max.toFixed(3)}]`,
    )
    .join(", ");
}

/** The peers asked for that can run here; hugo is left out, with how to install it, when missing. */
function availablePeers(options: BenchOptions): string[] {
  if (options.corpus === "example") return [];
  if (!sharedBenchPresent()) {
    if (options.pages) throw new UsageError(`--pages needs ${sharedBench}, which is missing`);
    if (options.corpus === "shared")
      throw new UsageError(`--corpus shared needs ${sharedBench}, which is missing`);
    if (options.peers.length > 0) log(`no peers: ${sharedBench} is missing`);
    return [];
  }
  const known = knownPeers();
  const unknown = options.peers.filter((peer) => !known.includes(peer));
  if (unknown.length > 0)
    throw new UsageError(
      `--peers: unknown ${unknown.join(", ")}; the peers are ${known.join(", ")}`,
    );
  if (options.peers.includes("hugo") && hugoVersion() === undefined) {
    log(
      "hugo is not installed, so it is left out: install it with `apt-get install hugo` (tested: 0.111.3)",
    );
    return options.peers.filter((peer) => peer !== "hugo");
  }
  return options.peers;
}

/**
 * With --pages (`questionIds`, the corpus's questions): what is wrong with a build's pages;
 * nothing for a build that failed, or without --pages.
 */
function pageProblems(run: BuildRun, questionIds: readonly string[] | undefined): string[] {
  return questionIds && run.output ? checkPages(questionIds, run.output) : [];
}

/** The row of one kind of our builds; with --pages (`questionIds`), its pages counted and checked. */
function ourRow(name: string, runs: BuildRun[], questionIds?: readonly string[]): Row {
  const timing = timedRow(
    name,
    runs.map((run) => run.timing),
  );
  // A build's output is weighed only when it exited 0 (buildOurs).
  const finished = runs.filter((run) => run.output !== undefined);
  const last = finished.at(-1)?.output;
  const problem = finished.flatMap((run) => pageProblems(run, questionIds))[0];
  return {
    ...timing,
    outMb: last && last.bytes / 1e6,
    ...(questionIds && { files: last?.files, questionPages: last?.questionPages.length }),
    entries: last?.entries,
    status: timing.status === "ok" ? (problem ?? "ok") : timing.status,
  };
}

/** The row of the edit builds: `edit not shown` when the listing misses the edit (or its page). */
function editRow(
  name: string,
  runs: (BuildRun & { shown: boolean; onPage?: boolean })[],
  questionIds?: readonly string[],
): Row {
  const row = ourRow(name, runs, questionIds);
  if (runs.some((edit) => edit.output && !edit.shown)) return { ...row, status: "edit not shown" };
  if (runs.some((edit) => edit.output && edit.onPage === false))
    return { ...row, status: "edit not on its page" };
  return row;
}

/** A timing's figures for the JSON file, without the command's log. */
function timingFigures({ wallSeconds, cpuSeconds, peakKib, exitCode, timedOut }: Timing): object {
  return { wallSeconds, cpuSeconds, peakKib, exitCode, timedOut };
}

/**
 * The row of timed runs, their output not weighed (the Astro floor's as they are; ours through
 * `ourRow`): median wall and CPU time of those that exited 0, the largest peak of all.
 */
function timedRow(name: string, timings: Timing[]): Row {
  const finished = timings.filter((timing) => timing.exitCode === 0);
  const failure = timings.find((timing) => timing.exitCode !== 0);
  return {
    name,
    runs: timings.length,
    wallSeconds: finished.length > 0 ? median(finished.map((t) => t.wallSeconds)) : undefined,
    cpuSeconds: finished.length > 0 ? median(finished.map((t) => t.cpuSeconds)) : undefined,
    peakMib: timings.length > 0 ? Math.max(...timings.map((t) => t.peakKib)) / 1024 : undefined,
    outMb: undefined,
    entries: undefined,
    status:
      timings.length === 0
        ? "not run"
        : failure === undefined
          ? "ok"
          : failure.timedOut
            ? `timeout after ${options.timeoutSeconds}s`
            : `exit ${failure.exitCode}: ${firstError(failure.output)}`,
  };
}

/** A run's figures for the JSON file, without the build's log. */
function runFigures(run: BuildRun): object {
  return {
    ...timingFigures(run.timing),
    ...(run.output && {
      outBytes: run.output.bytes,
      listingBytes: run.output.listingBytes,
      entries: run.output.entries,
    }),
    ...(options.pages &&
      run.output && {
        files: run.output.files,
        questionPages: run.output.questionPages.length,
        questionPageBytes: run.output.questionPageBytes,
      }),
  };
}

/** One line per build on stderr, and the end of its log when it failed. */
function logBuild(label: string, build: BuildRun): void {
  log(`${label}: ${describe(build.timing)}`);
  if (!build.output)
    log(`the build failed; the end of its log:\n${build.timing.output.slice(-4000)}`);
}

function describe(timing: Timing): string {
  const figures = `${timing.wallSeconds.toFixed(2)} s wall, ${timing.cpuSeconds.toFixed(2)} s CPU, ${Math.round(timing.peakKib / 1024)} MiB`;
  if (timing.timedOut) return `killed after ${options.timeoutSeconds} s`;
  return timing.exitCode === 0 ? figures : `exit ${timing.exitCode} after ${figures}`;
}

/** The line that says why a build failed: our content report's summary, else the first error. */
function firstError(output: string): string {
  const lines = output.trim().split("\n");
  const summary = lines.find((line) => /^Found \d+ problems?/.test(line));
  const error = lines.map((line) => /\b\w*error\b.*/i.exec(line)?.[0]).find((match) => match);
  return (summary ?? error ?? lines.at(-1) ?? "").trim().slice(0, 80);
}

function bytes(value: number | undefined): string {
  return value === undefined ? "-" : `${Math.round(value)} B`;
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const name of readdirSync(folder)) total += statSync(join(folder, name)).size;
  return total;
}

function packageVersion(name: string): string | undefined {
  const file = join(projectRoot, "node_modules", name, "package.json");
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version
    : undefined;
}

/** The commit checked out (read-only: `git rev-parse`), or undefined outside a git checkout. */
function gitCommit(): string | undefined {
  const child = spawnSync("git", ["rev-parse", "HEAD"], { cwd: projectRoot, encoding: "utf8" });
  return child.status === 0 ? child.stdout.trim() : undefined;
}

/** Writes bench-results/<date>-<count>.json (-2, -3, ... when a run of the same day is there). */
function writeResults(results: object): string {
  const folder = join(projectRoot, "bench-results");
  mkdirSync(folder, { recursive: true });
  const stem = `${new Date().toISOString().slice(0, 10)}-${options.count}${options.pages ? "-pages" : ""}`;
  let file = join(folder, `${stem}.json`);
  for (let n = 2; existsSync(file); n++) file = join(folder, `${stem}-${n}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

/** The listing pages weighed, named in full when they are few: a paged million has 10,000. */
function listingPagesNamed(pages: readonly string[]): string {
  return pages.length <= 3
    ? pages.join(", ")
    : `${pages.length.toLocaleString("en-US")} listing pages`;
}
