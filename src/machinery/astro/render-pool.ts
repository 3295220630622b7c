import type { Worker } from "node:worker_threads";
import { projectFile } from "../../project-paths.ts";
import { HELPING_THREAD_LIMITS, startWorkerThread } from "../threads/worker-threads.ts";
import type { AstroLog } from "./astro-internals.ts";

/*
 * The threads that render pages (render-worker.ts), and the messages between them and Astro's
 * thread: pages go out in batches, and each batch's results come back in one message.
 */

/** By path from the project's root: this module runs from the integration's copy. */
const RENDER_WORKER = projectFile("src/machinery/astro/render-worker.ts");

/** What a rendering thread starts with (render-worker.ts). */
export interface RenderWorkerData {
  /** The page bundle's entry: the file Astro's own prerenderer imports. */
  bundleEntry: string;
  /** The scripts integrations inject, which the app puts in each page's head. */
  scripts: unknown;
}

/** One page for a thread to render. */
export interface PageJob {
  route: string;
  component: string;
  /** The request's URL, as Astro's build makes it for the page (`pageLocation`). */
  url: string;
  /** The page's pathname as the route cache keys its static path. */
  pathKey: string;
  params: unknown;
  props: unknown;
  /** Where the thread writes the page; none: it hands the page back instead. */
  file?: string | undefined;
  /**
   * Written to `file` as it renders, never held whole: a page that may be too large to hold,
   * such as a listing of every question on one page.
   */
  streamed?: boolean | undefined;
}

/** A rendered page as a thread hands it back: its status, and its bytes unless it wrote them. */
export interface PageResult {
  status: number;
  /** The page's bytes, for a job with no file to write (`PageJob.file`). */
  body?: Uint8Array<ArrayBuffer> | undefined;
}

/** Pages handed to a thread in one message, rendered one after another (`PAGES_PER_BATCH`). */
export interface PageBatch {
  id: number;
  jobs: PageJob[];
}

/** Why a page of a batch could not be rendered; the pages after it in the batch were not. */
export interface PageFailure {
  /** The page's pathname (`PageJob.pathKey`). */
  page: string;
  message: string;
  stack?: string | undefined;
}

type WorkerMessage =
  { id: number; results: PageResult[] } | { id: number; error: PageFailure } | { log: AstroLog };

/**
 * A thread holds two batches of 16 pages, so that it never waits on Astro's thread, and posts
 * little (scripts/bench.md, "Why the constants are what they are").
 */
const PAGES_PER_BATCH = 16;
const BATCHES_AHEAD_PER_THREAD = 2;

/** The rendering threads, each handed batches of pages as it finishes others. */
export class RenderPool {
  readonly #threads: { worker: Worker; pending: number }[];
  readonly #waiting = new Map<
    number,
    { resolve: (results: PageResult[]) => void; reject: (error: Error) => void }
  >();
  #nextId = 0;
  #failure: Error | undefined;

  /** `workerModule` is the threads' module: render-worker.ts, unless a test stands in for it. */
  constructor(count: number, data: RenderWorkerData, workerModule = RENDER_WORKER) {
    this.#threads = Array.from({ length: count }, () => {
      const worker = startWorkerThread(workerModule, { ...data }, HELPING_THREAD_LIMITS);
      const thread = { worker: worker, pending: 0 };
      worker.on("message", (message: WorkerMessage) => this.#receive(thread, message));
      worker.on("error", (error) => this.#fail(error));
      worker.on("exit", (code) => {
        if (code !== 0)
          this.#fail(new Error(`A page rendering thread stopped with exit code ${code}.`));
      });
      return thread;
    });
  }

  /** Renders one page on the least busy thread. */
  async render(job: PageJob): Promise<PageResult> {
    const [result] = await this.#renderBatch([job]);
    return result as PageResult;
  }

  /**
   * Has the threads render and write `count` pages, the job of each made by `jobAt` as its
   * batch is handed out, a couple of batches ahead per thread: resolves with the count once
   * every one is written, or rejects with the first that could not be.
   */
  renderAll(count: number, jobAt: (index: number) => PageJob): Promise<number> {
    const ahead = this.#threads.length * BATCHES_AHEAD_PER_THREAD;
    return new Promise((resolve, reject) => {
      let next = 0;
      let written = 0;
      let failed = false;
      // Its own batches out, not every render's: a page `render` is asked for on the side (the
      // page Astro checks) must not hold a slot, or the last batch back would find none free
      // and hand out nothing more, and the build would wait for ever.
      let out = 0;
      const handOut = () => {
        while (!failed && next < count && out < ahead) {
          const jobs: PageJob[] = [];
          for (const end = Math.min(next + PAGES_PER_BATCH, count); next < end; next++) {
            jobs.push(jobAt(next));
          }
          out++;
          this.#renderBatch(jobs).then(
            () => {
              out--;
              written += jobs.length;
              if (written === count) resolve(written);
              else handOut();
            },
            (error: Error) => {
              failed = true;
              reject(error);
            },
          );
        }
      };
      if (count === 0) resolve(0);
      else handOut();
    });
  }

  async close(): Promise<void> {
    this.#failure ??= new Error("The page rendering threads have been stopped.");
    await Promise.all(this.#threads.map(({ worker }) => worker.terminate()));
  }

  #renderBatch(jobs: PageJob[]): Promise<PageResult[]> {
    if (this.#failure) return Promise.reject(this.#failure);
    const thread = this.#threads.reduce((least, thread) =>
      thread.pending < least.pending ? thread : least,
    );
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      thread.pending++;
      thread.worker.postMessage({ id, jobs } satisfies PageBatch);
    });
  }

  #receive(thread: { pending: number }, message: WorkerMessage): void {
    if ("log" in message) {
      const { level, label, message: text } = message.log;
      const print =
        level === "error" ? console.error : level === "warn" ? console.warn : console.info;
      print(label ? `[${label}] ${text}` : text);
      return;
    }
    const waiting = this.#waiting.get(message.id);
    this.#waiting.delete(message.id);
    thread.pending--;
    if ("results" in message) {
      waiting?.resolve(message.results);
    } else {
      const { page, message: reason, stack } = message.error;
      const cause = new Error(reason);
      if (stack !== undefined) cause.stack = stack;
      waiting?.reject(new Error(`The page ${page} could not be written: ${reason}`, { cause }));
    }
  }

  #fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    for (const { reject } of this.#waiting.values()) reject(error);
    this.#waiting.clear();
  }
}
