/** A Markdown file split into its YAML frontmatter and its body. */
export interface SplitFile {
  yaml: string;
  /** The file line the YAML starts on (1-based), to point YAML errors at the right line. */
  yamlFirstLine: number;
  body: string;
}

// The opening `---` must be the file's first line; the closing one a line of its own.
const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** Splits a file's text; undefined when it does not start with a `---` frontmatter block. */
export function splitFrontmatter(text: string): SplitFile | undefined {
  const withoutBom = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const match = FRONTMATTER.exec(withoutBom);
  if (!match) return undefined;
  return { yaml: match[1] ?? "", yamlFirstLine: 2, body: withoutBom.slice(match[0].length) };
}

/**
 * Whether the file's first line is an opening `---`: when `splitFrontmatter` finds no block
 * all the same, what is missing is the closing line, not the frontmatter.
 */
export function opensFrontmatter(text: string): boolean {
  return /^\uFEFF?---[ \t]*(?:\r?\n|$)/.test(text);
}
