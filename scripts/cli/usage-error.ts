/**
 * A command line the CLI cannot act on (an unknown option, a missing value, too many arguments):
 * reported as one plain sentence followed by the command's usage, exit code 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The command whose usage follows the sentence; undefined for the top-level usage. */
  readonly command: string | undefined;

  constructor(command: string | undefined, message: string) {
    super(message);
    this.command = command;
  }
}
