import type { ContentProblem } from "../lib/problems.ts";
import { ENTRY_ID_PATTERN } from "../schemas/fields.ts";
import { IdIndex } from "../lib/id-index.ts";
import { isWindowsDeviceName } from "../lib/windows-names.ts";

/*
 * A content folder holds one file per entry, `<id>.md`, each read on its own by a pure
 * function: its text, its id and the community's settings in, an entry or the file's problems
 * out. What reads a folder fast (src/machinery/loading/) knows nothing else of its files, so a
 * new folder needs only its schema, its `FolderReader` and a line of wiring.
 */

/** A problem of one file, which the caller names: the field (none: the whole file), why, the fix. */
export type FileProblem = Omit<ContentProblem, "file">;

/**
 * What reading one file came to: its entry, or its problems together with what of the entry
 * could still be read, which the rules across files judge in the same run (a file with a bad
 * date still names the question it duplicates).
 */
export type FileReading<Entry> =
  | { entry: Entry; problems?: undefined }
  | { entry?: undefined; problems: FileProblem[]; partial: Partial<Entry> };

/** A folder of `<id>.md` files and the pure function that reads each one. */
export interface FolderReader<Entry, Settings> {
  /** The folder's name in the content folder, such as `questions`. */
  folder: string;
  /** What one file holds, for messages: `question`. */
  noun: string;
  /** Whether a content folder may leave the folder out (as if it were empty). */
  optional?: boolean;
  /** Whether each file's id names a folder of the site (`questions/<id>/`). */
  idNamesFolder?: boolean;
  /** The entry the file's text makes, or its problems. Pure: no I/O, no state. */
  read(text: string, id: string, settings: Settings): FileReading<Entry>;
  /**
   * The entry's texts that are read whole once, late: a body's HTML when its page is written,
   * a question's search words when the index is built. A build may set them apart on disk as
   * soon as they are read, rather than hold them (src/machinery/store/text-store.ts).
   */
  pageTexts?: readonly (keyof Entry & string)[];
}

/**
 * A folder reader by the module that exports it, which a worker thread can import: functions
 * cannot be posted to a thread, but where to find them can.
 */
export interface FolderReaderModule {
  /** The reader's folder (its `folder`), known before its code is loaded. */
  folder: string;
  /** The module's path from the project's root, such as `src/core/question-file.ts`. */
  module: string;
  /** The name it exports the reader under. */
  name: string;
}

/**
 * A folder's entries by id, as the rules across files take them: one at a time. A build keeps
 * them on disk and reads each one back when it is asked for (src/machinery/loading/load-folder.ts), so what
 * takes them never holds them all at once; a `Map` is one.
 */
export interface EntryShelf<Entry> {
  readonly size: number;
  has(id: string): boolean;
  get(id: string): Entry | undefined;
  keys(): Iterable<string>;
}

/** One folder's files as read: what the rules across files are given. */
export interface FolderFiles<Entry, Entries extends EntryShelf<Entry> = EntryShelf<Entry>> {
  /**
   * Every `<id>.md` file by id, as messages show it, whether or not it has problems: a `Map`,
   * or a build's `FileNames`, which makes each file's name when asked for.
   */
  fileOfId: EntryShelf<string>;
  /** The entries of the files that have no problem of their own. */
  entries: Entries;
  /** What could be read of each file that has problems. */
  partial: Map<string, Partial<Entry>>;
  /** The folder's problems and its files' own, in the order of the folder's listing. */
  problems: ContentProblem[];
  /** The names of the folder's listing that are not `<id>.md` files, as messages show them. */
  otherListed: string[];
}

/** An entry of a folder's listing: its name, and whether it is a plain file. */
export interface ListedName {
  name: string;
  isFile: boolean;
}

/** A folder's listing as `folderNames` finds it. */
export interface FolderNames {
  /** Its `<id>.md` files, in name order. */
  files: NamedFile[];
  /** Its other names as messages show them (each a problem), in name order. */
  others: string[];
  /** The folder's and its files' problems, in name order. */
  problems: ContentProblem[];
  /** A name of the folder as messages show it. */
  shownFile: (name: string) => string;
}

/**
 * A folder's `<id>.md` files, as `folderNames` finds them; as messages show it, a file is
 * named by its folder's `fileOfId`, which keeps only the ids (a build's load also lets go of
 * these once it has planned the reading, see src/machinery/loading/load-folder.ts).
 */
export interface NamedFile {
  name: string;
  id: string;
  idIsValid: boolean;
}

/**
 * The names of a folder's listing (undefined: there is no such folder) as its files: hidden
 * names (`.DS_Store`, editor swap files) left out, the rest in name order (plain string order),
 * each `<id>.md` file with its id. Any other name, and an id that breaks the rule, is a
 * problem. `shown` says how messages name the folder and a name in it.
 */
export function folderNames(
  listing: readonly ListedName[] | undefined,
  {
    folder,
    noun,
    optional,
    idNamesFolder,
  }: Pick<FolderReader<unknown, unknown>, "folder" | "noun" | "optional" | "idNamesFolder">,
  shown: { folder: string; file: (name: string) => string },
): FolderNames {
  const files: NamedFile[] = [];
  const others: string[] = [];
  const problems: ContentProblem[] = [];
  const named = { files, others, problems, shownFile: shown.file };
  if (listing === undefined && optional) return named;
  if (listing === undefined) {
    problems.push({
      file: shown.folder,
      reason: `is missing; create this folder and put one <id>.md file per ${noun} in it`,
    });
    return named;
  }
  for (const { name, isFile } of [...listing].sort(byName)) {
    if (name.startsWith(".")) continue;
    if (!isFile || !name.endsWith(".md")) {
      const file = shown.file(name);
      others.push(file);
      problems.push({
        file,
        reason: isFile
          ? `is not ${withArticle(noun)} file; name it <id>.md, or move it out of ${folder}/`
          : `is not a file; ${noun}s are read only from files directly in ${folder}/, so move its ${noun}s up into ${folder}/`,
      });
    } else {
      const id = name.slice(0, -".md".length);
      const idIsValid = ENTRY_ID_PATTERN.test(id);
      if (!idIsValid) {
        problems.push({
          file: shown.file(name),
          reason: `"${id}" cannot be ${withArticle(noun)} id; rename the file using only lower-case letters, digits, "-" and "_", such as ${suggestId(id, noun)}.md`,
        });
      } else if (idNamesFolder && isWindowsDeviceName(id)) {
        problems.push({
          file: shown.file(name),
          reason: `"${id}" cannot be ${withArticle(noun)} id: its page's folder, ${folder}/${id}/, is a name Windows keeps for a device, so the site could not be copied to a Windows disk; rename the file, such as ${id}-1.md`,
        });
      }
      files.push({ name, id, idIsValid });
    }
  }
  return named;
}

/** A folder's files before any is read: every file known by id, the folder's own problems. */
export function folderFiles<Entry>(names: FolderNames): FolderFiles<Entry, Map<string, Entry>> {
  return {
    fileOfId: new FileNames(
      names.files.map(({ id }) => id),
      names.shownFile,
    ),
    entries: new Map(),
    partial: new Map(),
    problems: [...names.problems],
    otherListed: names.others,
  };
}

/**
 * Every `<id>.md` file of a folder by id, each file's name made from its id when asked for:
 * only the ids are held (in an `IdIndex`, not a Set). Held as strings, the names were a large
 * part of the loading thread's heap for the whole load, for the few messages that name a file
 * (scripts/bench.md, "Why the constants are what they are").
 */
export class FileNames implements EntryShelf<string> {
  readonly #ids: IdIndex;
  readonly #shownFile: (name: string) => string;

  /** `ids` in the folder's name order; `shownFile` names a file of the folder for messages. */
  constructor(ids: readonly string[], shownFile: (name: string) => string) {
    this.#ids = new IdIndex(ids.length);
    for (const id of ids) this.#ids.add(id);
    this.#shownFile = shownFile;
  }

  get size(): number {
    return this.#ids.size;
  }

  has(id: string): boolean {
    return this.#ids.has(id);
  }

  get(id: string): string | undefined {
    return this.#ids.has(id) ? this.#shownFile(`${id}.md`) : undefined;
  }

  keys(): Iterable<string> {
    return this.#ids.ids();
  }
}

/** The file of an id the folder has, as messages show it. */
export function fileOf(fileOfId: EntryShelf<string>, id: string): string {
  const file = fileOfId.get(id);
  if (file === undefined) throw new Error(`No file has the id "${id}".`);
  return file;
}

/**
 * Every name of the folder's listing as messages show it, in name order: its `<id>.md` files
 * and the rest. Made only when there are problems to put in file order.
 */
export function listedFiles({
  fileOfId,
  otherListed,
}: Pick<FolderFiles<unknown>, "fileOfId" | "otherListed">): string[] {
  const files = [...fileOfId.keys()].map((id) => fileOf(fileOfId, id));
  // A folder's names share its shown path up to the name, so name order is their string order.
  return [...files, ...otherListed].sort();
}

/**
 * Adds what reading one file came to: its entry, or its problems and what could be read. A
 * file whose id breaks the rule has a problem already, so its entry is only what could be read.
 * Whether the entry was kept.
 */
export function addReading<Entry>(
  files: FolderFiles<Entry, Map<string, Entry>>,
  { id, idIsValid }: Pick<NamedFile, "id" | "idIsValid">,
  reading: FileReading<Entry>,
): boolean {
  if (reading.problems === undefined) {
    if (idIsValid) files.entries.set(id, reading.entry);
    else files.partial.set(id, reading.entry);
    return idIsValid;
  }
  const file = fileOf(files.fileOfId, id);
  for (const problem of reading.problems) files.problems.push({ file, ...problem });
  files.partial.set(id, reading.partial);
  return false;
}

/** "a question", "an answer", "a user": the noun with its article, for messages. */
function withArticle(noun: string): string {
  return `${/^(?:[aeio]|u(?!s))/.test(noun) ? "an" : "a"} ${noun}`;
}

function suggestId(id: string, noun: string): string {
  return (
    id
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "") || `my-${noun}`
  );
}

function byName(a: ListedName, b: ListedName): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
