// Why: one entry point for every way in (fixtures, transcripts, benchmarks, coverage, diagrams),
// with the exit codes CI relies on: 0 as expected, 1 findings, 2 could not run. Commands are data
// in the registry (scripts/commands/index.ts); help, option errors, failures and the --json
// failure document are handled here once for all of them.
import type { CommandIO, CommandSpec } from './cli/command.ts';
import { describeFailure, failureDocument, failureLine } from './cli/failure.ts';
import { commandHelp, PROGRAM, programHelp, usageLine } from './cli/help.ts';
import { parseCommandLine } from './cli/parse-args.ts';
import { colorEnabled } from './cli/style.ts';
import { UsageError } from './cli/usage-error.ts';
import { packageVersion } from './cli/version.ts';
import { COMMANDS, findCommand } from './commands/index.ts';

const out = (text: string): void => void process.stdout.write(text);
const err = (text: string): void => void process.stderr.write(text);

/** Runs the command line; returns the exit code. */
async function main(argv: readonly string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    err(programHelp(COMMANDS) + '\n');
    return 2;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    const spec = topic === undefined ? undefined : findCommand(topic);
    if (topic !== undefined && spec === undefined) throw new UsageError(undefined, `there is no command ${JSON.stringify(topic)}`);
    out((spec ? commandHelp(spec) : programHelp(COMMANDS)) + '\n');
    return 0;
  }
  if (first === '--version' || first === '-V' || first === 'version') {
    out(`${PROGRAM} ${packageVersion()}\n`);
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
    out(commandHelp(spec) + '\n');
    return 0;
  }
  const io: CommandIO = { out, err, color: colorEnabled(process.stdout, process.env) };
  const { run } = await spec.load();
  const result = await run(parsed.args, io);
  if (result.output !== undefined) out(result.output + '\n');
  if (result.failure !== undefined) err(`${PROGRAM}: ${failureLine(describeFailure(result.failure))}\n`);
  return result.exitCode;
}

/** Whether the command line asked for JSON output, read from the raw arguments (they may not have parsed). */
function wantsJson(argv: readonly string[]): CommandSpec | undefined {
  const spec = argv[0] === undefined ? undefined : findCommand(argv[0]);
  if (spec === undefined || spec.options['json'] === undefined) return undefined;
  const end = argv.indexOf('--');
  return argv.slice(1, end === -1 ? undefined : end).includes('--json') ? spec : undefined;
}

/** Reports a run that could not complete: one sentence (and the usage, for a usage error), and the --json document. */
function fail(argv: readonly string[], error: unknown): number {
  const failure = describeFailure(error);
  if (error instanceof UsageError) {
    const spec = error.command === undefined ? undefined : findCommand(error.command);
    err(`${PROGRAM}: ${error.message}\n\n${spec ? `${usageLine(spec)}\n(${PROGRAM} ${spec.name} --help lists the options)` : programHelp(COMMANDS)}\n`);
  } else {
    err(`${PROGRAM}: ${failureLine(failure)}\n`);
  }
  if (wantsJson(argv)) out(JSON.stringify(failureDocument(failure), null, 2) + '\n');
  return 2;
}

// A reader that stops early (`| head`) closes the pipe: the rest of the output has nowhere to go,
// which is not a failure of the run, so the run goes on quietly and ends with its own exit code.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') return;
  err(`${PROGRAM}: could not write the output: ${error.code ?? 'unknown error'} [cli/write-failed]\n`);
  process.exit(2);
});

const argv = process.argv.slice(2);
main(argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = fail(argv, error);
  },
);
