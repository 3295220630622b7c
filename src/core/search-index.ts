import { createHash } from "node:crypto";
import {
  INDEX_FORMAT,
  MANIFEST_FILE,
  REGISTRY,
  type PostText,
  type QuestionRecord,
  type SearchManifest,
} from "../lib/search/index-format.ts";
import {
  IN_ANSWERS_ONLY,
  IN_BODY,
  IN_TAGS,
  IN_TITLE,
  postingsAfter,
  PostingsWriter,
} from "../lib/search/postings.ts";
import { indexWords } from "../lib/search/words.ts";

/** One question as the index takes it, in listing order. */
export interface SearchDocument {
  id: string;
  title: string;
  /** The title as the listing shows it (with its state's marker): what a result shows. */
  titleLine: string;
  /** With `math: tex`, the title line with its formulas typeset, as the pages show it. */
  titleHtml?: string;
  tags: readonly string[];
  /**
   * The body's distinct index words (`indexWords` of the text its page shows), space-separated:
   * split one question at a time, since 100,000 bodies' words split at once are ~12 million
   * strings.
   */
  bodyWords: string;
  /**
   * Its answers' index words, each answer's distinct words space-separated, one answer after
   * another (a word may come once per answer); "" for none.
   */
  answerWords: string;
  /**
   * The text of its posts as a result shows it in context (`searchText`): the question's, its
   * id "", then each answer's, by its id, in page order. None: a result shows no context.
   */
  posts?: PostText[];
}

/**
 * One file of the index, below `search/`: its text, or what a build holds in its place
 * (`Text`, see src/machinery/store/stored-text.ts).
 */
export interface SearchFile<Text = string> {
  /** The file's name, such as `manifest.js` or `w-0123456789.js`. */
  file: string;
  text: Text;
}

/**
 * How the index is split. A first search loads the manifest, the word chunks its words fall
 * in and the question chunks of the results it shows, so smaller chunks load less per search
 * but make more files (and a longer manifest).
 */
export interface ChunkSizes {
  /** A word chunk is closed once its text passes this many characters. */
  wordChunkCharacters: number;
  questionsPerChunk: number;
  /**
   * The questions whose posts' text a text chunk holds: a divisor of `questionsPerChunk`. A
   * page of results loads the chunks of the results it shows, so few questions to a chunk.
   */
  questionsPerTextChunk: number;
}

export const DEFAULT_CHUNK_SIZES: ChunkSizes = {
  wordChunkCharacters: 24_000,
  questionsPerChunk: 128,
  questionsPerTextChunk: 8,
};

/** One word's postings over a run of questions: written from the run's first, and its last. */
export interface RunPostings {
  word: string;
  /** As `PostingsWriter` writes them, the first question's gap counted from -1. */
  postings: string;
  last: number;
}

/**
 * Where the index puts its postings, a run of questions at a time (`buildSearchIndex`), to be
 * read back once, every run at the same time, when the last run is in. `HeldPostings` holds
 * them; a build sets them apart on disk (src/machinery/store/spilled-postings.ts).
 */
export interface PostingsRuns {
  /** Keeps one run: its words ascending (`compareWords`), each once. */
  add(run: Iterable<RunPostings>): void;
  /** The runs, in the order they were added, each as it was added. */
  readBack(): Iterable<RunPostings>[];
  /** Lets go of every run not read back. */
  discard(): void;
}

/** Runs of postings held as they are. */
export class HeldPostings implements PostingsRuns {
  readonly #runs: RunPostings[][] = [];

  add(run: Iterable<RunPostings>): void {
    this.#runs.push([...run]);
  }

  readBack(): Iterable<RunPostings>[] {
    return this.#runs.splice(0);
  }

  discard(): void {
    this.#runs.length = 0;
  }
}

/**
 * Up to how many postings a run holds before it goes to `PostingsRuns`, and up to as much
 * again of room their writers have grown into (scripts/bench.md, "Why the constants are what
 * they are"). Held whole, the postings are typed arrays outside the heap that grow by
 * doubling, each leaving the one it grew out of to the collector; a million questions' build
 * peaked as its index was made.
 */
export const POSTINGS_PER_RUN = 10_000_000;

/**
 * The search index of the questions (see src/lib/search/index-format.ts for its files): every
 * index word of each title, tags, body and answers, with the questions it is in and where. Same
 * questions, same files, byte for byte, however the postings are split into runs.
 *
 * The documents are taken one at a time, in one pass, so that they can come from a generator
 * that reads each body's words when its turn comes: a build holds them on disk.
 *
 * Each file goes to `keep` as soon as it is made, and what `keep` makes of it is what the index
 * holds: a build sets the files apart on disk rather than hold them all until the index is
 * done. The postings go to `runs` every `postingsPerRun`, and are merged word by word as the
 * word files are written.
 */
export function buildSearchIndex<Kept = SearchFile>(
  documents: Iterable<SearchDocument>,
  {
    sizes = DEFAULT_CHUNK_SIZES,
    keep = (file) => file as Kept,
    runs = new HeldPostings(),
    postingsPerRun = POSTINGS_PER_RUN,
  }: {
    sizes?: ChunkSizes;
    keep?: (file: SearchFile) => Kept;
    runs?: PostingsRuns;
    postingsPerRun?: number;
  } = {},
): Kept[] {
  if (sizes.questionsPerChunk % sizes.questionsPerTextChunk !== 0) {
    throw new Error(
      `questionsPerTextChunk (${sizes.questionsPerTextChunk}) must divide questionsPerChunk (${sizes.questionsPerChunk}): a text chunk's questions are named in one question chunk`,
    );
  }
  try {
    return indexFiles(documents, sizes, keep, runs, postingsPerRun);
  } finally {
    runs.discard();
  }
}

function indexFiles<Kept>(
  documents: Iterable<SearchDocument>,
  sizes: ChunkSizes,
  keep: (file: SearchFile) => Kept,
  runs: PostingsRuns,
  postingsPerRun: number,
): Kept[] {
  const questions = indexQuestions(documents, sizes, keep, runs, postingsPerRun);
  const words = wordFiles(runs, sizes, keep);
  const manifest: SearchManifest = {
    format: INDEX_FORMAT,
    questions: questions.count,
    questionsPerChunk: sizes.questionsPerChunk,
    questionChunks: questions.chunks,
    questionsPerTextChunk: sizes.questionsPerTextChunk,
    wordChunks: words.chunks,
  };
  return [
    ...words.files,
    ...questions.files,
    keep({ file: MANIFEST_FILE, text: `${REGISTRY}.manifest(${JSON.stringify(manifest)});\n` }),
  ];
}

/**
 * The question files, kept as each is made, with each question's words posted to `runs`, a
 * run every `postingsPerRun` postings.
 */
function indexQuestions<Kept>(
  documents: Iterable<SearchDocument>,
  sizes: ChunkSizes,
  keep: (file: SearchFile) => Kept,
  runs: PostingsRuns,
  postingsPerRun: number,
): { files: Kept[]; chunks: string[]; count: number } {
  const postings = new Map<string, PostingsWriter>();
  let postingsInRun = 0;
  const seen = { fieldsOfWord: new Map<string, number>(), answerOnly: new Set<string>() };
  const files: Kept[] = [];
  const chunks: string[] = [];
  let records: ResultRecord[] = [];
  // The posts of the questions since the last text chunk, and whether any has text.
  let texts: PostText[][] = [];
  let textsHeld = false;
  const closeTextChunk = () => {
    const file = textsHeld ? chunkFile("t", texts) : undefined;
    if (file !== undefined) files.push(keep(file.contents));
    for (const record of records.slice(-texts.length)) {
      if (file !== undefined) record.texts = file.name;
    }
    texts = [];
    textsHeld = false;
  };
  const closeQuestionChunk = () => {
    const file = chunkFile("q", records.map(questionRecord));
    files.push(keep(file.contents));
    chunks.push(file.name);
    records = [];
  };
  const post = (word: string, question: number, fields: number) => {
    let ofWord = postings.get(word);
    if (ofWord === undefined) postings.set(word, (ofWord = new PostingsWriter()));
    ofWord.add(question, fields);
    postingsInRun++;
  };
  const closeRun = () => {
    runs.add(runOf(postings));
    postings.clear();
    postingsInRun = 0;
  };
  let question = 0;
  for (const document of documents) {
    postDocument(document, seen, (word, fields) => post(word, question, fields));
    const { id, titleLine, tags, titleHtml } = document;
    records.push({ id, titleLine, tags: [...tags], ...(titleHtml !== undefined && { titleHtml }) });
    texts.push(document.posts ?? []);
    textsHeld ||= document.posts !== undefined && document.posts.length > 0;
    if (texts.length === sizes.questionsPerTextChunk) closeTextChunk();
    if (records.length === sizes.questionsPerChunk) closeQuestionChunk();
    question++;
    // Between questions: a run holds each word's postings of its questions whole.
    if (postingsInRun >= postingsPerRun) closeRun();
  }
  if (texts.length > 0) closeTextChunk();
  if (records.length > 0) closeQuestionChunk();
  if (postings.size > 0) closeRun();
  return { files, chunks, count: question };
}

/** A question's record as its chunk is made: its text chunk is named once that is made. */
interface ResultRecord {
  id: string;
  titleLine: string;
  tags: string[];
  texts?: string;
  titleHtml?: string;
}

/** A record as the index writes it (`QuestionRecord`): optional parts only when there are. */
function questionRecord({ id, titleLine, tags, texts, titleHtml }: ResultRecord): QuestionRecord {
  if (titleHtml !== undefined) return [id, titleLine, tags, texts ?? "", titleHtml];
  return texts === undefined ? [id, titleLine, tags] : [id, titleLine, tags, texts];
}

/**
 * Posts each word of a document once, with the fields it is in. A title's and tags' few words
 * are gathered first (in `fieldsOfWord`, cleared here); a body's many, distinct already, are
 * each posted as they come, with the fields they share with the title and tags: a map of
 * every body word took half the time of building the index. The answers' words are gathered
 * in `answerOnly` (cleared here), less those of the body, and posted last, as found in the
 * answers only, unless the title or tags hold them.
 */
function postDocument(
  { title, tags, bodyWords, answerWords }: SearchDocument,
  { fieldsOfWord, answerOnly }: { fieldsOfWord: Map<string, number>; answerOnly: Set<string> },
  post: (word: string, fields: number) => void,
): void {
  fieldsOfWord.clear();
  answerOnly.clear();
  for (const word of indexWords(title)) fieldsOfWord.set(word, IN_TITLE);
  for (const word of indexWords(tags.join(" "))) {
    fieldsOfWord.set(word, (fieldsOfWord.get(word) ?? 0) | IN_TAGS);
  }
  if (answerWords !== "") for (const word of answerWords.split(" ")) answerOnly.add(word);
  if (bodyWords !== "") {
    for (const word of bodyWords.split(" ")) {
      answerOnly.delete(word);
      const fields = fieldsOfWord.get(word);
      if (fields === undefined) post(word, IN_BODY);
      else fieldsOfWord.set(word, fields | IN_BODY);
    }
  }
  for (const [word, fields] of fieldsOfWord) post(word, fields);
  for (const word of answerOnly) if (!fieldsOfWord.has(word)) post(word, IN_ANSWERS_ONLY);
}

/** The word files, kept as each is made, from the postings' runs merged word by word. */
function wordFiles<Kept>(
  runs: PostingsRuns,
  sizes: ChunkSizes,
  keep: (file: SearchFile) => Kept,
): { files: Kept[]; chunks: SearchManifest["wordChunks"] } {
  const files: Kept[] = [];
  const chunks: SearchManifest["wordChunks"] = [];
  let chunk: string[] = [];
  let characters = 0;
  const closeWordChunk = () => {
    const file = chunkFile("w", chunk);
    files.push(keep(file.contents));
    chunks.push([chunk[0] as string, file.name]);
    chunk = [];
    characters = 0;
  };
  for (const { word, postings: encoded } of mergedRuns(runs.readBack())) {
    chunk.push(word, encoded);
    characters += word.length + encoded.length + 6;
    if (characters >= sizes.wordChunkCharacters) closeWordChunk();
  }
  if (chunk.length > 0) closeWordChunk();
  return { files, chunks };
}

/** A run's postings, words ascending, each let go of as it is taken. */
function* runOf(postings: Map<string, PostingsWriter>): Generator<RunPostings> {
  for (const word of [...postings.keys()].sort(compareWords)) {
    const writer = postings.get(word) as PostingsWriter;
    postings.delete(word);
    yield { word, postings: writer.text(), last: writer.last };
  }
}

/**
 * The runs merged: each word once, ascending, with its postings of every run joined in the
 * runs' order (`postingsAfter`). Merged two at a time, in a tree as deep as the runs are
 * many in powers of two.
 */
function mergedRuns(runs: Iterable<RunPostings>[]): Iterable<RunPostings> {
  if (runs.length <= 1) return runs[0] ?? [];
  const half = Math.ceil(runs.length / 2);
  return mergedTwo(mergedRuns(runs.slice(0, half)), mergedRuns(runs.slice(half)));
}

function* mergedTwo(
  earlier: Iterable<RunPostings>,
  later: Iterable<RunPostings>,
): Generator<RunPostings> {
  const left = earlier[Symbol.iterator]();
  const right = later[Symbol.iterator]();
  let a = left.next();
  let b = right.next();
  while (!a.done && !b.done) {
    const order = compareWords(a.value.word, b.value.word);
    if (order < 0) {
      yield a.value;
      a = left.next();
    } else if (order > 0) {
      yield b.value;
      b = right.next();
    } else {
      const { word, postings, last } = a.value;
      yield {
        word,
        postings: postings + postingsAfter(b.value.postings, last),
        last: b.value.last,
      };
      a = left.next();
      b = right.next();
    }
  }
  for (; !a.done; a = left.next()) yield a.value;
  for (; !b.done; b = right.next()) yield b.value;
}

/** The order of the index's words, which the browser's lookups rely on: code units. */
export function compareWords(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A chunk's script, named by a digest of its data. */
function chunkFile(kind: "w" | "q" | "t", data: unknown): { name: string; contents: SearchFile } {
  const json = JSON.stringify(data);
  const name = `${kind}-${createHash("sha256").update(json).digest("hex").slice(0, 12)}`;
  return {
    name,
    contents: { file: `${name}.js`, text: `${REGISTRY}.chunk(${JSON.stringify(name)},${json});\n` },
  };
}
