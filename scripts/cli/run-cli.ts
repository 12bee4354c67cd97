// Why: the command line is run the same way by the program and by tests: parse, dispatch to the
// registry, print, and report any failure through the one error path, returning the exit code.
import type { CommandIO, CommandSpec, ExitCode } from './command.ts';
import { describeFailure, failureDocument, failureLine, type DescribedFailure } from './failure.ts';
import { commandHelp, PROGRAM, programHelp, usageLine } from './help.ts';
import { parseCommandLine } from './parse-args.ts';
import { UsageError } from './usage-error.ts';
import { oneLine, terminalText } from '../../reports/output-text.ts';
import { packageVersion } from './version.ts';
import { COMMANDS, findCommand } from '../commands/index.ts';
import { envelopeText } from '../../reports/envelope.ts';

async function dispatch(argv: readonly string[], io: CommandIO): Promise<ExitCode> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.err(programHelp(COMMANDS) + '\n');
    return 2;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    const spec = topic === undefined ? undefined : findCommand(topic);
    if (topic !== undefined && spec === undefined) throw new UsageError(undefined, `there is no command ${JSON.stringify(topic)}`);
    io.out((spec ? commandHelp(spec) : programHelp(COMMANDS)) + '\n');
    return 0;
  }
  if (first === '--version' || first === '-V' || first === 'version') {
    io.out(`${PROGRAM} ${packageVersion()}\n`);
    return 0;
  }
  const spec = findCommand(first);
  if (spec === undefined) {
    throw new UsageError(undefined, first.startsWith('-')
      ? `${first} is not an option of ${PROGRAM} itself; options follow the command`
      : `there is no command ${JSON.stringify(first)}`);
  }
  const parsed = parseCommandLine(spec, rest);
  if (parsed.help) {
    io.out(commandHelp(spec) + '\n');
    return 0;
  }
  const { run } = await spec.load();
  const result = await run(parsed.args, io);
  if (result.output !== undefined) io.out(result.output + '\n');
  if (result.failure !== undefined) io.err(`${PROGRAM}: ${terminalLine(describeFailure(result.failure))}\n`);
  return result.exitCode;
}

/** The failure line as a terminal shows it: what a peer sent (a server's error message) can neither move the cursor nor reorder the line; a defect's stack keeps its lines. */
function terminalLine(failure: DescribedFailure): string {
  const line = failureLine(failure);
  return failure.internal ? terminalText(line) : oneLine(line);
}

/** The command whose JSON output the raw arguments asked for (they may not have parsed). */
function jsonCommand(argv: readonly string[]): CommandSpec | undefined {
  const spec = argv[0] === undefined ? undefined : findCommand(argv[0]);
  if (spec === undefined || spec.options['json'] === undefined) return undefined;
  const end = argv.indexOf('--');
  return argv.slice(1, end === -1 ? undefined : end).includes('--json') ? spec : undefined;
}

/** Reports a run that could not complete: one sentence (and the usage, for a usage error), and the --json document. */
function fail(argv: readonly string[], error: unknown, io: CommandIO): ExitCode {
  const failure = describeFailure(error);
  if (error instanceof UsageError) {
    const spec = error.command === undefined ? undefined : findCommand(error.command);
    io.err(`${PROGRAM}: ${oneLine(error.message)}\n\n${spec ? `${usageLine(spec)}\n(${PROGRAM} ${spec.name} --help lists the options)` : programHelp(COMMANDS)}\n`);
  } else {
    io.err(`${PROGRAM}: ${terminalLine(failure)}\n`);
  }
  if (jsonCommand(argv)) io.out(envelopeText(failureDocument(failure)) + '\n');
  return 2;
}

/** Runs one command line and returns its exit code; nothing it is given makes it throw. */
export async function runCli(argv: readonly string[], io: CommandIO): Promise<ExitCode> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    return fail(argv, error, io);
  }
}
