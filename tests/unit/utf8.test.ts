import { it } from "node:test";
import assert from "node:assert/strict";
import { invalidUtf8Position } from "../../src/lib/utf8.ts";

/* Where bytes stop being UTF-8 (src/lib/utf8.ts), in lines and characters as an editor counts. */

it("finds the first byte that is not UTF-8, counting characters, not bytes", () => {
  const bytes = Buffer.concat([
    Buffer.from("first\nnaïve café "),
    Buffer.from([0xff]),
    Buffer.from("x"),
  ]);
  assert.deepEqual(invalidUtf8Position(bytes), { line: 2, column: 12 });
  assert.equal(invalidUtf8Position(Buffer.from("naïve\n")), undefined);
});

it("finds a character the end of the file cuts", () => {
  const bytes = Buffer.from("ab\ncé").subarray(0, -1);
  assert.deepEqual(invalidUtf8Position(bytes), { line: 2, column: 2 });
});
