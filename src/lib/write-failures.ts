/** Why a write failed, by its error code, as a message tells the user. */
const WRITE_FAILURES: Readonly<Record<string, string>> = {
  ENOSPC: "no space is left on its disk",
  EDQUOT: "the disk quota is used up",
  EROFS: "its file system is read-only",
  EACCES: "this user may not write there",
  EPERM: "this user may not write there",
  ENOTDIR: "a file stands where a folder of its path should be",
  EEXIST: "a file of that name is in the way",
};

/** Why a write that failed with `code` failed, in words; none for a code not known here. */
export function writeFailureReason(code: string | undefined): string | undefined {
  return code === undefined ? undefined : WRITE_FAILURES[code];
}
