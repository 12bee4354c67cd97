// Why: one entry point for every way in (fixtures, transcripts, benchmarks, coverage, diagrams),
// with the exit codes CI relies on: 0 as expected, 1 findings, 2 could not run.
import { parseArgs } from 'node:util';
import { InputError } from '../runner/errors.ts';
import { StrictJsonError } from '../validators/strict-json.ts';
import { formatCasesText, runCases } from './commands/cases.ts';
import { ReadError } from './read-bounded.ts';

const USAGE = `usage: mcp-statechart <command> [options]

commands:
  cases [PATH...] [--json]   judge fixture files or folders (default: the bundled fixtures)
  rules [--json]             list every rule with its severity, spec link and text

exit codes: 0 as expected, 1 findings or unexpected cases, 2 could not run`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'cases': {
      const { values, positionals } = parseArgs({ args: [...rest], options: { json: { type: 'boolean' } }, allowPositionals: true });
      const report = await runCases(positionals);
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
  if (error instanceof InputError || error instanceof ReadError) return error.message;
  if (error instanceof Error && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS')) return error.message;
  if (process.env['MCP_STATECHART_DEBUG'] && error instanceof Error) return `internal error: ${error.stack ?? error.message}`;
  return `internal error: ${error instanceof Error ? error.name : 'unknown'} (set MCP_STATECHART_DEBUG=1 for details)`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mcp-statechart: ${describeFailure(error)}\n`);
    process.exitCode = 2;
  },
);
