import { dumpFileChunks } from "./dump-source.ts";

const ROW = Buffer.from("<row");

/**
 * The number of `<row` elements in a dump file the import does not read (Comments.xml,
 * PostHistory.xml, Votes.xml), for the report's "not carried over" lines. A plain byte scan,
 * not an XML parse: these files can be larger than Posts.xml, and one that is damaged must not
 * stop an import that does not use it. (Inside attribute values `<` is always escaped, so every
 * `<row` is an element.)
 */
export async function countRows(file: string): Promise<number> {
  let rows = 0;
  // The last bytes of each chunk, in case a `<row` straddles two chunks.
  let carry = Buffer.alloc(0);
  for await (const chunk of dumpFileChunks(file, 1 << 20)) {
    const bytes = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    let at = bytes.indexOf(ROW);
    while (at !== -1) {
      const next = bytes[at + ROW.length];
      // `<rows>` or `<rowset>` would not be a row; a row is followed by a space or `/` or `>`.
      if (next === undefined) break;
      if (
        next === 0x20 ||
        next === 0x2f ||
        next === 0x3e ||
        next === 0x09 ||
        next === 0x0a ||
        next === 0x0d
      )
        rows++;
      at = bytes.indexOf(ROW, at + 1);
    }
    carry = Buffer.from(bytes.subarray(Math.max(0, bytes.length - ROW.length)));
  }
  return rows;
}
