import { assembleContent } from "../../src/core/content.ts";
import type { ContentImages } from "../../src/core/used-images.ts";
import { addReading, folderFiles, folderNames, type FolderReader } from "../../src/core/folder.ts";
import { questionFiles } from "../../src/core/question-file.ts";
import { answerFiles } from "../../src/core/answer-file.ts";
import { withPageSettled } from "../../src/core/question-page.ts";
import type { QuestionPage } from "../../src/core/page-data.ts";
import type { Community } from "../../src/schemas/community.ts";

/*
 * A content folder held in memory, read and assembled as the build does it: for tests of the
 * rules across files, with no disk.
 */

/** A community.yaml as read, its settings the schema's defaults but for `fields`. */
export function communityWith(fields: Partial<Community> = {}): Community {
  return {
    name: "Test",
    excerptLength: 200,
    bodyFormat: "markdown",
    math: "off",
    answerOrder: "accepted-first",
    ...fields,
  };
}

/** A folder of `<id>.md` texts, each read as the build reads it. */
export function readFolder<Entry>(
  reader: FolderReader<Entry, Community>,
  texts: Record<string, string>,
  community: Community,
) {
  const listing = Object.keys(texts).map((id) => ({ name: `${id}.md`, isFile: true }));
  const names = folderNames(listing, reader, {
    folder: reader.folder,
    file: (name) => `${reader.folder}/${name}`,
  });
  const files = folderFiles<Entry>(names);
  for (const named of names.files) {
    addReading(files, named, reader.read(texts[named.id] ?? "", named.id, community));
  }
  return files;
}

/**
 * Question and answer texts assembled: the problems, or each question's page as it is shown
 * (links settled, comments read) by id, the build's notes and the images the pages show.
 * `images` stands for the content folder's `images/`.
 */
export function pagesOf(
  community: Community,
  questions: Record<string, string>,
  answers: Record<string, string> = {},
  images?: ContentImages,
) {
  const reading = assembleContent(
    { community, problems: [], ...(images && { images }) },
    readFolder(questionFiles, questions, community),
    readFolder(answerFiles, answers, community),
  );
  if ("problems" in reading) return { problems: reading.problems };
  const pages = new Map<string, QuestionPage>();
  for (const page of reading.content.questions) pages.set(page.id, withPageSettled(page));
  return { pages, notes: reading.notes, images: reading.content.images };
}
