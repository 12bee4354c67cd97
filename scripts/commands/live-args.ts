// Why: check, fuzz and replay point at a live target the same way (--stdio -- CMD or --url URL,
// with --header-env and --timeout), write the same owner-only trace files and reports, and end
// the server's process group when interrupted. Declared and parsed once here, they cannot drift.
import type { ReportOptions } from '../../reports/report-options.ts';
import type { HeaderFromEnv, LiveTarget } from '../../live/connection.ts';
import type { ClientTransport } from '../../live/transport.ts';
import { timingsPath, timingsText, traceText } from '../../trace/trace-file.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import type { TraceTimings } from '../../trace/trace-file.ts';
import type { CommandArgs } from '../cli/command.ts';
import { writeOutputFile } from '../../files/output-file.ts';
import { UsageError } from '../cli/usage-error.ts';
import { whileInterruptible } from '../cli/interrupt.ts';
import { MODERN_VERSION } from '../../validators/era.ts';

/** The protocol versions the live client can offer. */
export const OFFERABLE_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
/** The versions `check` speaks: the stateless revision, and those it offers in initialize. */
export const CHECK_VERSIONS = [MODERN_VERSION, ...OFFERABLE_VERSIONS] as const;
/** Default time limit of each operation, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** A live command's target as parsed. */
export interface ParsedTarget {
  readonly target: LiveTarget;
  readonly headerEnv: readonly HeaderFromEnv[];
  readonly timeoutMs: number;
}

function headerEnv(command: string, values: readonly string[], env: NodeJS.ProcessEnv): HeaderFromEnv[] {
  return values.map((spec) => {
    const at = spec.indexOf('=');
    const header = spec.slice(0, at);
    const variable = spec.slice(at + 1);
    if (at <= 0 || variable === '' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header)) {
      throw new UsageError(command, `--header-env takes HEADER=ENVIRONMENT_VARIABLE, got ${JSON.stringify(spec)}`);
    }
    if (env[variable] === undefined) throw new UsageError(command, `--header-env ${header}: the environment variable ${variable} is not set`);
    return { header, variable };
  });
}

/** Parses --stdio -- CMD or --url URL, --header-env and --timeout; `extraPositionals` are the command's own (a trace file). */
export function parseTarget(args: CommandArgs, env: NodeJS.ProcessEnv, extraPositionals = 0): ParsedTarget {
  const usage = (message: string): UsageError => new UsageError(args.command, message);
  const command = args.afterDashes;
  const stray = args.positionals.length - command.length - extraPositionals;
  if (stray > 0) throw usage(`unexpected argument ${JSON.stringify(args.positionals[extraPositionals])} (the server's command goes after --stdio --)`);
  const url = args.string('url');
  const stdio = args.flag('stdio');
  if (stdio && url !== undefined) throw usage('give either --stdio -- CMD [ARGS...] or --url URL, not both');
  if (!stdio && url === undefined) throw usage(`say what to ${args.command}: --stdio -- CMD [ARGS...] or --url URL`);
  if (stdio && command.length === 0) throw usage('--stdio needs the server\'s command after --, e.g. --stdio -- node server.js');
  if (url !== undefined && command.length > 0) throw usage('--url takes no command after --');
  let target: LiveTarget;
  if (url !== undefined) {
    httpUrl(args.command, url, 'url');
    target = { transport: 'http', url };
  } else {
    target = { transport: 'stdio', command: [...command] };
  }
  const headers = headerEnv(args.command, args.strings('header-env'), env);
  if (headers.length > 0 && target.transport === 'stdio') throw usage('--header-env applies to --url only');
  const timeout = args.string('timeout');
  const seconds = timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(timeout);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw usage(`--timeout takes a number of seconds between 0 and 3600, got ${JSON.stringify(timeout)}`);
  return { target, headerEnv: headers, timeoutMs: Math.round(seconds * 1000) };
}

/** What `check` speaks: the era (or both, in turn) and the version it offers in initialize. */
export interface CheckEra {
  readonly era: 'auto' | 'modern' | 'legacy' | 'both';
  /** The version offered in initialize (the legacy era). */
  readonly protocolVersion: string;
}

/** Parses `check`'s --protocol-version and --era: a stateless version means the modern era alone, a handshake version the legacy one. */
export function parseCheckEra(args: CommandArgs): CheckEra {
  const version = args.string('protocol-version');
  const era = args.string('era');
  if (version !== undefined && !(CHECK_VERSIONS as readonly string[]).includes(version)) {
    throw new UsageError(args.command, `--protocol-version is one of ${CHECK_VERSIONS.join(', ')}, got ${JSON.stringify(version)}`);
  }
  if (era !== undefined && !['auto', 'modern', 'legacy', 'both'].includes(era)) {
    throw new UsageError(args.command, `--era is auto, modern, legacy or both, got ${JSON.stringify(era)}`);
  }
  const implied = version === undefined ? undefined : version === CHECK_VERSIONS[0] ? 'modern' : 'legacy';
  if (era !== undefined && implied !== undefined && era !== implied && !(era === 'both' && implied === 'legacy')) {
    throw new UsageError(args.command, `--era ${era} does not go with --protocol-version ${version}, which speaks the ${implied} era only`);
  }
  const chosen = (era ?? implied ?? 'auto') as CheckEra['era'];
  return { era: chosen, protocolVersion: version === undefined || version === CHECK_VERSIONS[0] ? OFFERABLE_VERSIONS[0] : version };
}

/** The report options as given. */
export function parseReportOptions(args: CommandArgs): ReportOptions {
  const file = (name: string) => args.string(name);
  return {
    ...(args.flag('json') ? { json: true } : {}),
    ...(args.flag('quiet') ? { quiet: true } : {}),
    ...(file('json-file') === undefined ? {} : { jsonFile: file('json-file') as string }),
    ...(file('junit') === undefined ? {} : { junit: file('junit') as string }),
    ...(file('sarif') === undefined ? {} : { sarif: file('sarif') as string }),
    ...(file('html') === undefined ? {} : { html: file('html') as string }),
    ...(file('expected-failures') === undefined ? {} : { expectedFailures: file('expected-failures') as string }),
  };
}

/** `value` as an absolute http:// or https:// URL, or a usage error of `command` naming `--option`. */
export function httpUrl(command: string, value: string, option: string): URL {
  const usage = (message: string): UsageError => new UsageError(command, message);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw usage(`--${option} must be an absolute http:// or https:// URL, got ${JSON.stringify(value)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw usage(`--${option} must be an http:// or https:// URL, got ${JSON.stringify(value)}`);
  return parsed;
}

/**
 * Runs `body` with SIGINT and SIGTERM (and the process's exit) ending the current transport at
 * once, so an interrupted run leaves no server process behind.
 */
export async function withInterrupts<T>(body: (onTransport: (transport: ClientTransport) => () => void) => Promise<T>, written?: (code: 130 | 143) => Promise<void>): Promise<T> {
  // Every transport not yet closed (fuzz --jobs has several at once).
  const open = new Set<ClientTransport>();
  const abort = (): void => {
    for (const transport of open) (transport as { abort?: () => void }).abort?.();
  };
  return whileInterruptible(abort, () => body((t) => {
    open.add(t);
    return () => open.delete(t);
  }), written);
}

/** The line that says what a bounded trace left out (undefined: it keeps everything). */
export function omittedNote(command: string, trace: Trace): string | undefined {
  if (trace.omitted === undefined) return undefined;
  const messages = trace.events.filter((e) => e.kind === 'message').length;
  return `mcp-statechart ${command}: the trace keeps the first ${messages.toLocaleString('en-US')} messages; ${trace.omitted.events.toLocaleString('en-US')} later events and ${trace.omitted.findings.toLocaleString('en-US')} findings on them were judged and counted, not kept\n`;
}

/** Writes a trace (owner-only) and its timings beside it; returns the trace's text. */
export async function writeTraceFiles(output: string | undefined, trace: Trace, timings: TraceTimings): Promise<string> {
  const text = traceText(trace);
  if (output !== undefined) {
    await writeOutputFile(output, text, { ownerOnly: true, makeFolder: true });
    await writeOutputFile(timingsPath(output), timingsText(timings), { ownerOnly: true, makeFolder: true });
  }
  return text;
}

export { streamableHttp } from '../../live/streamable-http.ts';
