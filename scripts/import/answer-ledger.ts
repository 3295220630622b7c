import { rmSync } from "node:fs";
import { join } from "node:path";
import { renderAnswerFrontmatter, type AnswerFields } from "./answer-file.ts";
import type { PostCredit } from "./attribution.ts";
import { rewriteFrontmatter } from "./frontmatter-block.ts";
import { IdSet } from "./id-set.ts";
import type { QuestionWarning } from "./import-posts.ts";
import { detachedCopy } from "./detached-copy.ts";
import { isId } from "./post-links.ts";
import { questionFieldsFromFile, renderFrontmatter } from "./question-file.ts";

/** An answer that was not kept because its question was not written. */
export interface AnswerWithoutQuestion {
  id: string;
  question: string;
  reason: string;
}

/** What settling the answers changed once the whole dump was read. */
export interface AnswerSettlement {
  withoutQuestion: AnswerWithoutQuestion[];
  warnings: QuestionWarning[];
  /** Answers read before their question and kept, with their credit, to be counted now. */
  keptEarly: { id: string; credit: PostCredit }[];
}

/**
 * What the posts pass must remember to keep answers and questions consistent without holding
 * either: an answer is written as soon as its row is read, but its question may come later in
 * Posts.xml (the file is not reliably sorted), may fail, or may not be in the dump at all; the
 * question names its accepted answer, which may come before or after it; and a question's
 * `answers` must equal its answer files. So the ledger keeps one bit per written post (see
 * IdSet), and only the few things still open: answers read before their question, accepted
 * answers not read yet, and the questions whose answer files do not yet match their count.
 * In a dump sorted by Id, as the real ones are, the first is empty and the others hold the
 * questions whose answers are still to come.
 */
export class AnswerLedger {
  /** Answers written (their question's fate aside) and accepted, for the report. */
  written = 0;
  accepted = 0;

  readonly #questions = new IdSet();
  readonly #answers = new IdSet();
  /** Answers written before their question was: answer -> question, and its credit. */
  readonly #early = new Map<string, { question: string; credit: PostCredit }>();
  /** Accepted answers not read yet: answer -> its question, and that question's line. */
  readonly #awaited = new Map<string, { question: string; line: number }>();
  /** Answers read before the question that accepts them: marked when the pass is over. */
  readonly #acceptedLate: string[] = [];
  /** Per question: answer files less the count it was written with, while not 0. */
  readonly #unsettled = new Map<string, { difference: number; line?: number }>();
  /** Questions with no AnswerCount, each reported with the count it ends up with. */
  readonly #countMissing = new Map<string, number>();
  readonly #warnings: QuestionWarning[] = [];

  /** A question file was written with `answers`; `acceptedAnswerId` is its AcceptedAnswerId. */
  questionWritten(
    id: string,
    line: number,
    answers: number,
    countMissing: boolean,
    acceptedAnswerId: string | undefined,
  ): void {
    this.#questions.add(id);
    this.#adjust(id, -answers, line);
    if (countMissing) this.#countMissing.set(detachedCopy(id), line);
    if (acceptedAnswerId === undefined) return;
    if (!isId(acceptedAnswerId)) {
      this.#warn(
        id,
        line,
        `AcceptedAnswerId ${JSON.stringify(acceptedAnswerId)} is not a post id; no answer is marked accepted`,
      );
    } else if (!this.#answers.has(acceptedAnswerId)) {
      this.#awaited.set(detachedCopy(acceptedAnswerId), detachedCopy({ question: id, line }));
    } else if (this.#early.get(acceptedAnswerId)?.question === id) {
      this.#acceptedLate.push(detachedCopy(acceptedAnswerId));
      this.accepted++;
    } else {
      this.#warn(
        id,
        line,
        `AcceptedAnswerId ${acceptedAnswerId} names an answer to another question; no answer is marked accepted`,
      );
    }
  }

  /** Whether a question file was written with this Id. */
  hasQuestion(id: string): boolean {
    return this.#questions.has(id);
  }

  /** Whether the answer about to be written is the one its question accepted. */
  accepts(answerId: string, questionId: string): boolean {
    const awaited = this.#awaited.get(answerId);
    if (awaited === undefined) return false;
    this.#awaited.delete(answerId);
    if (awaited.question === questionId) return true;
    this.#warn(
      awaited.question,
      awaited.line,
      `AcceptedAnswerId ${answerId} names an answer to question ${questionId}; no answer is marked accepted`,
    );
    return false;
  }

  /**
   * An answer file was written for `questionId`, accepted or not. True when its question is
   * written already, so its credit can be counted now; false when that waits for `settle`.
   */
  answerWritten(
    answerId: string,
    questionId: string,
    accepted: boolean,
    credit: PostCredit,
  ): boolean {
    this.#answers.add(answerId);
    this.written++;
    if (accepted) this.accepted++;
    this.#adjust(questionId, 1);
    if (this.#questions.has(questionId)) return true;
    this.#early.set(detachedCopy(answerId), detachedCopy({ question: questionId, credit }));
    return false;
  }

  /**
   * Once the pass is over: removes the answers whose question was not written (each listed,
   * with why: `failedQuestions` could not be imported, any other is not a question of the
   * dump); marks the answers accepted by a question read after them; rewrites `answers` of
   * the questions whose answer files differ from it, saying so; and reports accepted answers
   * that never came (`failedAnswers` could not be imported).
   */
  settle(
    questionsDir: string,
    answersDir: string,
    failedQuestions: ReadonlySet<string>,
    failedAnswers: ReadonlySet<string>,
  ): AnswerSettlement {
    const withoutQuestion: AnswerWithoutQuestion[] = [];
    const keptEarly: AnswerSettlement["keptEarly"] = [];
    for (const [answer, { question, credit }] of this.#early) {
      if (this.#questions.has(question)) {
        keptEarly.push({ id: answer, credit });
        continue;
      }
      rmSync(join(answersDir, `${answer}.md`));
      this.written--;
      withoutQuestion.push({
        id: answer,
        question,
        reason: failedQuestions.has(question)
          ? `question ${question} could not be imported (see Problems)`
          : `${question} is not a question of Posts.xml (a deleted question, or another kind of post)`,
      });
    }

    for (const answer of this.#acceptedLate) {
      rewriteFrontmatter(join(answersDir, `${answer}.md`), (fields, comment) =>
        renderAnswerFrontmatter(
          { ...(fields as unknown as AnswerFields), accepted: true },
          comment,
        ),
      );
    }

    for (const [question, { difference, line }] of this.#unsettled) {
      if (!this.#questions.has(question)) continue;
      let before = 0;
      let after = 0;
      rewriteFrontmatter(join(questionsDir, `${question}.md`), (fields, comment) => {
        const read = questionFieldsFromFile(fields);
        before = read.answers;
        after = before + difference;
        return renderFrontmatter({ ...read, answers: after }, comment);
      });
      if (!this.#countMissing.has(question)) {
        this.#warn(
          question,
          line,
          `AnswerCount is ${before}, but ${after} of its answers ${after === 1 ? "was" : "were"} written; wrote answers: ${after}`,
        );
      }
    }
    for (const [question, line] of this.#countMissing) {
      const answers = this.#unsettled.get(question)?.difference ?? 0;
      this.#warn(
        question,
        line,
        `AnswerCount is missing; wrote answers: ${answers}, the number of its answers written`,
      );
    }

    for (const [answer, { question, line }] of this.#awaited) {
      if (!this.#questions.has(question)) continue;
      this.#warn(
        question,
        line,
        failedAnswers.has(answer)
          ? `its accepted answer ${answer} could not be imported (see Problems); no answer is marked accepted`
          : `its accepted answer ${answer} is not an answer of Posts.xml (a deleted answer); no answer is marked accepted`,
      );
    }
    return { withoutQuestion, warnings: this.#warnings, keptEarly };
  }

  #adjust(question: string, by: number, line?: number): void {
    const entry = this.#unsettled.get(question);
    const difference = (entry?.difference ?? 0) + by;
    if (difference === 0) {
      this.#unsettled.delete(question);
      return;
    }
    // The line is the question's, known once its row is read; an entry made again after
    // the count was met (more answer rows than AnswerCount, a damaged dump) has none.
    const at = line ?? entry?.line;
    this.#unsettled.set(entry === undefined ? detachedCopy(question) : question, {
      difference,
      ...(at === undefined ? {} : { line: at }),
    });
  }

  #warn(id: string, line: number | undefined, message: string): void {
    this.#warnings.push(detachedCopy({ id, ...(line === undefined ? {} : { line }), message }));
  }
}
