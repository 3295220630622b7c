import { after, before, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSite } from "../../scripts/common/build-site.ts";
import { generateCorpus } from "../../scripts/bench/gen-corpus.ts";
import { projectFile } from "../../src/project-paths.ts";
import {
  PAGES_WORTH_THREADS,
  renderThreadSetting,
} from "../../src/machinery/astro/render-threads.ts";
import { assertSameFiles, filesUnder } from "../helpers/files-under.ts";

/*
 * Rendering the pages on worker threads (src/machinery/astro/render-threads.ts) is only allowed to be
 * faster: a build with them writes the very bytes of a build that renders every page on
 * Astro's main thread (QA_RENDER_THREADS=0), for the example community (answers, duplicates,
 * closed questions) and for a generated one with many listing and tag pages. The threads are
 * asked for (QA_RENDER_THREADS=2): unasked, the example is too small to start them.
 */

let work: string;
before(() => {
  work = mkdtempSync(join(tmpdir(), "qa-render-threads-"));
  generateCorpus({ count: 600, out: join(work, "generated"), seed: 5 });
});
after(() => rmSync(work, { recursive: true, force: true }));

for (const [name, contentDir] of [
  ["the example community", () => projectFile("content")],
  ["a generated community of 600 questions", () => join(work, "generated")],
] as const) {
  it(`writes the same files on threads as on the main thread, for ${name}`, async () => {
    const built = new Map<string, Map<string, Buffer>>();
    const pageCounts: number[] = [];
    for (const threads of ["0", "2"]) {
      const outDir = join(work, `${name.length}-${threads}`);
      const build = await buildSite(contentDir(), outDir, "npm run build", {
        QA_RENDER_THREADS: threads,
        QA_CACHE_DIR: join(work, `cache-${name.length}-${threads}`),
      });
      assert.equal(build.exitCode, 0, build.output);
      // Astro's closing count is of every page built, on the threads or not, the same both ways.
      const [, builtPages] = /\[build\] (\d+) page\(s\) built in /.exec(build.output) ?? [];
      pageCounts.push(Number(builtPages));
      if (threads === "0") {
        assert.doesNotMatch(build.output, /\[render-threads\]/);
      } else {
        const [, onThreads, onMain] =
          /\[render-threads\] (\d+) pages rendered and written on 2 threads; Astro wrote the other (\d+)/.exec(
            build.output,
          ) ?? [];
        assert.ok(
          onThreads && onMain,
          `no count of the pages rendered on threads:\n${build.output}`,
        );
        assert.ok(Number(onThreads) > Number(onMain), "most pages are rendered on the threads");
      }
      built.set(threads, filesUnder(outDir));
    }
    assert.equal(pageCounts[1], pageCounts[0], "pages built, on threads and on the main thread");
    assert.ok((pageCounts[0] ?? 0) > 40, `pages built: ${pageCounts[0]}`);
    const [plain, threaded] = [built.get("0"), built.get("2")];
    assert.ok(plain && threaded && plain.size > 0);
    assertSameFiles(threaded, plain);
  });
}

it("reads QA_RENDER_THREADS as a whole number, and says what to set otherwise", () => {
  assert.deepEqual(renderThreadSetting({ QA_RENDER_THREADS: "0" }), { threads: 0, fromPages: 0 });
  assert.deepEqual(renderThreadSetting({ QA_RENDER_THREADS: "3" }), { threads: 3, fromPages: 0 });
  const unset = renderThreadSetting({});
  assert.ok(unset.threads >= 1, "one thread per core when unset");
  assert.equal(unset.fromPages, PAGES_WORTH_THREADS, "once there are enough pages for them");
  assert.throws(
    () => renderThreadSetting({ QA_RENDER_THREADS: "two" }),
    /QA_RENDER_THREADS is "two": it must be a whole number .*set it to one, or leave it unset/,
  );
});
