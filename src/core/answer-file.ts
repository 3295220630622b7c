import { answerFrontmatterSchema, type AnswerEntry } from "../schemas/answer.ts";
import type { Community } from "../schemas/community.ts";
import { ENTRY_ID_PATTERN } from "../schemas/fields.ts";
import type { FileReading, FolderReader } from "./folder.ts";
import { readFrontmatterFile } from "./frontmatter-file.ts";
import { renderPost } from "./comments.ts";
import { peopleNamed } from "./users.ts";

/** What reading an answer takes from community.yaml besides its own file. */
export type AnswerSettings = Pick<Community, "bodyFormat" | "math" | "origin">;

/**
 * One answer file, `answers/<id>.md`, read on its own: its frontmatter checked against the
 * schema, and its body as safe HTML, its headings under the answers' h2. That its question exists, and that a question has one accepted answer at most, only
 * the whole content can tell (src/core/content.ts).
 */
export function readAnswerFile(
  text: string,
  _id: string,
  settings: AnswerSettings,
): FileReading<AnswerEntry> {
  const read = readFrontmatterFile(
    text,
    answerFrontmatterSchema,
    "of an answer",
    "question, answered",
  );
  if ("unread" in read) return { problems: [read.unread], partial: {} };
  const { fields, frontmatter, problems, body } = read;
  if (!frontmatter) {
    // The question it names is judged with the others, even though this file has problems.
    const { question, accepted } = fields;
    return {
      problems,
      partial: {
        ...(typeof question === "string" && ENTRY_ID_PATTERN.test(question) && { question }),
        ...(accepted === true && { accepted }),
        ...peopleNamed(fields),
      },
    };
  }
  const { comments, ...checked } = frontmatter;
  // Its headings under the answers' h2; its words find its question, as the question's own do.
  return { entry: { ...checked, ...renderPost(body, comments, 2, settings) } };
}

/** The answers folder: `answers/<id>.md`, each read by `readAnswerFile`. Optional. */
export const answerFiles: FolderReader<AnswerEntry, AnswerSettings> = {
  folder: "answers",
  noun: "answer",
  optional: true,
  read: readAnswerFile,
  pageTexts: ["bodyHtml", "bodyWords", "searchText", "commentsJson"],
};
