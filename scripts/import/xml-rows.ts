import { createReadStream, statSync } from "node:fs";
import { basename } from "node:path";
import { SaxesParser } from "saxes";

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
  const totalBytes = statSync(file).size;
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
  const decode = (bytes: Uint8Array | undefined, bytesBefore: number): string => {
    try {
      return bytes === undefined ? decoder.decode() : decoder.decode(bytes, { stream: true });
    } catch {
      throw new DumpReadError(
        file,
        parser.line,
        parser.column,
        `is not valid UTF-8 (in the ${CHUNK_BYTES}-byte block from byte ${bytesBefore}); dumps are UTF-8, so the file is damaged`,
      );
    }
  };

  let bytesRead = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
    const bytes = chunk as Buffer;
    parser.write(decode(bytes, bytesRead));
    bytesRead += bytes.length;
    onProgress?.({ file, bytesRead, totalBytes, rows });
  }
  parser.write(decode(undefined, bytesRead));
  closing = true;
  parser.close();
  return { rows, bytes: bytesRead };
}
