import { dumpFileChunks, dumpFileSize } from "./dump-source.ts";
import { basename } from "node:path";
import { SaxesParser } from "saxes";
import { validUtf8Prefix } from "../../src/lib/utf8.ts";

/** One `<row .../>` of a dump file: its attributes as XML decodes them, and where it is. */
export interface DumpRow {
  /** Every attribute is optional in a dump: read them by name, never by position. */
  attributes: Readonly<Record<string, string | undefined>>;
  /** The 1-based line the row ends on (each row is one line in real dumps). */
  line: number;
}

/** How far a read has got, for the progress display. */
export interface ReadProgress {
  file: string;
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

/** A dump file that cannot be read as the XML it should be. The message names file and line. */
export class DumpReadError extends Error {
  readonly file: string;
  readonly line: number;
  constructor(file: string, line: number, column: number, reason: string) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = "DumpReadError";
    this.file = file;
    this.line = line;
  }
}

/** Big enough that the parser, not the reads, sets the pace; small enough to keep memory flat. */
const CHUNK_BYTES = 1 << 20;

/**
 * Streams the `<row>` children of a dump file's root element (`<posts>`, `<postlinks>`, ...)
 * to `onRow`, one at a time: memory stays flat whatever the file's size. The file must be
 * well-formed UTF-8 XML; a leading BOM and CRLF line ends are fine. Anything else is a
 * `DumpReadError` with the line, raised as soon as it is met.
 */
export async function readDumpRows(
  file: string,
  rootName: string,
  onRow: (row: DumpRow) => void,
  onProgress?: (progress: ReadProgress) => void,
): Promise<{ rows: number; bytes: number }> {
  const totalBytes = dumpFileSize(file);
  const parser = new SaxesParser({ xmlns: false, position: true });
  let closing = false;
  parser.on("error", (error) => {
    // saxes prefixes "line:column: "; the error we raise carries them in its own words.
    const reason = error.message.replace(/^\d+:\d+: /, "").replace(/\.$/, "");
    const hint = closing
      ? "; the file ends before its XML does: it is probably truncated (an interrupted download or extraction), so get the file again"
      : "; the file is not well-formed XML there";
    throw new DumpReadError(file, parser.line, parser.column, reason + hint);
  });

  let depth = 0;
  let rows = 0;
  parser.on("opentag", (tag) => {
    depth++;
    if (depth === 1 && tag.name !== rootName) {
      throw new DumpReadError(
        file,
        parser.line,
        parser.column,
        `the root element is <${tag.name}>, but ${basename(file)} must hold <${rootName}>; is this the right file?`,
      );
    }
    if (depth === 2 && tag.name === "row") {
      rows++;
      onRow({ attributes: tag.attributes, line: parser.line });
    }
  });
  parser.on("closetag", () => {
    depth--;
  });

  // fatal: invalid UTF-8 is an error, never a silent U+FFFD. The decoder drops the BOM.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  /** The text of the line the parser is on, so far: where a bad byte's row begins. */
  let lineSoFar = "";
  /** The bytes of a character the last block cut, which the decoder holds for the next. */
  let cut: Uint8Array = new Uint8Array();
  const decode = (bytes: Uint8Array | undefined): string => {
    let text: string;
    try {
      text = bytes === undefined ? decoder.decode() : decoder.decode(bytes, { stream: true });
    } catch {
      const read = bytes === undefined ? cut : Buffer.concat([cut, bytes]);
      throw invalidUtf8Error(file, { line: parser.line, column: parser.column, lineSoFar }, read);
    }
    if (bytes !== undefined) cut = cutCharacter(bytes);
    const end = text.lastIndexOf("\n");
    lineSoFar = end < 0 ? lineSoFar + text : text.slice(end + 1);
    return text;
  };

  let bytesRead = 0;
  for await (const bytes of dumpFileChunks(file, CHUNK_BYTES)) {
    parser.write(decode(bytes));
    bytesRead += bytes.length;
    onProgress?.({ file, bytesRead, totalBytes, rows });
  }
  parser.write(decode(undefined));
  closing = true;
  parser.close();
  return { rows, bytes: bytesRead };
}

/**
 * The error for the first byte of `bytes` that is not UTF-8, read on from `at`, where the
 * parser stood after the text before them (`lineSoFar`: that line's text so far). Names the
 * byte's line and column and, when it is inside a row, the row's Id.
 */
function invalidUtf8Error(
  file: string,
  at: { line: number; column: number; lineSoFar: string },
  bytes: Uint8Array,
): DumpReadError {
  const valid = validUtf8Prefix(bytes);
  const lines = valid.split("\n");
  const lastLine = lines.at(-1) ?? "";
  const line = at.line + lines.length - 1;
  const column = lines.length > 1 ? lastLine.length + 1 : at.column + valid.length + 1;
  const rowText = lines.length > 1 ? lastLine : at.lineSoFar + lastLine;
  const id = /<row\b[^>]*?\sId="([^"]*)"/.exec(rowText)?.[1];
  const where = id === undefined ? "" : ` in the row with Id="${id}"`;
  return new DumpReadError(
    file,
    line,
    column,
    `a byte that is not UTF-8${where}; dumps are UTF-8, so the file is damaged: get it again (a broken download or extraction), or mend that byte`,
  );
}

/** The bytes at the end of `bytes` that begin a character they do not finish (at most 3). */
function cutCharacter(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if (byte < 0x80) break;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? bytes.slice(bytes.length - back) : new Uint8Array();
    }
  }
  return new Uint8Array();
}
