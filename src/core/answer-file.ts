import { answerFrontmatterSchema, type AnswerEntry } from "../schemas/answer.ts";
import type { Community } from "../schemas/community.ts";
import { ENTRY_ID_PATTERN } from "../schemas/fields.ts";
import { splitFrontmatter } from "../lib/frontmatter.ts";
import { parseYamlFields } from "../lib/yaml-fields.ts";
import type { FileProblem, FileReading, FolderReader } from "./folder.ts";
import { renderBodyHtml } from "../lib/body-html.ts";
import { validateFields } from "./validate-fields.ts";

/** What reading an answer takes from community.yaml besides its own file. */
export type AnswerSettings = Pick<Community, "bodyFormat">;

/**
 * One answer file, `answers/<id>.md`, read on its own: its frontmatter checked against the
 * schema. That its question exists, and that a question has one accepted answer at most, only
 * the whole content can tell (src/core/content.ts).
 */
export function readAnswerFile(
  text: string,
  _id: string,
  { bodyFormat }: AnswerSettings,
): FileReading<AnswerEntry> {
  const split = splitFrontmatter(text);
  if (!split) {
    return failed({
      field: "frontmatter",
      reason:
        "is missing; start the file with a line ---, then the fields (question, answered, ...), then a line ---",
    });
  }
  const parsed = parseYamlFields(split.yaml, split.yamlFirstLine);
  if (!parsed.ok) return failed({ field: "frontmatter", reason: parsed.reason });
  const problems: FileProblem[] = [];
  const frontmatter = validateFields(
    answerFrontmatterSchema,
    parsed.fields,
    "of an answer",
    problems,
  );
  if (!frontmatter) {
    // The question it names is judged with the others, even though this file has problems.
    const { question, accepted } = parsed.fields;
    return {
      problems,
      partial: {
        ...(typeof question === "string" && ENTRY_ID_PATTERN.test(question) && { question }),
        ...(accepted === true && { accepted }),
      },
    };
  }
  return { entry: { ...frontmatter, bodyHtml: renderBodyHtml(split.body, bodyFormat, 2) } };
}

function failed(problem: FileProblem): FileReading<AnswerEntry> {
  return { problems: [problem], partial: {} };
}

/** The answers folder: `answers/<id>.md`, each read by `readAnswerFile`. Optional. */
export const answerFiles: FolderReader<AnswerEntry, AnswerSettings> = {
  folder: "answers",
  noun: "answer",
  optional: true,
  read: readAnswerFile,
};
