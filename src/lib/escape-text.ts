/**
 * Text as HTML or XML character data: `&`, `<` and `>` escaped, the way sanitize-html escapes
 * the text it keeps. Not for attribute values, which also need their quote escaped.
 */
export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
