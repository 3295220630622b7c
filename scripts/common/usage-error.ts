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

/**
 * A tool's options from its command line (`process.argv` after the script), read by `parse`,
 * which returns undefined for --help: then `help` is printed and the tool exits 0. A
 * UsageError is printed as `<tool>: <message>` and the tool exits 2.
 */
export function commandLineOptions<Options>(
  tool: string,
  parse: (args: string[]) => Options | undefined,
  help: string,
): Options {
  try {
    const parsed = parse(process.argv.slice(2));
    if (parsed === undefined) {
      console.log(help);
      process.exit(0);
    }
    return parsed;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${tool}: ${error.message}`);
    process.exit(2);
  }
}
