/**
 * Writes a synthetic, Stack-Overflow-like content folder in this project's format:
 * DIR/community.yaml and DIR/questions/q000001.md, q000002.md, ...
 *
 *   node scripts/bench/gen-corpus.ts --count N --out DIR [--seed S]
 *
 * Deterministic: a seed gives the same bytes on every run, and question i depends only on the
 * seed and i, never on N, so a 1,000-question corpus is a prefix of the 10,000 one.
 * ../shared/bench/gen-corpus.mjs makes a corpus of the same mix (not the same bytes), for
 * comparing with the figures measured with it (`npm run bench -- --corpus shared`).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { drawBody, drawTags, drawTitle } from "./corpus-text.ts";
import { createRandom, mixSeed } from "./prng.ts";

export interface CorpusSummary {
  questions: number;
  /** Total size of the question files. */
  bytes: number;
  seconds: number;
}

/** The id of question `index` (0-based): q000001, q000002, ... */
export const questionId = (index: number): string => `q${String(index + 1).padStart(6, "0")}`;

const FIRST_ASKED = Date.UTC(2010, 0, 1) / 1000;
const LAST_ASKED = Date.UTC(2025, 0, 1) / 1000 - 1;

// Independent streams per question and per purpose: a duplicate can look up when an earlier
// question was asked, and how many answers it has, without generating the rest of it.
const STREAM = { question: 1, asked: 2, answers: 3 } as const;
const askedOf = (seed: number, index: number): number =>
  createRandom(mixSeed(seed, index, STREAM.asked)).between(FIRST_ASKED, LAST_ASKED);
/** 0 to 30 answers, median 1 (most questions have few; a few have many). */
const answersOf = (seed: number, index: number): number =>
  Math.floor(31 ** (createRandom(mixSeed(seed, index, STREAM.answers)).next() ** 2.2)) - 1;

/** The text of question file `index`. */
export function questionFile(seed: number, index: number): string {
  const random = createRandom(mixSeed(seed, index, STREAM.question));
  const tags = drawTags(random);
  const title = drawTitle(random, tags[0] as string);
  const asked = askedOf(seed, index);
  const answers = answersOf(seed, index);

  const roll = random.next();
  let state = roll < 0.04 ? "duplicate" : roll < 0.12 ? "closed" : "open";
  let duplicateOf: string | undefined;
  if (state === "duplicate") {
    // The original: a lower-numbered question asked before this one, preferably answered.
    for (let attempt = 0; attempt < 40 && index > 0 && duplicateOf === undefined; attempt++) {
      const original = random.between(0, index - 1);
      const answered = attempt >= 20 || answersOf(seed, original) > 0;
      if (askedOf(seed, original) < asked && answered) duplicateOf = questionId(original);
    }
    if (duplicateOf === undefined) state = "closed";
  }

  const instant = new Date(asked * 1000).toISOString().replace(".000Z", "Z");
  const lines = [
    "---",
    `title: ${yamlString(title)}`,
    `tags: [${tags.join(", ")}]`,
    `asked: "${random.chance(0.03) ? instant.slice(0, 10) : instant}"`,
  ];
  // Most open questions leave `state` out, and many unanswered ones leave `answers` out.
  if (state !== "open" || random.chance(0.15)) lines.push(`state: ${state}`);
  if (duplicateOf !== undefined) lines.push(`duplicateOf: ${duplicateOf}`);
  if (answers > 0 || random.chance(0.4)) lines.push(`answers: ${answers}`);
  lines.push("---", "", drawBody(random));
  return lines.join("\n");
}

/**
 * A YAML scalar for a title: plain when no YAML indicator can change its meaning (letters,
 * digits, spaces and harmless punctuation, starting with a letter), else double-quoted;
 * a JSON string is a valid YAML double-quoted scalar.
 */
function yamlString(text: string): string {
  return /^[A-Za-z][A-Za-z0-9 ,.?()/_-]*[A-Za-z0-9.?)]$/.test(text) ? text : JSON.stringify(text);
}

/** Writes the corpus; `out` is emptied first. */
export function generateCorpus(options: {
  count: number;
  out: string;
  seed: number;
}): CorpusSummary {
  const started = performance.now();
  rmSync(options.out, { recursive: true, force: true });
  mkdirSync(join(options.out, "questions"), { recursive: true });
  writeFileSync(join(options.out, "community.yaml"), "name: Stack Overflow\nexcerptLength: 200\n");
  let bytes = 0;
  for (let index = 0; index < options.count; index++) {
    const text = questionFile(options.seed, index);
    writeFileSync(join(options.out, "questions", `${questionId(index)}.md`), text);
    bytes += Buffer.byteLength(text);
  }
  return {
    questions: options.count,
    bytes,
    seconds: (performance.now() - started) / 1000,
  };
}

// The command line, when this file is run rather than imported.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      count: { type: "string" },
      out: { type: "string" },
      seed: { type: "string", default: "1" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const usage = "Usage: node scripts/bench/gen-corpus.ts --count N --out DIR [--seed S]";
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (values.help) {
    console.log(usage);
  } else if (
    !Number.isInteger(count) ||
    count < 1 ||
    values.out === undefined ||
    !Number.isInteger(seed)
  ) {
    console.error(
      `${usage}\n  --count: a whole number >= 1; --out: the folder to write (emptied first)`,
    );
    process.exitCode = 2;
  } else {
    const summary = generateCorpus({ count, out: values.out, seed });
    console.log(
      `wrote ${summary.questions} questions (${(summary.bytes / 1e6).toFixed(1)} MB) to ` +
        `${values.out} in ${summary.seconds.toFixed(1)} s`,
    );
  }
}
