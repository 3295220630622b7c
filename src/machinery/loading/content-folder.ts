import { join, relative, sep } from "node:path";
import type { AnswerEntry } from "../../schemas/answer.ts";
import type { QuestionEntry } from "../../schemas/question.ts";
import { answerFiles } from "../../core/answer-file.ts";
import { userFiles } from "../../core/user-file.ts";
import type { UserEntry } from "../../schemas/user.ts";
import { assembleContent, type ContentReading } from "../../core/content.ts";
import {
  addReading,
  folderFiles,
  folderNames,
  type FolderFiles,
  type FolderReader,
  type ListedName,
} from "../../core/folder.ts";
import { questionFiles, questionSettings } from "../../core/question-file.ts";
import { contentImages } from "./content-images.ts";
import { readCommunity } from "./community-file.ts";
import { contentFolderProblem } from "./content-folder-check.ts";
import { listedNames } from "./listed-names.ts";
import { postReading, readPostFile } from "./post-file.ts";

/*
 * A content folder on disk, read the plain way: every file on this thread, each by its folder
 * reader's pure function, then the rules across files (src/core/). This is the definition;
 * the build machinery (src/machinery/loading/load-content.ts) reads the same folder with caches
 * and threads, and is held to give the same outcome.
 */

/**
 * Reads, validates and derives a content folder (`community.yaml`, `questions/<id>.md`,
 * `answers/<id>.md`, `users/<id>.md`).
 * Every problem in every file is collected, so one run reports them all. File names in
 * messages are relative to `displayFrom`.
 */
export function readContent(contentDir: string, displayFrom = process.cwd()): ContentReading {
  const missing = contentFolderProblem(contentDir, displayFrom);
  if (missing) return { problems: [missing] };
  const { community, questions, answers, users } = readContentFiles(contentDir, displayFrom);
  const withImages = { ...community, images: contentImages(contentDir) };
  return assembleContent(withImages, questions, answers, users);
}

/** `readContent` up to the rules across files: each file as it reads on its own. */
export function readContentFiles(
  contentDir: string,
  displayFrom = process.cwd(),
): {
  community: ReturnType<typeof readCommunity>;
  questions: FolderFiles<QuestionEntry, Map<string, QuestionEntry>>;
  answers: FolderFiles<AnswerEntry, Map<string, AnswerEntry>>;
  users: FolderFiles<UserEntry, Map<string, UserEntry>>;
} {
  const community = readCommunity(contentDir, displayFrom);
  const settings = questionSettings(community.community);
  return {
    community,
    questions: readFolder(questionFiles, contentDir, settings, displayFrom),
    answers: readFolder(answerFiles, contentDir, settings, displayFrom),
    users: readFolder(userFiles, contentDir, settings, displayFrom),
  };
}

/** One folder's files read by `reader`, on this thread. */
function readFolder<Entry, Settings>(
  reader: FolderReader<Entry, Settings>,
  contentDir: string,
  settings: Settings,
  displayFrom: string,
): FolderFiles<Entry, Map<string, Entry>> {
  const { directory, names } = listFolder(reader, contentDir, displayFrom);
  const files = folderFiles<Entry>(names);
  for (const named of names.files) {
    const file = readPostFile(directory + sep + named.name, reader.noun);
    addReading(files, named, postReading(file, reader, named.id, settings));
  }
  return files;
}

/**
 * A folder's listing as its files (see `folderNames`), named in messages relative to
 * `displayFrom`; `listing` is the folder as already listed, when it was.
 */
export function listFolder(
  reader: Pick<FolderReader<unknown, unknown>, "folder" | "noun" | "optional" | "idNamesFolder">,
  contentDir: string,
  displayFrom: string,
  listing: readonly ListedName[] | undefined = listedNames(join(contentDir, reader.folder)),
): { directory: string; names: ReturnType<typeof folderNames> } {
  const directory = join(contentDir, reader.folder);
  // The folder's shown name, worked out once: `join` and `relative` normalise the whole path,
  // a tenth of a second for 10,000 files. A name read from the folder holds no separator, so
  // appending it is the same.
  const shownFolder = relative(displayFrom, directory);
  const names = folderNames(listing, reader, {
    folder: shownFolder || directory,
    file: (name) => (shownFolder === "" ? name : shownFolder + sep + name),
  });
  return { directory, names };
}
