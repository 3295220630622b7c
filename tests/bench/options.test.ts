import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseOptions } from "../../scripts/bench/options.ts";
import { UsageError } from "../../scripts/common/usage-error.ts";

describe("parseOptions", () => {
  it("builds the listing on our own corpus by default", () => {
    const options = parseOptions([]);
    assert.equal(options?.corpus, "own");
    assert.equal(options?.pages, false);
  });

  it("takes the shared v2 corpus with --pages", () => {
    const options = parseOptions(["--pages", "--count", "2000"]);
    assert.equal(options?.corpus, "shared");
    assert.equal(options?.pages, true);
    assert.equal(parseOptions(["--pages", "--corpus", "shared"])?.corpus, "shared");
  });

  it("refuses --corpus own with --pages, saying what to do", () => {
    assert.throws(
      () => parseOptions(["--pages", "--corpus", "own"]),
      (error: unknown) =>
        error instanceof UsageError &&
        /--corpus own cannot go with --pages/.test(error.message) &&
        /leave --corpus out/.test(error.message),
    );
  });

  it("builds the bundled example with its pages and the Astro floor, and no peers", () => {
    const options = parseOptions(["--corpus", "example", "--runs", "3"]);
    assert.equal(options?.corpus, "example");
    assert.equal(options?.pages, true);
    assert.equal(options?.floor, true);
    assert.deepEqual(options?.peers, []);
    assert.equal(options?.comments, 0);
    assert.equal(options?.runs, 3);
  });

  it("refuses, with the example, what only a generated corpus takes", () => {
    assert.throws(
      () => parseOptions(["--corpus", "example", "--count", "100", "--page-size=10"]),
      (error: unknown) =>
        error instanceof UsageError &&
        /--corpus example builds content\/ as it is/.test(error.message) &&
        /leave out --count, --page-size/.test(error.message),
    );
  });

  it("adds the Astro floor to a generated corpus with --floor only", () => {
    assert.equal(parseOptions([])?.floor, false);
    assert.equal(parseOptions(["--floor"])?.floor, true);
  });

  it("adds the build from the kept cache into a new folder with --rerender only, example too", () => {
    assert.equal(parseOptions([])?.rerender, false);
    assert.equal(parseOptions(["--rerender"])?.rerender, true);
    assert.equal(parseOptions(["--corpus", "example"])?.rerender, false);
    assert.equal(parseOptions(["--corpus", "example", "--rerender"])?.rerender, true);
  });

  it("still refuses a corpus it does not know", () => {
    assert.throws(() => parseOptions(["--corpus", "mine"]), UsageError);
  });

  it("pages the corpus's listing with --page-size, and refuses a size that is not whole", () => {
    assert.equal(parseOptions(["--pages", "--page-size", "100"])?.pageSize, 100);
    assert.equal(parseOptions(["--pages"])?.pageSize, undefined);
    assert.throws(
      () => parseOptions(["--page-size", "ten"]),
      (error: unknown) => error instanceof UsageError && /--page-size: "ten"/.test(error.message),
    );
  });

  it("gives the corpus a comment per post by default, none with --comments 0", () => {
    assert.equal(parseOptions([])?.comments, 1);
    assert.equal(parseOptions(["--comments", "0"])?.comments, 0);
    assert.equal(parseOptions(["--comments", "2.5"])?.comments, 2.5);
    assert.equal(parseOptions([])?.compareComments, false);
    assert.throws(
      () => parseOptions(["--comments=-1"]),
      (error: unknown) => error instanceof UsageError && /--comments: "-1"/.test(error.message),
    );
  });

  it("gives the --pages corpus users by default, none with --no-users, and none to others", () => {
    assert.equal(parseOptions(["--pages"])?.users, true);
    assert.equal(parseOptions(["--pages", "--no-users"])?.users, false);
    assert.equal(parseOptions([])?.users, false);
    assert.equal(parseOptions(["--corpus", "example"])?.users, false);
    assert.throws(
      () => parseOptions(["--users"]),
      (error: unknown) =>
        error instanceof UsageError && /--users needs --pages/.test(error.message),
    );
  });

  it("builds the corpus without its users too with --compare-users, not with none", () => {
    assert.equal(parseOptions(["--pages"])?.compareUsers, false);
    assert.equal(parseOptions(["--pages", "--compare-users"])?.compareUsers, true);
    for (const args of [["--pages", "--no-users", "--compare-users"], ["--compare-users"]]) {
      assert.throws(
        () => parseOptions(args),
        (error: unknown) =>
          error instanceof UsageError &&
          /--compare-users needs a corpus with users/.test(error.message),
      );
    }
    assert.throws(
      () => parseOptions(["--corpus", "example", "--compare-users"]),
      (error: unknown) =>
        error instanceof UsageError && /leave out --compare-users/.test(error.message),
    );
  });

  it("builds the corpus without its comments too with --compare-comments, not with none", () => {
    assert.equal(parseOptions(["--compare-comments"])?.compareComments, true);
    assert.throws(
      () => parseOptions(["--compare-comments", "--comments", "0"]),
      (error: unknown) => error instanceof UsageError && /--compare-comments/.test(error.message),
    );
  });
});
