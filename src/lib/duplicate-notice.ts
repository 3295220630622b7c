/**
 * The fixed sentence that opens a duplicate's excerpt, naming the question it duplicates
 * (its title without marker) and that question's answer count.
 */
export function duplicateNotice(originalTitle: string, originalAnswers: number): string {
  const count = originalAnswers === 1 ? "1 answer" : `${originalAnswers} answers`;
  return `This question already has an answer here: ${originalTitle} (${count})`;
}
