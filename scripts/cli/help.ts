import { EXIT_CODES, type CommandSpec, type OptionSpec } from './command.ts';
import { optionsOf } from './parse-args.ts';

/** The program's name in usage lines and messages. */
export const PROGRAM = 'mcp-statechart';

function optionLabel(name: string, option: OptionSpec): string {
  const long = `--${name}${option.type === 'string' ? ` ${option.value ?? 'VALUE'}` : ''}`;
  return option.short ? `-${option.short}, ${long}` : `    ${long}`;
}

/** The usage line of a command: `usage: mcp-statechart cases [PATH...] [options]`. */
export function usageLine(spec: CommandSpec): string {
  return `usage: ${PROGRAM} ${spec.name}${spec.usage === '' ? '' : ` ${spec.usage}`}`;
}

/** A command's full help: usage line, description, options (with --help) and exit codes. */
export function commandHelp(spec: CommandSpec): string {
  const options = Object.entries(optionsOf(spec));
  const labels = options.map(([name, o]) => optionLabel(name, o));
  const width = Math.max(...labels.map((l) => l.length));
  return [
    usageLine(spec),
    '',
    spec.description,
    '',
    'options:',
    ...options.map(([, o], i) => `  ${(labels[i] as string).padEnd(width)}  ${o.help}`),
    '',
    `exit codes: ${spec.exitCodes}`,
  ].join('\n');
}

/** The program's help: the commands with their summaries. */
export function programHelp(commands: readonly CommandSpec[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `usage: ${PROGRAM} <command> [options]`,
    `       ${PROGRAM} <command> --help     the command's usage and options`,
    `       ${PROGRAM} --version`,
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `exit codes: ${EXIT_CODES}`,
  ].join('\n');
}
