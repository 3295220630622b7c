import { isAbsolute, relative, sep } from "node:path";

/*
 * The folders a build's output folder must keep apart from. A build deletes from its output
 * folder the files no page of it stands for, so an output folder that is, holds or lies in the
 * content folder or the project's own files would take them with it.
 */

/** A folder the output folder must keep apart from. */
export interface GuardedFolder {
  /** What it is, as a message names it: "the content folder". */
  name: string;
  /** Its absolute path, symbolic links resolved. */
  path: string;
  /** Whether the output folder may lie inside it (the project's root, which holds dist/). */
  mayHoldOutput?: boolean;
}

/** How folder `folder` stands to folder `other` (absolute paths, links resolved). */
export function folderRelation(
  folder: string,
  other: string,
): "the same as" | "holding" | "inside" | "apart from" {
  const fromFolder = relative(folder, other);
  if (fromFolder === "") return "the same as";
  if (isWithin(fromFolder)) return "holding";
  return isWithin(relative(other, folder)) ? "inside" : "apart from";
}

/** Whether a relative path leads down from where it starts, not up or across. */
function isWithin(path: string): boolean {
  return path !== ".." && !path.startsWith(`..${sep}`) && !isAbsolute(path);
}

/**
 * Why the output folder `outDir` (absolute, links resolved) may not be used: what it is, holds
 * or lies in of the guarded folders; none when it keeps apart from them all. `shown` is the
 * output folder as the user named it. A folder held by another one it holds goes unsaid.
 */
export function outputFolderOverlap(
  outDir: string,
  shown: string,
  guarded: readonly GuardedFolder[],
): string | undefined {
  const overlaps = guarded.flatMap(({ name, path, mayHoldOutput }) => {
    const relation = folderRelation(outDir, path);
    if (relation === "apart from" || (relation === "inside" && mayHoldOutput)) return [];
    return [{ how: HOW[relation], what: `${name} (${path})`, path }];
  });
  const held = overlaps.filter(({ how }) => how !== "lies in");
  const said = overlaps.filter(
    ({ how, path }) =>
      how !== "holds" || !held.some((other) => folderRelation(other.path, path) === "holding"),
  );
  if (said.length === 0) return undefined;
  const clauses = said.map(({ how, what }, index) =>
    index > 0 && said[index - 1]?.how === how ? what : `${how} ${what}`,
  );
  return `${shown} ${clauses.join(", ")}. A build deletes from its output folder the files of its earlier builds that no page stands for, so the output folder must share no file with ${said.length === 1 ? "it" : "them"}: set QA_OUT_DIR to a folder of its own, such as dist/ in the project`;
}

const HOW = { "the same as": "is", holding: "holds", inside: "lies in" } as const;
