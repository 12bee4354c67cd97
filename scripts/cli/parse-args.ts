import { parseArgs } from 'node:util';
import type { CommandArgs, CommandSpec, OptionSpec } from './command.ts';
import { UsageError } from './usage-error.ts';

/** The option every command has. */
export const HELP_OPTION: OptionSpec = { type: 'boolean', short: 'h', help: 'show this help and exit' };

/** A command's options with `--help` added. */
export function optionsOf(spec: CommandSpec): Readonly<Record<string, OptionSpec>> {
  return { ...spec.options, help: HELP_OPTION };
}

/** What parsing a command line gave: its arguments, or a request for its help. */
export type ParsedCommandLine = { readonly help: true } | { readonly help: false; readonly args: CommandArgs };

const show = (text: string): string => JSON.stringify(text);

/**
 * Parses a command's arguments against its declared options. `--help`/`-h` anywhere asks for the
 * help; anything else the command does not declare is a UsageError with one plain sentence.
 */
export function parseCommandLine(spec: CommandSpec, argv: readonly string[]): ParsedCommandLine {
  const options = optionsOf(spec);
  const parserOptions: Record<string, { type: 'boolean' | 'string'; short?: string; multiple?: boolean }> = {};
  for (const [name, o] of Object.entries(options)) {
    parserOptions[name] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
  }
  // Parsed leniently, then checked here, so every mistake gets our own sentence.
  const { tokens } = parseArgs({ args: [...argv], options: parserOptions, allowPositionals: true, strict: false, tokens: true });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return { help: true };

  const positionals: string[] = [];
  const afterDashes: string[] = [];
  const sequence: { name: string; value: string | true }[] = [];
  let dashes = false;
  const values = new Map<string, (string | true)[]>();
  for (const token of tokens) {
    if (token.kind === 'option-terminator') dashes = true;
    if (token.kind === 'positional') {
      positionals.push(token.value);
      if (dashes) afterDashes.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (option === undefined) {
      const dashes = token.rawName.startsWith('--') ? '--' : '-';
      throw new UsageError(spec.name, `${spec.name} has no option ${dashes}${token.name}`);
    }
    const longName = `--${token.name}`;
    let value: string | true;
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(spec.name, `option ${longName} takes no value (got ${show(token.value)})`);
      value = true;
    } else {
      // A value that looks like an option is taken for a forgotten value, unless given as --name=VALUE.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-') && token.value !== '-')) {
        throw new UsageError(spec.name, `option ${longName} needs a value (${option.value ?? 'VALUE'})`);
      }
      value = token.value;
    }
    const list = values.get(token.name) ?? [];
    if (list.length > 0 && option.type === 'string' && !option.multiple) {
      throw new UsageError(spec.name, `option ${longName} may be given only once`);
    }
    list.push(value);
    values.set(token.name, list);
    sequence.push({ name: token.name, value });
  }

  const { name, min, max } = spec.positionals;
  if (positionals.length < min) {
    throw new UsageError(spec.name, min === 1 && max === 1
      ? `${spec.name} needs one ${name}`
      : `${spec.name} needs at least ${min} ${name} argument${min === 1 ? '' : 's'}`);
  }
  if (positionals.length > max) {
    throw new UsageError(spec.name, max === 0
      ? `${spec.name} takes no arguments (got ${show(positionals[0] as string)})`
      : `${spec.name} takes at most ${max} ${name} argument${max === 1 ? '' : 's'} (got ${positionals.length})`);
  }

  const declared = (option: string, type: 'boolean' | 'string'): void => {
    if (options[option]?.type !== type) throw new TypeError(`${spec.name}: no ${type} option --${option} is declared`);
  };
  return {
    help: false,
    args: {
      command: spec.name,
      positionals,
      afterDashes,
      sequence,
      flag: (option) => {
        declared(option, 'boolean');
        return values.has(option);
      },
      string: (option) => {
        declared(option, 'string');
        const list = values.get(option);
        return list === undefined ? undefined : (list[list.length - 1] as string);
      },
      strings: (option) => {
        declared(option, 'string');
        return (values.get(option) ?? []) as string[];
      },
    },
  };
}

/** A whole-number option within [min, max], or `fallback` when absent; anything else is a UsageError. */
export function integerOption(args: CommandArgs, name: string, min: number, max: number, fallback: number): number {
  const text = args.string(name);
  if (text === undefined) return fallback;
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(args.command, `option --${name} takes a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} (got ${show(text)})`);
  }
  return value;
}

/** A `--profile` value from `choices`, or undefined when absent; anything else is a UsageError. */
export function choiceOption(args: CommandArgs, name: string, choices: readonly string[]): string | undefined {
  const value = args.string(name);
  if (value === undefined || choices.includes(value)) return value;
  throw new UsageError(args.command, `unknown ${name} ${show(value)}; use ${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}`);
}
