import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { assembleContent } from "../../src/core/content.ts";
import {
  addReading,
  FileNames,
  folderFiles,
  folderNames,
  listedFiles,
  type ListedName,
} from "../../src/core/folder.ts";
import { questionFiles } from "../../src/core/question-file.ts";
import { answerFiles } from "../../src/core/answer-file.ts";
import type { AnswerEntry } from "../../src/schemas/answer.ts";
import type { QuestionEntry } from "../../src/schemas/question.ts";
import type { Community } from "../../src/schemas/community.ts";

/*
 * The content core without a disk: a folder's names, each file's text read by the pure
 * reader, then the rules across files. What the build does, with the files handed in.
 */

const shown = { folder: "questions", file: (name: string) => `questions/${name}` };
const settings = { excerptLength: 200, bodyFormat: "markdown", math: "off" } as const;
const withMath = { ...settings, math: "tex" } as const;
const community: Community = {
  name: "Core",
  excerptLength: 200,
  bodyFormat: "markdown",
  math: "off",
  answerOrder: "accepted-first",
};

/** A folder of `name: text` files read as the build reads them. */
function readFolder(
  texts: Record<string, string>,
  extra: ListedName[] = [],
  readWith: typeof settings | typeof withMath = settings,
) {
  const listing = [...Object.keys(texts).map((name) => ({ name, isFile: true })), ...extra];
  const names = folderNames(listing, questionFiles, shown);
  const files = folderFiles<QuestionEntry>(names);
  for (const named of names.files) {
    addReading(files, named, questionFiles.read(texts[named.name] ?? "", named.id, readWith));
  }
  return files;
}

/** The answers folder of `name: text` files, read as the build reads it. */
function readAnswers(
  texts: Record<string, string>,
  readWith: typeof settings | typeof withMath = settings,
) {
  const listing = Object.keys(texts).map((name) => ({ name, isFile: true }));
  const names = folderNames(listing, answerFiles, {
    folder: "answers",
    file: (name) => `answers/${name}`,
  });
  const files = folderFiles<AnswerEntry>(names);
  for (const named of names.files) {
    addReading(files, named, answerFiles.read(texts[named.name] ?? "", named.id, readWith));
  }
  return files;
}

const answer = (question: string, more = "") =>
  `---\nquestion: ${question}\nanswered: "2024-05-01T10:00:00Z"\n${more}---\nAn answer.\n`;

const question = (asked: string, more = "") =>
  `---\ntitle: Asked ${asked}\ntags: [t]\nasked: "${asked}"\n${more}---\nBody.\n`;

describe("folderNames", () => {
  /* A question `con` made questions/con/, a folder no Windows disk can hold. */
  it("refuses a question id Windows keeps for a device, since it names the page's folder", () => {
    const listing = ["con.md", "nul.md", "com1.md", "console.md"].map((name) => ({
      name,
      isFile: true,
    }));
    assert.deepEqual(
      folderNames(listing, questionFiles, shown).problems.map(({ file }) => file),
      ["questions/com1.md", "questions/con.md", "questions/nul.md"],
    );
    assert.match(
      folderNames(listing, questionFiles, shown).problems[0]?.reason ?? "",
      /^"com1" cannot be a question id: its page's folder, questions\/com1\/, is a name Windows keeps for a device, .*; rename the file, such as com1-1\.md$/,
    );
    assert.deepEqual(
      folderNames(listing, answerFiles, shown).problems,
      [],
      "answers make no folder",
    );
  });

  it("skips hidden names, sorts the rest, and reports what is not an <id>.md file", () => {
    const names = folderNames(
      [
        { name: "b.md", isFile: true },
        { name: ".DS_Store", isFile: true },
        { name: "notes.txt", isFile: true },
        { name: "a.md", isFile: true },
        { name: "drafts", isFile: false },
        { name: "Big Id.md", isFile: true },
      ],
      questionFiles,
      shown,
    );
    assert.deepEqual(
      names.files.map(({ id, idIsValid }) => `${id}${idIsValid ? "" : " (bad id)"}`),
      ["Big Id (bad id)", "a", "b"],
    );
    assert.deepEqual(listedFiles(folderFiles(names)), [
      "questions/Big Id.md",
      "questions/a.md",
      "questions/b.md",
      "questions/drafts",
      "questions/notes.txt",
    ]);
    assert.deepEqual(names.problems, [
      {
        file: "questions/Big Id.md",
        reason:
          '"Big Id" cannot be a question id; rename the file using only lower-case letters, digits, "-" and "_", such as big-id.md',
      },
      {
        file: "questions/drafts",
        reason:
          "is not a file; questions are read only from files directly in questions/, so move its questions up into questions/",
      },
      {
        file: "questions/notes.txt",
        reason: "is not a question file; name it <id>.md, or move it out of questions/",
      },
    ]);
  });

  it("reports a missing folder as one problem", () => {
    assert.deepEqual(folderNames(undefined, questionFiles, shown).problems, [
      {
        file: "questions",
        reason: "is missing; create this folder and put one <id>.md file per question in it",
      },
    ]);
  });
});

describe("FileNames", () => {
  it("names each file from its id, in the order given, and no file for an unknown id", () => {
    const files = new FileNames(["b", "Big Id", "a"], shown.file);
    assert.equal(files.size, 3);
    assert.deepEqual([...files.keys()], ["b", "Big Id", "a"]);
    assert.equal(files.get("Big Id"), "questions/Big Id.md");
    assert.equal(files.has("a"), true);
    assert.equal(files.has("c"), false);
    assert.equal(files.get("c"), undefined);
  });
});

describe("assembleContent", () => {
  it("warns of each formula left as TeX, questions then answers, each folder in file order", () => {
    const bad = (text: string) => `---\n${text.split("---\n")[1]}---\nSee $\\frac{1}{$ here.\n`;
    const questions = readFolder(
      {
        "a.md": question("2024-01-01T10:00:00Z"),
        "b.md": bad(question("2024-02-01T10:00:00Z")),
      },
      [],
      withMath,
    );
    // Taken question by question, in file order: y (of a) before x (of b).
    const answers = readAnswers({ "x.md": bad(answer("b")), "y.md": bad(answer("a")) }, withMath);
    const read = assembleContent({ community, problems: [] }, questions, answers);
    assert.ok("warnings" in read);
    assert.deepEqual(
      read.warnings.map((line) => line.slice(0, line.indexOf(":", 7))),
      ["[math] questions/b.md", "[math] answers/x.md", "[math] answers/y.md"],
    );
    assert.match(read.warnings[0] ?? "", /left as TeX source: "\$\\\\frac\{1\}\{\$" \(/);
  });

  it("lists the questions newest first, equal instants by id", () => {
    const files = readFolder({
      "b.md": question("2024-01-01T10:00:00Z"),
      "a.md": question("2024-01-01T10:00:00Z"),
      "c.md": question("2024-02-01"),
    });
    const read = assembleContent({ community, problems: [] }, files);
    assert.ok("content" in read);
    assert.deepEqual(
      read.content.questions.map((entry) => entry.id),
      ["c", "a", "b"],
    );
  });

  it("judges the question a file with problems names, after that file's own problems", () => {
    const files = readFolder({
      "a.md": question("2024-01-01", "state: shut\nduplicateOf: nowhere\n"),
      "b.md": question("2024-01-02", "state: duplicate\nduplicateOf: b\n"),
    });
    const read = assembleContent({ community, problems: [] }, files);
    assert.ok("problems" in read);
    assert.deepEqual(
      read.problems.map(({ file, field }) => `${file}: ${field}`),
      // a.md: its bad state, then the question it names, which does not exist.
      ["questions/a.md: state", "questions/a.md: duplicateOf", "questions/b.md: duplicateOf"],
    );
  });

  it("puts community.yaml's problems first, and builds nothing without a community", () => {
    const files = readFolder({ "a.md": "no frontmatter" }, [{ name: "x.txt", isFile: true }]);
    const read = assembleContent(
      { problems: [{ file: "community.yaml", field: "name", reason: "is missing" }] },
      files,
    );
    assert.ok("problems" in read);
    assert.deepEqual(
      read.problems.map(({ file, field }) => `${file}: ${field ?? ""}`),
      ["community.yaml: name", "questions/a.md: frontmatter", "questions/x.txt: "],
    );
  });
});

describe("the rules between answers and questions", () => {
  const questions = () =>
    readFolder({
      "orig.md": question("2024-01-01", "answers: 2\n"),
      "dup.md": question("2024-02-01", "state: duplicate\nduplicateOf: orig\n"),
      "lone.md": question("2024-03-01", "answers: 4\n"),
    });

  it("counts a question's answer files, which its answers field must equal", () => {
    const read = assembleContent(
      { community, problems: [] },
      questions(),
      readAnswers({ "a1.md": answer("orig"), "a2.md": answer("orig", "accepted: true\n") }),
    );
    assert.ok("content" in read);
    const dup = read.content.questions.find((entry) => entry.id === "dup");
    assert.match(dup?.excerpt ?? "", /\(2 answers\)/);
  });

  it("reports an answers field that disagrees with the files, naming both numbers", () => {
    const read = assembleContent(
      { community, problems: [] },
      questions(),
      readAnswers({ "a1.md": answer("orig"), "a2.md": answer("lone") }),
    );
    assert.ok("problems" in read);
    assert.deepEqual(read.problems, [
      {
        file: "questions/lone.md",
        field: "answers",
        reason:
          "is 4, but answers/ holds 1 answer file for this question (answers/a2.md); set answers: 1, or remove the field to count the files",
      },
      {
        file: "questions/orig.md",
        field: "answers",
        reason:
          "is 2, but answers/ holds 1 answer file for this question (answers/a1.md); set answers: 1, or remove the field to count the files",
      },
    ]);
  });

  it("counts the files when the question has no answers field", () => {
    const read = assembleContent(
      { community, problems: [] },
      readFolder({
        "orig.md": question("2024-01-01"),
        "dup.md": question("2024-02-01", "state: duplicate\nduplicateOf: orig\n"),
      }),
      readAnswers({ "a1.md": answer("orig"), "a2.md": answer("orig"), "a3.md": answer("orig") }),
    );
    assert.ok("content" in read);
    assert.match(read.content.questions[0]?.excerpt ?? "", /\(3 answers\)/);
  });

  it("reports an answer to a question that does not exist, and a second accepted answer", () => {
    const read = assembleContent(
      { community, problems: [] },
      readFolder({ "orig.md": question("2024-01-01") }),
      readAnswers({
        "a1.md": answer("orig", "accepted: true\n"),
        "a2.md": answer("orig", "accepted: true\n"),
        "a3.md": answer("gone"),
      }),
    );
    assert.ok("problems" in read);
    assert.deepEqual(read.problems, [
      {
        file: "answers/a2.md",
        field: "accepted",
        reason:
          'question "orig" already has an accepted answer, answers/a1.md; accept one answer only, and remove accepted here or there',
      },
      {
        file: "answers/a3.md",
        field: "question",
        reason:
          '"gone" does not name a question (there is no questions/gone.md); correct the id, or move the answer out of answers/',
      },
    ]);
  });

  it("judges the question an answer with problems names, after its own problems", () => {
    const read = assembleContent(
      { community, problems: [] },
      readFolder({ "orig.md": question("2024-01-01") }),
      readAnswers({ "bad.md": answer("gone", "score: lots\n") }),
    );
    assert.ok("problems" in read);
    assert.deepEqual(
      read.problems.map(({ file, field }) => `${file}: ${field}`),
      ["answers/bad.md: score", "answers/bad.md: question"],
    );
  });
});
