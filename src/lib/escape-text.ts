/**
 * Text as HTML or XML character data: `&`, `<` and `>` escaped, the way sanitize-html escapes
 * the text it keeps. Not for attribute values, which also need their quote escaped.
 */
export function escapeText(text: string): string {
  // Most text has nothing to escape (a code block's runs, a title): keep it as it is.
  if (!/[&<>]/.test(text)) return text;
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
