import { it } from "node:test";
import assert from "node:assert/strict";
import { RenderPool, type PageJob } from "../../src/machinery/astro/render-pool.ts";
import { projectFile } from "../../src/project-paths.ts";

/*
 * The pool that hands pages to the rendering threads (src/machinery/astro/render-pool.ts), with
 * a stand-in thread that renders nothing, so that what is tested is the handing out alone.
 */
const STAND_IN = projectFile("tests/machinery/stand-in-render-worker.ts");

const job = (delay: number): PageJob => ({
  route: "/r",
  component: "r.astro",
  url: "http://localhost/r/",
  pathKey: "/r/",
  params: {},
  props: { delay },
});

it("renders every page while pages asked for on the side hold the threads", async () => {
  // Astro's loop asks for the first page of each route on the side, to check the threads'
  // rendering against its own; while those were out they held the pool's slots, and a pass
  // whose batches came back then handed out nothing more: the build waited for ever.
  const pool = new RenderPool(1, { bundleEntry: "", scripts: [] }, STAND_IN);
  try {
    const checks = [pool.render(job(300)), pool.render(job(300)), pool.render(job(300))];
    const all = pool.renderAll(100, () => job(0));
    const timeout = new Promise((resolve) => setTimeout(() => resolve("stalled"), 5_000));
    assert.equal(await Promise.race([all, timeout]), 100);
    assert.equal((await Promise.all(checks)).length, 3);
  } finally {
    await pool.close();
  }
});
