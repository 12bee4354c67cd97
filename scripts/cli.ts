// Why: one entry point for every way in (fixtures, transcripts, benchmarks, coverage, diagrams),
// with the exit codes CI relies on: 0 as expected, 1 findings, 2 could not run. Commands are data
// in the registry (scripts/commands/index.ts); scripts/cli/run-cli.ts handles help, option errors,
// failures and the --json failure document once for all of them.
import { PROGRAM } from './cli/help.ts';
import { runCli } from './cli/run-cli.ts';
import { colorEnabled } from '../reports/renderers/style.ts';

const out = (text: string): void => void process.stdout.write(text);
const err = (text: string): void => void process.stderr.write(text);

// A reader that stops early (`| head`) closes the pipe: the rest of the output has nowhere to go,
// which is not a failure of the run, so the run goes on quietly and ends with its own exit code.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') return;
  err(`${PROGRAM}: could not write the output: ${error.code ?? 'unknown error'} [cli/write-failed]\n`);
  process.exit(2);
});

// A command that must end exactly as something else did (tap ends as the server it fronts) sets
// the exit code itself; every other command's exit code is the one it returns.
runCli(process.argv.slice(2), { out, err, color: colorEnabled(process.stdout, process.env), progress: process.stderr }).then((code) => {
  if (process.exitCode === undefined) process.exitCode = code;
});
