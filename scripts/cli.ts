// Why: one entry point for every way in (fixtures, transcripts, benchmarks, coverage, diagrams),
// with the exit codes CI relies on: 0 as expected, 1 findings, 2 could not run.
import { parseArgs } from 'node:util';
import { InputError } from '../runner/errors.ts';
import { StrictJsonError } from '../validators/strict-json.ts';
import { formatCasesText, runCases } from './commands/cases.ts';
import { ReadError } from './read-bounded.ts';
import { ReportWriteError } from '../reports/owner-only-file.ts';

const USAGE = `usage: mcp-statechart <command> [options]

commands:
  cases [PATH...] [--json] [--profile course|2025-11-25|2025-06-18|2026-07-28]
                             judge fixture files or folders (default: the bundled fixtures); the
                             profile defaults to the fixture's own (course when it names none)
  rules [--json]             list every rule with its severity, spec link and text
  validate FILE|- [--json]   judge a JSONL transcript (- reads stdin); every line, every finding
  bench [--json] [--quick] [--write] [--check]
                             measure throughput, start-up and memory; --write updates BENCHMARKS.md,
                             --check fails when a ratio is over 2x worse than the committed one
  coverage [PATH...] [--json] [--html FILE] [--suggest]
                             transitions declared, taken, allowlisted and never taken per machine, with the
                             cases taking each and shortest-path coverage; --suggest prints a case skeleton
                             per gap; exits 1 while a gap (never taken, not allowlisted) remains
  diagram [MACHINE] [--format dot|mermaid|svg] [--out DIR]
                             statechart diagrams generated from the machines (MACHINE: lifecycle,
                             correlation, authorization, subscription, progress, cancellation,
                             task, inputRequired or session, the default)
  report TRACE|- [--json] [--json-file F] [--junit F] [--sarif F] [--html F] [--expected-failures F] [--quiet]
                             write the reports of a saved live-run trace (JSON, JUnit XML, SARIF 2.1.0,
                             an offline HTML page); the trace is checked first (format and signature)
  inspect CASE [--fixture PATH] [--out FILE] [--stately [--port N]]
                             a self-contained HTML page stepping through one case over the session
                             statechart; --stately streams it to @statelyai/inspect over a WebSocket

exit codes: 0 as expected, 1 findings or unexpected cases, 2 could not run`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'cases': {
      const { values, positionals } = parseArgs({
        args: [...rest],
        options: { json: { type: 'boolean' }, profile: { type: 'string' } },
        allowPositionals: true,
      });
      const report = await runCases(positionals, values.profile);
      process.stdout.write((values.json ? JSON.stringify(report, null, 2) : formatCasesText(report)) + '\n');
      return report.status === 'ok' ? 0 : 1;
    }
    case 'rules': {
      const { values } = parseArgs({ args: [...rest], options: { json: { type: 'boolean' } } });
      const { RULES } = await import('../validators/rules/index.ts');
      const rules = [...RULES.values()];
      process.stdout.write(values.json
        ? JSON.stringify(rules, null, 2) + '\n'
        : rules.map((r) => `${r.id}\t${r.severity}\t${r.text}`).join('\n') + `\n${rules.length} rules\n`);
      return 0;
    }
    case 'validate': {
      const { values, positionals } = parseArgs({ args: [...rest], options: { json: { type: 'boolean' } }, allowPositionals: true });
      if (positionals.length !== 1) throw new InputError('cli/usage', '', `validate takes one transcript (FILE or -), got ${positionals.length}`);
      const { formatValidateSummary, runValidate } = await import('./commands/validate.ts');
      const report = await runValidate(positionals[0] as string, { json: values.json === true });
      process.stdout.write((values.json ? JSON.stringify(report, null, 2) : formatValidateSummary(report)) + '\n');
      return report.status === 'ok' ? 0 : 1;
    }
    case 'report': {
      const { values, positionals } = parseArgs({
        args: [...rest],
        options: {
          'json': { type: 'boolean' },
          'json-file': { type: 'string' },
          'junit': { type: 'string' },
          'sarif': { type: 'string' },
          'html': { type: 'string' },
          'expected-failures': { type: 'string' },
          'quiet': { type: 'boolean' },
        },
        allowPositionals: true,
      });
      if (positionals.length !== 1) throw new InputError('cli/usage', '', `report takes one trace (FILE or -), got ${positionals.length}`);
      const { runReport } = await import('./commands/report.ts');
      const outcome = await runReport(positionals[0] as string, {
        ...(values.json ? { json: true } : {}),
        ...(values.quiet ? { quiet: true } : {}),
        ...(values['json-file'] === undefined ? {} : { jsonFile: values['json-file'] }),
        ...(values.junit === undefined ? {} : { junit: values.junit }),
        ...(values.sarif === undefined ? {} : { sarif: values.sarif }),
        ...(values.html === undefined ? {} : { html: values.html }),
        ...(values['expected-failures'] === undefined ? {} : { expectedFailures: values['expected-failures'] }),
      }, { stdout: (text) => void process.stdout.write(text) });
      return outcome.exitCode;
    }
    case 'bench': {
      const { values } = parseArgs({
        args: [...rest],
        options: { json: { type: 'boolean' }, quick: { type: 'boolean' }, write: { type: 'boolean' }, check: { type: 'boolean' } },
      });
      const { runBenchCommand } = await import('./commands/bench.ts');
      return runBenchCommand({ json: values.json === true, quick: values.quick === true, write: values.write === true, check: values.check === true });
    }
    case 'coverage': {
      const { values, positionals } = parseArgs({
        args: [...rest],
        options: { json: { type: 'boolean' }, html: { type: 'string' }, suggest: { type: 'boolean' } },
        allowPositionals: true,
      });
      const { runCoverage } = await import('./commands/coverage.ts');
      const { output, exitCode } = await runCoverage(positionals, values);
      process.stdout.write(output + '\n');
      return exitCode;
    }
    case 'diagram': {
      const { values, positionals } = parseArgs({ args: [...rest], options: { format: { type: 'string' }, out: { type: 'string' } }, allowPositionals: true });
      const { runDiagram } = await import('./commands/diagram.ts');
      const { output, exitCode } = await runDiagram(positionals, values.format, values.out);
      process.stdout.write(output + '\n');
      return exitCode;
    }
    case 'inspect': {
      const { values, positionals } = parseArgs({
        args: [...rest],
        options: { fixture: { type: 'string' }, out: { type: 'string' }, stately: { type: 'boolean' }, port: { type: 'string' } },
        allowPositionals: true,
      });
      const { runInspect } = await import('./commands/inspect.ts');
      const { output, exitCode } = await runInspect(positionals, values);
      process.stdout.write(output + '\n');
      return exitCode;
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE + '\n');
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`mcp-statechart: unknown command ${JSON.stringify(command)}\n${USAGE}\n`);
      return 2;
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof StrictJsonError) return `${error.message} [${error.rule}]`;
  if (error instanceof InputError || error instanceof ReadError || error instanceof ReportWriteError) return error.message;
  if (error instanceof Error && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')) return error.message;
  if (process.env['MCP_STATECHART_DEBUG'] && error instanceof Error) return `internal error: ${error.stack ?? error.message}`;
  return `internal error: ${error instanceof Error ? error.name : 'unknown'} (set MCP_STATECHART_DEBUG=1 for details)`;
}

// A reader that stops early (`| head`) closes the pipe: the rest of the output has nowhere to go,
// which is not a failure of the run, so the run goes on quietly and ends with its own exit code.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') return;
  process.stderr.write(`mcp-statechart: cannot write the output (${error.code ?? 'unknown error'})\n`);
  process.exit(2);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mcp-statechart: ${describeFailure(error)}\n`);
    process.exitCode = 2;
  },
);
