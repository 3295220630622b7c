import { isUtf8 } from "node:buffer";

/*
 * Where bytes stop being UTF-8. Content and dumps are UTF-8, and a byte that is not must be
 * named where it is, never read as U+FFFD: the decoder itself finds it, by halving.
 */

/**
 * The text of the longest start of `bytes` that holds no byte that cannot be UTF-8 (a
 * character cut at the end still counts): the text before the first bad byte.
 */
export function validUtf8Prefix(bytes: Uint8Array): string {
  const decodes = (length: number) => {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, length), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let [good, bad] = [0, bytes.length];
  if (decodes(bad)) good = bad;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (decodes(middle)) good = middle;
    else bad = middle;
  }
  return new TextDecoder("utf-8").decode(bytes.subarray(0, good), { stream: true });
}

/**
 * The line and column (1-based, in characters) of the first byte of `bytes` that is not
 * UTF-8, or of the character the end cuts; none when `bytes` are UTF-8 throughout.
 */
export function invalidUtf8Position(
  bytes: Uint8Array,
): { line: number; column: number } | undefined {
  if (isUtf8(bytes)) return undefined;
  const lines = validUtf8Prefix(bytes).split("\n");
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
