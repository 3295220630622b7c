/**
 * Why a piece of plain text cannot be a one-line label (a title, the community's name), or
 * undefined when it can. The reason is written to follow the field's name in a message.
 */
export function oneLineTextProblem(text: string): string | undefined {
  if (text.trim() === "") return "is empty; write the text on the same line as the field";
  const lineBreak = /[\n\r\u0085\u2028\u2029]/.exec(text);
  if (lineBreak) return "spans more than one line; put it on one line";
  const control = [...text].find(isControlCharacter);
  if (control !== undefined) {
    const code = control.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    return `contains the control character U+${code}; remove it`;
  }
  if (text !== text.trim()) return "starts or ends with spaces; remove them";
  return undefined;
}

/** C0 and C1 controls and DEL: a tab or an escape in a title shows as nothing, or as garbage. */
function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}
