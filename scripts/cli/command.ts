// Why: every command is described by the same data (name, summary, usage, options) and answers in
// the same shape, so help, option errors, --json failure documents and exit codes are handled once,
// and a new command is one handler file plus one registry entry.
import type { ProgressStream } from './progress-line.ts';

/** Exit codes: 0 everything as expected, 1 findings or unexpected results, 2 could not run. */
export type ExitCode = 0 | 1 | 2;

/** One option of a command: `--name`, and `-x` when it has a short letter. */
export interface OptionSpec {
  readonly type: 'boolean' | 'string';
  /** One letter for `-x`. */
  readonly short?: string;
  /** The value's placeholder in the help (`FILE`, `N`); string options only. */
  readonly value?: string;
  /** One line for the help. */
  readonly help: string;
  /** The option may be given more than once; every value is kept (string options). */
  readonly multiple?: boolean;
}

/** How many positional arguments a command takes, and what they are called in messages. */
export interface PositionalSpec {
  /** The placeholder used in messages (`PATH`, `FILE`, `CASE`). */
  readonly name: string;
  readonly min: number;
  /** `Infinity` for any number. */
  readonly max: number;
}

/** Parsed arguments, read through accessors that refuse option names the command did not declare. */
export interface CommandArgs {
  /** The command's name, for messages. */
  readonly command: string;
  readonly positionals: readonly string[];
  /** A boolean option: true when given. */
  flag(name: string): boolean;
  /** A string option's (last) value. */
  string(name: string): string | undefined;
  /** Every value of a repeatable string option, in order. */
  strings(name: string): readonly string[];
  /** The arguments after `--`, verbatim (they are positionals too): a command line to run, say. */
  readonly afterDashes: readonly string[];
  /** Every option given, in command-line order, for options that pair up (`--call A --args JSON`). */
  readonly sequence: readonly { readonly name: string; readonly value: string | true }[];
}

/** Where a command writes while it runs, and how text should look. */
export interface CommandIO {
  /** Standard output, for output produced while the command runs (findings as they are found). */
  readonly out: (text: string) => void;
  /** Standard error, for progress and notes. */
  readonly err: (text: string) => void;
  /** Whether text output may use ANSI colour (a terminal, or FORCE_COLOR; never with NO_COLOR). */
  readonly color: boolean;
  /** Where a live progress line may be drawn (standard error; drawn only when it is a terminal). */
  readonly progress?: ProgressStream;
}

/**
 * What every command answers: its exit code, the text to print last on standard output, and when
 * the run could not complete, the failure (reported on standard error by the one error path).
 */
export interface CommandResult {
  readonly exitCode: ExitCode;
  /** Printed on standard output after the command returns, followed by a newline. */
  readonly output?: string;
  /** Why the run could not complete (exit code 2), when the command still printed a document. */
  readonly failure?: unknown;
}

/** Runs a command with its parsed arguments. */
export type CommandHandler = (args: CommandArgs, io: CommandIO) => Promise<CommandResult>;

/** A command's module: its handler, loaded only when the command runs. */
export interface CommandModule {
  readonly run: CommandHandler;
}

/** One registry entry: everything the CLI knows of a command before loading it. */
export interface CommandSpec {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The arguments after the command name, for the usage line (`[PATH...] [options]`). */
  readonly usage: string;
  /** Paragraphs shown by --help after the usage line. */
  readonly description: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly positionals: PositionalSpec;
  /** What the exit codes mean for this command. */
  readonly exitCodes: string;
  /** Loads the handler (a dynamic import, so a command loads only its own modules). */
  readonly load: () => Promise<CommandModule>;
}

/** The exit-code line most commands share. */
export const EXIT_CODES = '0 as expected, 1 findings or unexpected results, 2 could not run';
