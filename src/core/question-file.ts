import {
  QUESTION_ID_PATTERN,
  questionFrontmatterSchema,
  type QuestionEntry,
} from "../schemas/question.ts";
import { communitySchema, type Community } from "../schemas/community.ts";
import { bodyPlainTextStart } from "../lib/plain-text.ts";
import { cutExcerpt } from "../lib/excerpt.ts";
import { typesetTitle } from "../lib/math/title-math.ts";
import { renderPost } from "./comments.ts";
import { peopleNamed } from "./users.ts";
import type { FileReading, FolderReader } from "./folder.ts";
import { readFrontmatterFile } from "./frontmatter-file.ts";

/** What reading a question takes from community.yaml besides its own file. */
export type QuestionSettings = Pick<Community, "excerptLength" | "bodyFormat" | "math" | "origin">;

/**
 * What reading a question takes from community.yaml; the schema's defaults when it has
 * problems: the build fails anyway, and every question is still checked in the same run.
 */
export function questionSettings(community: Community | undefined): QuestionSettings {
  return {
    excerptLength: community?.excerptLength ?? communitySchema.shape.excerptLength.parse(undefined),
    bodyFormat: community?.bodyFormat ?? communitySchema.shape.bodyFormat.parse(undefined),
    math: community?.math ?? communitySchema.shape.math.parse(undefined),
    ...(community?.origin !== undefined && { origin: community.origin }),
  };
}

/**
 * One question file, `questions/<id>.md`, read on its own: its frontmatter checked against the
 * schema, and its body read as plain text as far as the excerpt needs. Every problem of the
 * file is reported; the rules that span files (the question a duplicate names) are judged
 * afterwards, with every file read (src/core/content.ts). A question's entry does not depend
 * on its id, which the folder reader's signature hands every reader.
 */
export function readQuestionFile(
  text: string,
  _id: string,
  settings: QuestionSettings,
): FileReading<QuestionEntry> {
  const read = readFrontmatterFile(
    text,
    questionFrontmatterSchema,
    "of a question",
    "title, tags, asked",
  );
  if ("unread" in read) return { problems: [read.unread], partial: {} };
  const { fields, frontmatter, problems, body } = read;
  if (!frontmatter) {
    // What it says of other files is judged with them, even though this file has problems:
    // the question it duplicates, and how many answer files it has.
    const { duplicateOf, answers } = fields;
    const named = typeof duplicateOf === "string" && QUESTION_ID_PATTERN.test(duplicateOf);
    const counted = typeof answers === "number" && Number.isInteger(answers) && answers >= 0;
    // And its tags, so that a tag wiki is judged by the questions that carry its tag.
    const { tags } = fields;
    const tagged = Array.isArray(tags) && tags.every((tag) => typeof tag === "string");
    return {
      problems,
      partial: {
        ...(named && { duplicateOf }),
        ...(counted && { answers }),
        ...(tagged && { tags: tags as string[] }),
        ...peopleNamed(fields),
      },
    };
  }
  const { excerptLength, bodyFormat, math } = settings;
  const { comments, ...checked } = frontmatter;
  const plainText = bodyPlainTextStart(body, excerptLength, bodyFormat);
  // Without a notice to precede it, the text can be cut to the excerpt here: a worker thread
  // then hands back a few hundred bytes per question, and cutting again later changes nothing.
  const bodyText =
    frontmatter.duplicateOf === undefined ? cutExcerpt(plainText, excerptLength, math) : plainText;
  const post = renderPost(body, comments, 1, settings);
  const title = math === "tex" ? typesetTitle(frontmatter.title) : undefined;
  if (title === undefined) return { entry: { ...checked, bodyText, ...post } };
  // The title's formulas left as source are told with the body's, first, as the page shows them.
  const texLeft = [...title.texLeft, ...(post.texLeft ?? [])];
  return {
    entry: {
      ...checked,
      bodyText,
      ...post,
      titleHtml: title.html,
      ...(texLeft.length > 0 && { texLeft }),
    },
  };
}

/** The questions folder: `questions/<id>.md`, each read by `readQuestionFile`. */
export const questionFiles: FolderReader<QuestionEntry, QuestionSettings> = {
  folder: "questions",
  noun: "question",
  idNamesFolder: true,
  read: readQuestionFile,
  pageTexts: ["bodyHtml", "bodyWords", "searchText", "commentsJson"],
};
