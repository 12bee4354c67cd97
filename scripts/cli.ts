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
  endWhenOutputStalls();
});

/** How long the run's last output may wait for a reader that drains nothing before the process ends without it. */
const STALLED_OUTPUT_MS = 10_000;

/**
 * A host that never reads this process's stdout or stderr (the tap's host, say) must not keep it
 * running for ever once its work is done: output still waiting is given time while it drains, and
 * after STALLED_OUTPUT_MS without progress the process ends with its exit code.
 */
function endWhenOutputStalls(): void {
  const waiting = (): number => process.stdout.writableLength + process.stderr.writableLength;
  let last = waiting();
  let still = 0;
  const timer = setInterval(() => {
    const now = waiting();
    if (now === 0) return clearInterval(timer);
    still = now < last ? 0 : still + 1000;
    last = now;
    if (still >= STALLED_OUTPUT_MS) process.exit();
  }, 1000);
  timer.unref();
}
