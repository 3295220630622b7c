/**
 * Gives a generated corpus Stack Exchange's comments: a `comments:` list in the frontmatter of
 * questions and answers (src/schemas/comment.ts), about `rate` per post. Runs after the corpus
 * generator (ours or ../shared/bench/gen-corpus.mjs, which must not change), as a copy: the
 * corpus without comments stays, for a build to compare with.
 *
 * Deterministic: a post's comments depend only on the seed, the rate and the post's file name.
 * The spread follows the real dumps (beer, cardano, bicycles.meta: about one per post, most
 * posts with none, a few threads past the fold of five); lengths up to Stack Exchange's 600
 * characters, mostly 50-200; some Markdown, and some hostile text that must show as text.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { createRandom, mixSeed, type Random } from "./prng.ts";

export interface GeneratedComment {
  id: string;
  text: string;
  commented: string;
  score?: number;
  author?: string;
  authorUrl?: string;
  license?: string;
}

export interface CommentOptions {
  seed: number;
  /** Comments per post on average; 0 writes none. */
  rate: number;
}

export interface CommentSummary {
  posts: number;
  comments: number;
  /** Comments holding markup that must show as text (script, javascript: links, ...). */
  hostile: number;
  /** Bytes of the files written. */
  bytes: number;
}

/** Share of posts with no comment at all when the rate is about one (real dumps: 50-60%). */
const NONE = 0.55;
const MOST = 40;
const STREAM = 0xc0;
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/** A number for a post: its digits (q000123: 123) apart by kind, else a hash of its name. */
function postNumber(post: string): number {
  const match = /^([a-z])0*(\d{1,6})$/.exec(post);
  if (match) return (match[1] === "a" ? 2e6 : 1e6) + Number(match[2]);
  let hash = 0x811c9dc5;
  for (const char of post) hash = Math.imul(hash ^ (char.codePointAt(0) as number), 0x01000193);
  return 1e7 + ((hash >>> 0) % 1e8);
}

/** How many comments a post gets: none for most, a geometric tail past the fold of five. */
function drawCount(random: Random, rate: number): number {
  if (rate <= 0) return 0;
  // Below 0.45 per post, fewer posts with one each; above, NONE with none and longer threads.
  const none = rate >= 1 - NONE ? NONE : 1 - rate;
  if (random.next() < none) return 0;
  const mean = Math.max(1, rate / (1 - none));
  const p = 1 / mean;
  let count = 1;
  while (count < MOST && random.next() >= p) count++;
  return count;
}

/** A post's comments, oldest first, each after `after` (the post's date, ms since 1970). */
export function drawComments(
  options: CommentOptions & { post: string; after: number },
): GeneratedComment[] {
  const number = postNumber(options.post);
  const random = createRandom(mixSeed(options.seed, number, STREAM));
  const count = drawCount(random, options.rate);
  const comments: GeneratedComment[] = [];
  let offset = 0;
  for (let k = 0; k < count; k++) {
    // Most comments within days of the post, some years later ("this is outdated").
    offset += random.chance(0.8) ? random.next() * 3 * 24 * 3600 * 1000 : random.next() * YEAR_MS;
    const when = new Date(Math.round((options.after + offset) / 1000) * 1000);
    comments.push({
      id: String(number * 50 + k),
      text: drawText(random),
      commented: when.toISOString().replace(".000Z", "Z"),
      ...drawCredit(random, number, k),
    });
  }
  return comments;
}

/** Score, author and licence, as the dumps have them: mostly no score, a few deleted users. */
function drawCredit(random: Random, number: number, k: number): Partial<GeneratedComment> {
  const credit: Partial<GeneratedComment> = {};
  if (random.chance(0.3)) credit.score = Math.floor(1 / (1 - random.next() * 0.95));
  const user = 1 + ((number * 7 + k * 131) % 90_000);
  const roll = random.next();
  if (roll < 0.9) {
    credit.author = roll < 0.02 ? `<b>${random.pick(NAMES)}</b> & co` : random.pick(NAMES);
    if (roll < 0.85) credit.authorUrl = `https://example.org/users/${user}`;
  }
  if (random.chance(0.8)) credit.license = random.chance(0.7) ? "CC BY-SA 4.0" : "CC BY-SA 3.0";
  return credit;
}

const NAMES = [
  "Ada Lovelace",
  "Grace Hopper",
  "Yuki Patel",
  "Farah Okafor",
  "Linus",
  "Jon Skeet",
  "Zoë Müller",
  "李小龍",
  "Marc-André",
  "user3141592",
];

const OPENERS = [
  "Which version are you on?",
  "Can you show the full error message?",
  "This is outdated since the last release.",
  "Possible duplicate of the question linked above.",
  "Thanks, that fixed it for me.",
  "Did you try clearing the cache first?",
  "Please edit the question to add a minimal example.",
  "Works here with the same setup.",
  "This answer misses the case of an empty list.",
  "@Grace that only works on Linux.",
];
const WORDS = `the a it this that value list file request server query error result loop thread
memory stream event page form template config package version test output log type library
database field works fails returns throws crashes loads when after before because if but and
or with without from on in for to using only still also just again always never here`.split(/\s+/);
const TAGS = ["python", "javascript", "c#", "sql", "regex", "node.js", "git", "css"];
/** Markup that must reach the page as text, never run or load. */
const HOSTILE = [
  "<script>alert(document.cookie)</script>",
  "[click me](javascript:alert(1))",
  '<img src="https://evil.example/x.png" onerror="alert(1)">',
  '<iframe src="https://evil.example/"></iframe>',
  "[a file](data:text/html,<script>alert(1)</script>)",
  '<a href="javascript:alert(1)">here</a>',
  "</li></ol><style>body{display:none}</style>",
  '" onmouseover="alert(1)',
];

/** One piece of Stack Exchange's comment Markdown, or plain words. */
function drawPiece(random: Random): string {
  const roll = random.next();
  const word = () => random.pick(WORDS);
  if (roll < 0.06) return `**${word()} ${word()}**`;
  if (roll < 0.1) return `*${word()}*`;
  if (roll < 0.18)
    return `\`${random.pick(["sorted()", "a < b", "x && y", "git rebase -i", "null"])}\``;
  if (roll < 0.22) return `[the docs](https://example.com/docs/${random.between(1, 999)})`;
  if (roll < 0.26) return `https://example.org/q/${random.between(1, 99_999)}`;
  if (roll < 0.29) return `[tag:${random.pick(TAGS)}]`;
  return Array.from({ length: random.between(3, 9) }, word).join(" ");
}

/** A comment's text: mostly 50-200 characters, now and then long, at most 600. */
function drawText(random: Random): string {
  const target = random.chance(0.85) ? random.between(50, 200) : random.between(201, 600);
  let text = random.chance(0.5) ? random.pick(OPENERS) : "";
  if (random.chance(0.05)) text += ` ${random.pick(HOSTILE)}`;
  while (text.length < target) text += ` ${drawPiece(random)}`;
  // Cut at a space so that no Markdown piece is cut in two, where the length allows.
  if (text.length > 600) text = text.slice(0, text.lastIndexOf(" ", 600));
  return text.trim();
}

/** A YAML line for a value: JSON strings are YAML double-quoted scalars. */
const yamlLine = (key: string, value: string | number): string =>
  `    ${key}: ${typeof value === "number" ? String(value) : JSON.stringify(value)}`;

/** The comments block for a list of comments, to go at the end of a frontmatter. */
export function commentsYaml(comments: readonly GeneratedComment[]): string {
  const lines = ["comments:"];
  for (const comment of comments) {
    lines.push(`  - id: ${JSON.stringify(comment.id)}`);
    for (const key of ["text", "commented", "score", "author", "authorUrl", "license"] as const) {
      const value = comment[key];
      if (value !== undefined) lines.push(yamlLine(key, value));
    }
  }
  return lines.join("\n");
}

/**
 * A post file's text with its comments added at the end of its frontmatter: dated after the
 * post's `asked` or `answered`; the text unchanged when the post draws none.
 */
export function withComments(text: string, options: CommentOptions & { post: string }): string {
  const end = text.indexOf("\n---\n", 3);
  if (!text.startsWith("---\n") || end < 0) return text;
  const frontmatter = text.slice(0, end);
  const date = /^(?:asked|answered):\s*"?([^"\n]+)"?\s*$/m.exec(frontmatter)?.[1];
  const after = Date.parse(date ?? "") || Date.UTC(2015, 0, 1);
  const comments = drawComments({ ...options, after });
  if (comments.length === 0) return text;
  return `${frontmatter}\n${commentsYaml(comments)}${text.slice(end)}`;
}

/** Writes `to`, a copy of the corpus `from` whose questions and answers have comments. */
export function addComments(from: string, to: string, options: CommentOptions): CommentSummary {
  const summary: CommentSummary = { posts: 0, comments: 0, hostile: 0, bytes: 0 };
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from, { withFileTypes: true })) {
    if (name.isFile()) copyFileSync(join(from, name.name), join(to, name.name));
  }
  for (const folder of ["questions", "answers"]) {
    if (!existsSync(join(from, folder))) continue;
    mkdirSync(join(to, folder), { recursive: true });
    for (const name of readdirSync(join(from, folder))) {
      if (!name.endsWith(".md")) continue;
      const post = name.slice(0, -".md".length);
      const text = withComments(readFileSync(join(from, folder, name), "utf8"), {
        ...options,
        post,
      });
      writeFileSync(join(to, folder, name), text);
      summary.posts++;
      summary.bytes += Buffer.byteLength(text);
      const block = text.slice(0, text.indexOf("\n---\n", 3));
      summary.comments += (block.match(/^ {2}- id: /gm) ?? []).length;
      summary.hostile += (
        block.match(
          /^ {4}text: .*(?:<script|javascript:|onerror=|<iframe|data:text\/html|<style|onmouseover)/gm,
        ) ?? []
      ).length;
    }
  }
  return summary;
}
