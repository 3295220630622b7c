/**
 * A copy of a value that is kept after its row: the parser's strings can be slices of the
 * whole 1 MB chunk they were read from, and keeping one would keep the chunk (memory would
 * grow with the dump). A structured clone has strings of its own.
 */
export function detachedCopy<T>(value: T): T {
  return structuredClone(value);
}
