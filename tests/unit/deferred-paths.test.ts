import { afterEach, it } from "node:test";
import assert from "node:assert/strict";
import {
  endDeferring,
  startDeferring,
  staticPaths,
} from "../../src/machinery/astro/deferred-paths.ts";

/*
 * A route's paths past its first are made as the render threads take them, not listed for
 * Astro, only while a threaded build defers them and only when there are enough (src/speed/
 * deferred-paths.ts); the build's output is checked against Astro's own loop in
 * tests/machinery/render-threads.test.ts.
 */

afterEach(() => endDeferring());

const made: number[] = [];
const pathAt = (index: number) => {
  made.push(index);
  return { params: { id: `q${index}` }, props: { index } };
};
const servedAt = ({ params }: { params: { id: string } }) => `/questions/${params.id}/`;

it("lists every path when no build defers them, as under astro dev", () => {
  made.length = 0;
  const paths = staticPaths(3, pathAt, servedAt);
  assert.deepEqual(
    paths.map(({ params }) => params.id),
    ["q0", "q1", "q2"],
  );
});

it("lists the first path and keeps the rest, made only when asked for, while a build defers", () => {
  made.length = 0;
  startDeferring(2);
  const listed = staticPaths(4, pathAt, servedAt);
  assert.deepEqual(
    listed.map(({ params }) => params.id),
    ["q0"],
  );
  assert.deepEqual(made, [0], "the rest is not made up front");
  const rest = endDeferring().get(listed);
  assert.ok(rest, "the rest is found by the list Astro got");
  assert.equal(rest.count, 3);
  assert.deepEqual(rest.at(2), { params: { id: "q3" }, props: { index: 3 } });
  assert.equal(rest.pathnameOf(rest.at(0)), "/questions/q1/");
  assert.deepEqual(made, [0, 3, 1]);
});

it("lists every path when the rest is fewer than worth deferring, or none", () => {
  startDeferring(3);
  assert.equal(staticPaths(3, pathAt, servedAt).length, 3, "a rest of 2, below 3");
  startDeferring(0);
  assert.equal(staticPaths(1, pathAt, servedAt).length, 1, "a route of one path has no rest");
  assert.equal(staticPaths(0, pathAt, servedAt).length, 0);
});

it("lists every path once the deferral has ended", () => {
  startDeferring(0);
  endDeferring();
  assert.equal(staticPaths(5, pathAt, servedAt).length, 5);
});
