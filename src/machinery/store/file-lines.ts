import { closeSync, openSync, readSync } from "node:fs";

/**
 * The lines of `file`, read `blockBytes` at a time and held a block at a time: a block is cut
 * after its last line's end before it is decoded, since it may end within a character (no byte
 * of a UTF-8 sequence is a line's end). Empty lines are passed over. Throws when the file ends
 * within a line: it was cut short.
 */
export function* linesOfFile(file: string, blockBytes: number): Generator<string> {
  const fd = openSync(file, "r");
  try {
    const block = Buffer.allocUnsafe(blockBytes);
    // The bytes of a line the blocks read so far have not ended.
    let unended: Buffer[] = [];
    for (let read; (read = readSync(fd, block, 0, blockBytes, null)) > 0;) {
      const bytes = block.subarray(0, read);
      const end = bytes.lastIndexOf(0x0a) + 1;
      if (end === 0) {
        unended.push(Buffer.from(bytes));
        continue;
      }
      const lines = (
        unended.length === 0
          ? bytes.subarray(0, end)
          : Buffer.concat([...unended, bytes.subarray(0, end)])
      ).toString("utf8");
      unended = end < read ? [Buffer.from(bytes.subarray(end))] : [];
      for (const line of lines.split("\n")) if (line !== "") yield line;
    }
    if (unended.length > 0) throw new Error(`${file} ends within a line: it was cut short`);
  } finally {
    closeSync(fd);
  }
}
