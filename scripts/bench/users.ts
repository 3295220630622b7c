/**
 * Gives a generated corpus Stack Exchange's people: each `authorUrl: https://example.org/users/<n>`
 * of a question, an answer or a comment becomes `user: "<n>"`, and `users/<n>.md` is written for
 * every user so named (src/schemas/user.ts). Runs after the comments step, as a copy like it: the
 * corpus without users stays, for a build to compare with.
 *
 * Deterministic: a user's file depends only on the seed, their number and what the corpus says of
 * them (their name, how many posts, when the first and the last). The posts stream one file at a
 * time; what is held is a few figures a user.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  opendirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { createRandom, mixSeed, type Random } from "./prng.ts";

/** Where gen-corpus.mjs and comments.ts link their authors: a user number after it. */
const PROFILE = "https://example.org/users/";
const STREAM = 0x05e7;
const DAY_MS = 24 * 3600 * 1000;
/** Stack Overflow's first day: nobody joined before it. */
const FIRST_JOINED = Date.UTC(2008, 6, 31);

/** One author's link, as a post file had it: whose, the name shown beside it, and when. */
export interface Credit {
  user: string;
  name: string | undefined;
  comment: boolean;
  /** The post's or the comment's date, ms since 1970; NaN when it has none. */
  date: number;
}

/** What the corpus says of one user, gathered over every file. */
export interface Person {
  /** The name their posts show (gen-corpus.mjs gives a number always the same one). */
  name?: string;
  /** The first, by string order, of the names their comments show: for a user with no post. */
  commentName?: string;
  posts: number;
  comments: number;
  /** Their first and last post or comment, ms since 1970; NaN when none is dated. */
  first: number;
  last: number;
}

export interface UserSummary {
  /** Post files copied. */
  posts: number;
  /** Links made `user:`, on posts and on comments. */
  credits: number;
  /** Files written in users/. */
  users: number;
  /** Users named by a question or an answer (the others only by comments). */
  postUsers: number;
  /** The user with the most questions and answers. */
  busiest: { id: string; posts: number } | undefined;
  /** "About me"s holding markup that must show as text, or go. */
  hostile: number;
  /** Bytes of the users' files. */
  bytes: number;
}

/** A YAML scalar as the generators write one: JSON-quoted, or plain. */
const scalar = (value: string): string =>
  value.startsWith('"') ? (JSON.parse(value) as string) : value.trim();

/** An item of the frontmatter that may credit someone: the post, or one of its comments. */
interface Item {
  comment: boolean;
  indent: string;
  name?: string;
  date: number;
  user?: string;
  line?: number;
}

const FIELD = /^ *(?:- )?(author|authorUrl|asked|answered|commented): (.*)$/;

/**
 * A post file's text with each author's profile link to example.org replaced by `user:`, and
 * the credits so made; the text unchanged when it has none.
 */
export function linkUsers(text: string): { text: string; credits: Credit[] } {
  const end = text.indexOf("\n---\n", 3);
  if (!text.startsWith("---\n") || end < 0) return { text, credits: [] };
  const lines = text.slice(0, end).split("\n");
  const post: Item = { comment: false, indent: "", date: NaN };
  const items = [post];
  let item = post;
  lines.forEach((line, index) => {
    // `  - ` starts a comment; a line back at the margin is the post's again.
    if (line.startsWith("  - ")) items.push((item = { comment: true, indent: "    ", date: NaN }));
    else if (!line.startsWith(" ")) item = post;
    const field = FIELD.exec(line);
    if (field === null) return;
    const [, key, value = ""] = field;
    if (key === "author") item.name = scalar(value);
    else if (key !== "authorUrl") item.date = Date.parse(scalar(value));
    else if (scalar(value).startsWith(PROFILE)) {
      const user = scalar(value).slice(PROFILE.length);
      if (/^\d+$/.test(user)) Object.assign(item, { user, line: index });
    }
  });
  const credits: Credit[] = [];
  for (const { user, line, indent, name, comment, date } of items) {
    if (user === undefined || line === undefined) continue;
    lines[line] = `${indent}user: "${user}"`;
    credits.push({ user, name, comment, date });
  }
  if (credits.length === 0) return { text, credits };
  return { text: lines.join("\n") + text.slice(end), credits };
}

/** Adds a file's credits to what is known of each user. */
export function countCredits(people: Map<string, Person>, credits: readonly Credit[]): void {
  for (const { user, name, comment, date } of credits) {
    let person = people.get(user);
    if (person === undefined) {
      person = { posts: 0, comments: 0, first: NaN, last: NaN };
      people.set(user, person);
    }
    if (comment) {
      person.comments++;
      if (name !== undefined && (person.commentName === undefined || name < person.commentName))
        person.commentName = name;
    } else {
      person.posts++;
      if (person.name === undefined && name !== undefined) person.name = name;
    }
    if (!Number.isNaN(date)) {
      person.first = Number.isNaN(person.first) ? date : Math.min(person.first, date);
      person.last = Number.isNaN(person.last) ? date : Math.max(person.last, date);
    }
  }
}

/** The `.md` files of a folder one at a time, with no list of them all (a million posts). */
function* markdownFiles(folder: string): Generator<string> {
  const dir = opendirSync(folder);
  try {
    for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
      if (entry.isFile() && entry.name.endsWith(".md")) yield entry.name;
    }
  } finally {
    dir.closeSync();
  }
}

/** Writes `to`, a copy of the corpus `from` whose posts name their authors' files in users/. */
export function addUsers(from: string, to: string, options: { seed: number }): UserSummary {
  const summary: UserSummary = {
    posts: 0,
    credits: 0,
    users: 0,
    postUsers: 0,
    busiest: undefined,
    hostile: 0,
    bytes: 0,
  };
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from, { withFileTypes: true })) {
    if (name.isFile()) copyFileSync(join(from, name.name), join(to, name.name));
  }
  const people = new Map<string, Person>();
  for (const folder of ["questions", "answers"]) {
    if (!existsSync(join(from, folder))) continue;
    mkdirSync(join(to, folder), { recursive: true });
    for (const name of markdownFiles(join(from, folder))) {
      const { text, credits } = linkUsers(readFileSync(join(from, folder, name), "utf8"));
      writeFileSync(join(to, folder, name), text);
      countCredits(people, credits);
      summary.posts++;
      summary.credits += credits.length;
    }
  }
  const format = bodyFormatOf(join(from, "community.yaml"));
  mkdirSync(join(to, "users"), { recursive: true });
  for (const [id, person] of people) {
    const { text, hostile } = userFile(options.seed, id, person, format);
    writeFileSync(join(to, "users", `${id}.md`), text);
    summary.users++;
    summary.bytes += Buffer.byteLength(text);
    if (hostile) summary.hostile++;
    if (person.posts > 0) summary.postUsers++;
    if (person.posts > (summary.busiest?.posts ?? 0)) summary.busiest = { id, posts: person.posts };
  }
  return summary;
}

/** The corpus's `bodyFormat`, which "About me" is written in too. */
function bodyFormatOf(communityFile: string): "markdown" | "html" {
  const text = existsSync(communityFile) ? readFileSync(communityFile, "utf8") : "";
  return /^bodyFormat:\s*["']?html["']?\s*$/m.test(text) ? "html" : "markdown";
}

const PLACES = [
  "Lisbon, Portugal",
  "Pune, India",
  "Zürich, Switzerland",
  "São Paulo, Brazil",
  "東京都, 日本",
  "Lagos, Nigeria",
  "Kraków, Poland",
  "Seattle, WA",
  "Earth",
  "127.0.0.1",
  "Montréal, QC, Canada",
  "Berlin",
];
/** Stack Exchange's badges, easiest first, with their class; those awarded once are marked so. */
const BADGES: readonly { name: string; class: "gold" | "silver" | "bronze"; once?: true }[] = [
  { name: "Teacher", class: "bronze", once: true },
  { name: "Student", class: "bronze", once: true },
  { name: "Supporter", class: "bronze", once: true },
  { name: "Editor", class: "bronze", once: true },
  { name: "Commentator", class: "bronze", once: true },
  { name: "Autobiographer", class: "bronze", once: true },
  { name: "Nice Answer", class: "bronze" },
  { name: "Popular Question", class: "bronze" },
  { name: "Yearling", class: "silver" },
  { name: "Good Answer", class: "silver" },
  { name: "Necromancer", class: "silver" },
  { name: "Enlightened", class: "silver" },
  { name: "Great Answer", class: "gold" },
  { name: "Famous Question", class: "gold" },
  { name: "Fanatic", class: "gold", once: true },
];
const TAG_BADGES = ["python", "javascript", "c#", "sql", "regex", "node.js", "git", "c++"];
const ABOUT = [
  "Software engineer, mostly backend work these days.",
  "I write Python for a living and Rust for fun.",
  "Student. Learning by answering what I just figured out.",
  "Maintainer of a few small open-source libraries.",
  "Database person: if it is slow, it is probably an index.",
  "Retired, still debugging other people's code.",
  "Ask me about build systems, or better, do not.",
];
/** Markup an "About me" must never run or load: the sanitizer's work, or text on the page. */
const HOSTILE = [
  "<script>alert(document.cookie)</script>",
  '<img src="https://evil.example/x.png" onerror="alert(1)">',
  '<a href="javascript:alert(1)">my site</a>',
  '<iframe src="https://evil.example/"></iframe>',
  "<style>body{display:none}</style>",
  '<div onclick="alert(1)" style="position:fixed;inset:0">hi</div>',
];

/** A date-time as the content writes one, to the second. */
const instant = (ms: number): string =>
  new Date(Math.round(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");

/**
 * The text of `users/<id>.md`, and whether its "About me" holds hostile markup. Reputation grows
 * with the posts, heavy-tailed; they joined before their first post and were last seen after the
 * last.
 */
export function userFile(
  seed: number,
  id: string,
  person: Person,
  format: "markdown" | "html",
): { text: string; hostile: boolean } {
  const random = createRandom(mixSeed(seed, Number(id), STREAM));
  const activity = person.posts + person.comments / 4;
  const reputation = 1 + Math.floor(activity * 10 * Math.exp(1.2 * random.gaussian()));
  const first = Number.isNaN(person.first) ? Date.UTC(2015, 0, 1) : person.first;
  const last = Number.isNaN(person.last) ? first : person.last;
  const joined = first - random.next() * Math.min(2 * 365 * DAY_MS, first - FIRST_JOINED);
  const lines = [
    "---",
    `name: ${JSON.stringify(person.name ?? person.commentName ?? `user${id}`)}`,
    `reputation: ${reputation}`,
    `joined: "${instant(joined)}"`,
  ];
  if (random.chance(0.9)) lines.push(`lastSeen: "${instant(last + random.next() * 90 * DAY_MS)}"`);
  if (random.chance(0.55)) lines.push(`location: ${JSON.stringify(random.pick(PLACES))}`);
  if (random.chance(0.2)) lines.push(`website: https://example.net/~u${id}`);
  lines.push(`views: ${Math.floor(reputation ** 0.6 * Math.exp(0.5 * random.gaussian()))}`);
  lines.push(`source: ${PROFILE}${id}`);
  lines.push(...badgeLines(random, reputation));
  const about = random.chance(0.35) ? drawAbout(random, id, format) : undefined;
  if (about !== undefined) lines.push(`license: CC BY-SA ${random.chance(0.7) ? "4.0" : "3.0"}`);
  lines.push("---", "");
  if (about !== undefined) lines.push(about.text, "");
  return { text: lines.join("\n"), hostile: about?.hostile ?? false };
}

/** The `badges:` block: more of them, and harder ones, with more reputation; none for most newcomers. */
function badgeLines(random: Random, reputation: number): string[] {
  const wanted = Math.floor(Math.log10(reputation) * 2.5 * random.next());
  if (wanted === 0) return [];
  const lines = ["badges:"];
  const reachable = BADGES.slice(0, 6 + Math.floor(Math.log10(reputation) * 2));
  const taken = new Set<string>();
  for (let k = 0; k < wanted; k++) {
    const badge = random.pick(reachable);
    if (taken.has(badge.name)) continue;
    taken.add(badge.name);
    const count = badge.once ? 1 : Math.floor(1 / (1 - random.next() * 0.95));
    // Now and then a class the dump leaves out, as an import of an old dump may.
    const shown = random.chance(0.03) ? "" : `, class: ${badge.class}`;
    lines.push(`  - { name: ${badge.name}${shown}${count > 1 ? `, count: ${count}` : ""} }`);
  }
  if (reputation >= 1000 && random.chance(0.4)) {
    const tag = random.pick(TAG_BADGES);
    const tagClass = reputation >= 20_000 ? "gold" : reputation >= 5000 ? "silver" : "bronze";
    lines.push(`  - { name: ${JSON.stringify(tag)}, class: ${tagClass}, tagBased: true }`);
  }
  return lines;
}

/** An "About me" of a sentence or three, in the corpus's body format; a few hostile. */
function drawAbout(
  random: Random,
  id: string,
  format: "markdown" | "html",
): { text: string; hostile: boolean } {
  const sentences = new Set(Array.from({ length: random.between(1, 3) }, () => random.pick(ABOUT)));
  const link = random.chance(0.3) ? `https://example.net/~u${id}/blog` : undefined;
  const hostile = random.chance(0.05) ? random.pick(HOSTILE) : undefined;
  if (format === "html") {
    const paragraphs = [
      `<p>${[...sentences].join(" ")}</p>`,
      ...(link ? [`<p>I write at <a href="${link}" rel="nofollow">my blog</a>.</p>`] : []),
      ...(hostile ? [`<p>${hostile}</p>`] : []),
    ];
    return { text: paragraphs.join("\n"), hostile: hostile !== undefined };
  }
  const paragraphs = [
    [...sentences].join(" ").replace("Python", "**Python**"),
    ...(link ? [`I write at [my blog](${link}).`] : []),
    ...(hostile ? [hostile] : []),
  ];
  return { text: paragraphs.join("\n\n"), hostile: hostile !== undefined };
}
