/*
 * Stack Exchange dump files as the real ones are written, for tests that import one made up.
 */

/** A row's attributes, by name. */
export type Attributes = Record<string, string>;

/** A `<row .../>` line with XML-escaped attributes, newlines as `&#xA;` like the real dumps. */
export function row(attributes: Attributes): string {
  const escape = (value: string) =>
    value
      .replaceAll("&", "&amp;")
      .replaceAll("<", "&lt;")
      .replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;")
      .replaceAll("\n", "&#xA;");
  const text = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escape(value)}"`)
    .join(" ");
  return `  <row ${text} />`;
}

/** A dump file as Stack Exchange writes it: BOM, declaration, CRLF line ends. */
export function dumpFile(root: string, rows: readonly string[]): string {
  return `\uFEFF<?xml version="1.0" encoding="utf-8"?>\r\n<${root}>\r\n${rows.map((line) => `${line}\r\n`).join("")}</${root}>\r\n`;
}
