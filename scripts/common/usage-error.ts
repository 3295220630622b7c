/**
 * A command line that cannot run; the message says what to change. Every tool exits with code
 * 2 on it, after printing the message alone (no stack): the user's mistake, not the tool's.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
