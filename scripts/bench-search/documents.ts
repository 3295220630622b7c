import { buildSearchIndex, type SearchFile } from "../../src/core/search-index.ts";
import { readQuestionPage } from "../../src/machinery/store/text-store.ts";
import { htmlToText, sanitizedHtmlText } from "../../src/lib/html-text.ts";
import { indexWords } from "../../src/lib/search/words.ts";
import type { PostText } from "../../src/lib/search/index-format.ts";
import { snippetSource } from "../../src/core/comments.ts";
import { titleOfLine } from "../../src/lib/title-line.ts";
import { loadContent } from "../../src/machinery/loading/load-content.ts";

/** One question as every engine of the bench indexes it, in listing order. */
export interface BenchDocument {
  id: string;
  title: string;
  titleLine: string;
  tags: string[];
  /** The text the question's page shows of its body (`htmlToText` of its HTML). */
  bodyText: string;
  /** Our index words of that text, space-separated, as the build derives them. */
  bodyWords: string;
  /** Our index words of each answer's text, as the build derives them (ours alone indexes them). */
  answerWords: string;
  /** The posts' text our results show in context, as the build keeps it (`snippetSource`). */
  posts: PostText[];
}

/** Our index, and what building it costs on one thread. */
export interface OurIndex {
  files: SearchFile[];
  /**
   * Seconds to derive every question's and answer's body words
   * (`indexWords(sanitizedHtmlText(bodyHtml))`, the words of `htmlToText`'s text).
   */
  bodyWordsSeconds: number;
  /** Seconds of `buildSearchIndex` over the documents. */
  indexSeconds: number;
}

/**
 * The corpus as the build reads it (`loadContent`, no entry cache), as bench documents, and our
 * index built again from them with the two steps the build spends on search timed apart: the
 * body words, which the build derives per question while reading (here all on this thread),
 * and `buildSearchIndex`. The index must come out as the build's, byte for byte.
 */
export async function loadCorpus(
  contentDir: string,
): Promise<{ documents: BenchDocument[]; ours: OurIndex; loadSeconds: number }> {
  const loadStarted = performance.now();
  const { outcome } = await loadContent(contentDir);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  if (!("content" in outcome)) {
    const why =
      "problems" in outcome
        ? `${outcome.problems.length} problems, the first: ${JSON.stringify(outcome.problems[0])}`
        : String(outcome.failure);
    throw new Error(`${contentDir} could not be read: ${why}`);
  }
  const { searchIndex } = outcome.content;
  const questions = outcome.content.questions.map(({ page }) => readQuestionPage(page));

  // Timed as the build derives the words (src/core/question-file.ts); the libraries' body text
  // is taken apart.
  const bodyStarted = performance.now();
  const wordsOf = (html: string) => indexWords(sanitizedHtmlText(html)).join(" ");
  const bodies = questions.map(({ bodyHtml, answers }) => {
    const answerWords = answers
      .map((answer) => wordsOf(answer.bodyHtml))
      .filter((words) => words !== "")
      .join(" ");
    return { bodyWords: wordsOf(bodyHtml), answerWords };
  });
  const bodyWordsSeconds = (performance.now() - bodyStarted) / 1000;
  const bodyTexts = questions.map(({ bodyHtml }) => htmlToText(bodyHtml));

  const documents = questions.map((question, position): BenchDocument => {
    const { id, titleLine, state, tags, bodyHtml, answers } = question;
    const { bodyWords, answerWords } = bodies[position] as (typeof bodies)[number];
    const bodyText = bodyTexts[position] as string;
    const title = titleOfLine(titleLine, state);
    const textOf = (html: string) => snippetSource(sanitizedHtmlText(html));
    const posts: PostText[] = [
      ["", textOf(bodyHtml)],
      ...answers.map((answer): PostText => [answer.id, textOf(answer.bodyHtml)]),
    ];
    return { id, title, titleLine, tags, bodyText, bodyWords, answerWords, posts };
  });

  const indexStarted = performance.now();
  const files = buildSearchIndex(documents);
  const indexSeconds = (performance.now() - indexStarted) / 1000;

  const same =
    files.length === searchIndex.length &&
    files.every(
      ({ file, text }, at) => searchIndex[at]?.file === file && searchIndex[at].text === text,
    );
  if (!same) {
    throw new Error(
      "the index rebuilt from the bench's documents differs from the build's (content.searchIndex); the bench would measure something else than the site",
    );
  }
  return { documents, ours: { files, bodyWordsSeconds, indexSeconds }, loadSeconds };
}
