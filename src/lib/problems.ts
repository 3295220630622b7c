/**
 * One thing wrong with the content: the file (relative to where the build runs), the field
 * (absent when the problem is the whole file) and the reason, which also says how to fix it.
 */
export interface ContentProblem {
  file: string;
  field?: string;
  reason: string;
}

/**
 * The report a failed build prints: one block per file in the order given, one line per
 * problem, then a count, so an author can fix everything in one pass.
 */
export function formatProblems(problems: readonly ContentProblem[]): string {
  const byFile = new Map<string, ContentProblem[]>();
  for (const problem of problems) {
    const list = byFile.get(problem.file) ?? [];
    list.push(problem);
    byFile.set(problem.file, list);
  }
  const blocks = [...byFile].map(
    ([file, list]) =>
      `${file}\n${list.map((p) => `  - ${p.field === undefined ? "" : `${p.field}: `}${p.reason}`).join("\n")}`,
  );
  const count = `${problems.length} problem${problems.length === 1 ? "" : "s"}`;
  const files = `${byFile.size} file${byFile.size === 1 ? "" : "s"}`;
  return `${blocks.join("\n")}\nFound ${count} in ${files}; nothing was built.`;
}

/** A zod-style issue path as an author reads it: `tags[2]`, `title`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`,
    )
    .join("");
}
