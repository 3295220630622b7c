import { pathToFileURL } from "node:url";
import type { FolderReader, FolderReaderModule } from "../../core/folder.ts";
import { projectFile } from "../../project-paths.ts";

/*
 * The folders of a content folder that are read file by file, each named by the module of its
 * pure reader (src/core/), which the loading thread and every reading thread import. A folder
 * more is a line here and one in load-content.ts. This module imports nothing heavy: the early
 * load starts reading threads for a folder before it loads any reading code itself.
 */

/** `questions/<id>.md`, read by `readQuestionFile`. */
export const QUESTIONS_FOLDER = {
  folder: "questions",
  module: "src/core/question-file.ts",
  name: "questionFiles",
} as const satisfies FolderReaderModule;

/** `answers/<id>.md`, read by `readAnswerFile`. */
export const ANSWERS_FOLDER = {
  folder: "answers",
  module: "src/core/answer-file.ts",
  name: "answerFiles",
} as const satisfies FolderReaderModule;

/** `users/<id>.md`, read by `readUserFile`. */
export const USERS_FOLDER = {
  folder: "users",
  module: "src/core/user-file.ts",
  name: "userFiles",
} as const satisfies FolderReaderModule;

/** The folder reader a module exports, loaded on first use in this thread. */
export async function importReader<Entry, Settings>(
  where: FolderReaderModule,
): Promise<FolderReader<Entry, Settings>> {
  // By path at run time, in a thread of its own: nothing for Vite to bundle or analyze.
  const url = pathToFileURL(projectFile(where.module)).href;
  const module = (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
  const reader = module[where.name] as FolderReader<Entry, Settings> | undefined;
  if (reader?.folder !== where.folder) {
    throw new Error(`${where.module} exports no reader "${where.name}" of ${where.folder}/`);
  }
  return reader;
}
