// Why: `check` points the statechart at a real server, over stdio (a command given as argv, never
// a shell string) or Streamable HTTP, and ends in a redacted trace and reports. Bad arguments and
// servers that cannot be started or reached exit 2 with a message that says why.
import { parseArgs } from 'node:util';
import { writeReports } from '../../reports/write-reports.ts';
import type { ReportOptions, ReportOutcome } from '../../reports/report-options.ts';
import { InputError } from '../../runner/errors.ts';
import type { NamedCall, Scope } from '../../live/driver.ts';
import { runCheck, type CheckOptions, type CheckRun, type HeaderFromEnv } from '../../live/run-check.ts';
import type { ClientTransport } from '../../live/transport.ts';
import { writeTrace } from '../../trace/trace-file.ts';
import type { JsonObject } from '../../validators/context.ts';
import { isJsonObject } from '../../validators/shape.ts';
import { parseStrictJson, StrictJsonError } from '../../validators/strict-json.ts';

/** The protocol versions the live client can offer. */
export const OFFERABLE_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
/** Default time limit of each operation, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

const OPTIONS = {
  stdio: { type: 'boolean' },
  url: { type: 'string' },
  'header-env': { type: 'string', multiple: true },
  timeout: { type: 'string' },
  scope: { type: 'string' },
  call: { type: 'string', multiple: true },
  args: { type: 'string', multiple: true },
  root: { type: 'string', multiple: true },
  'protocol-version': { type: 'string' },
  'sampling-result': { type: 'string' },
  'elicitation-result': { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
  output: { type: 'string' },
  junit: { type: 'string' },
  sarif: { type: 'string' },
  html: { type: 'string' },
  'expected-failures': { type: 'string' },
} as const;

/** A parsed `check` command line. */
export interface CheckCommand {
  readonly check: Omit<CheckOptions, 'env' | 'httpTransport' | 'onTransport'>;
  readonly output: string | undefined;
  readonly reports: ReportOptions;
}

function usage(message: string): InputError {
  return new InputError('cli/usage', '', `check: ${message}`);
}

function jsonObjectArgument(flag: string, text: string): JsonObject {
  let value: unknown;
  try {
    value = parseStrictJson(text);
  } catch (error) {
    if (!(error instanceof StrictJsonError)) throw error;
    throw usage(`${flag} is not strict JSON: ${error.message} [${error.rule}]`);
  }
  if (!isJsonObject(value)) throw usage(`${flag} must be a JSON object`);
  return value;
}

/** Pairs each --call with the --args that follows it (none: no arguments), in command-line order. */
function namedCalls(tokens: readonly { kind: string; name?: string; value?: string | undefined }[]): NamedCall[] {
  const calls: { name: string; args: JsonObject }[] = [];
  let argsGiven = false;
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === 'call') {
      calls.push({ name: t.value ?? '', args: {} });
      argsGiven = false;
    } else if (t.name === 'args') {
      const last = calls[calls.length - 1];
      if (last === undefined) throw usage('--args must follow the --call it belongs to');
      if (argsGiven) throw usage(`--call ${last.name} has more than one --args`);
      last.args = jsonObjectArgument('--args', t.value ?? '');
      argsGiven = true;
    }
  }
  return calls;
}

function headerEnv(values: readonly string[], env: NodeJS.ProcessEnv): HeaderFromEnv[] {
  return values.map((spec) => {
    const at = spec.indexOf('=');
    const header = spec.slice(0, at);
    const variable = spec.slice(at + 1);
    if (at <= 0 || variable === '' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header)) {
      throw usage(`--header-env takes HEADER=ENVIRONMENT_VARIABLE, got ${JSON.stringify(spec)}`);
    }
    if (env[variable] === undefined) throw usage(`--header-env ${header}: the environment variable ${variable} is not set`);
    return { header, variable };
  });
}

function rootUri(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usage(`--root must be a file:// URI, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'file:') throw usage(`--root must be a file:// URI (roots are file:// URIs in MCP), got ${JSON.stringify(value)}`);
  return value;
}

/** Parses `check`'s arguments (everything after `check`); throws an InputError for bad ones. */
export function parseCheckArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CheckCommand {
  const dashes = argv.indexOf('--');
  const own = dashes === -1 ? argv : argv.slice(0, dashes);
  const command = dashes === -1 ? [] : argv.slice(dashes + 1);
  const { values, tokens, positionals } = parseArgs({ args: [...own], options: OPTIONS, allowPositionals: true, tokens: true });
  if (positionals.length > 0) throw usage(`unexpected argument ${JSON.stringify(positionals[0])} (the server's command goes after --stdio --)`);
  if (values.stdio === true && values.url !== undefined) throw usage('give either --stdio -- CMD [ARGS...] or --url URL, not both');
  if (values.stdio !== true && values.url === undefined) throw usage('say what to check: --stdio -- CMD [ARGS...] or --url URL');
  if (values.stdio === true && command.length === 0) throw usage('--stdio needs the server\'s command after --, e.g. --stdio -- node server.js');
  if (values.url !== undefined && dashes !== -1) throw usage('--url takes no command after --');
  let target: CheckOptions['target'];
  if (values.url !== undefined) {
    let url: URL;
    try {
      url = new URL(values.url);
    } catch {
      throw usage(`--url must be an absolute http:// or https:// URL, got ${JSON.stringify(values.url)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usage(`--url must be an http:// or https:// URL, got ${JSON.stringify(values.url)}`);
    target = { transport: 'http', url: values.url };
  } else {
    target = { transport: 'stdio', command };
  }
  const headers = headerEnv(values['header-env'] ?? [], env);
  if (headers.length > 0 && target.transport === 'stdio') throw usage('--header-env applies to --url only');
  const seconds = values.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(values.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw usage(`--timeout takes a number of seconds between 0 and 3600, got ${JSON.stringify(values.timeout)}`);
  const scope = values.scope ?? 'quick';
  if (scope !== 'quick' && scope !== 'full') throw usage(`--scope is quick or full, got ${JSON.stringify(scope)}`);
  const version = values['protocol-version'] ?? OFFERABLE_VERSIONS[0];
  if (!(OFFERABLE_VERSIONS as readonly string[]).includes(version)) {
    throw usage(`--protocol-version is one of ${OFFERABLE_VERSIONS.join(', ')}, got ${JSON.stringify(version)}`);
  }
  const sampling = values['sampling-result'] === undefined ? undefined : jsonObjectArgument('--sampling-result', values['sampling-result']);
  const elicitation = values['elicitation-result'] === undefined ? undefined : jsonObjectArgument('--elicitation-result', values['elicitation-result']);
  const reports: ReportOptions = {
    ...(values.json === true ? { json: true } : {}),
    ...(values.quiet === true ? { quiet: true } : {}),
    ...(values.junit === undefined ? {} : { junit: values.junit }),
    ...(values.sarif === undefined ? {} : { sarif: values.sarif }),
    ...(values.html === undefined ? {} : { html: values.html }),
    ...(values['expected-failures'] === undefined ? {} : { expectedFailures: values['expected-failures'] }),
  };
  return {
    check: {
      target,
      scope: scope as Scope,
      timeoutMs: Math.round(seconds * 1000),
      protocolVersion: version,
      calls: namedCalls(tokens),
      answers: { roots: (values.root ?? []).map(rootUri), sampling, elicitation },
      headerEnv: headers,
    },
    output: values.output,
    reports,
  };
}

/** Where `check` writes: stdout for reports, stderr for notes and errors (both redacted by the caller's redactor). */
export interface CheckIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * Runs `check`: the live run, the trace file (`--output`), the reports; returns the exit code.
 * Interrupting the checker (SIGINT, SIGTERM) ends the server's process group first.
 */
export async function runCheckCommand(argv: readonly string[], io: CheckIo, extra: Pick<CheckOptions, 'httpTransport'> = {}): Promise<number> {
  const parsed = parseCheckArgs(argv, process.env);
  if (parsed.check.target.transport === 'http' && extra.httpTransport === undefined) {
    throw usage('--url needs the Streamable HTTP transport, which this build does not include');
  }
  let transport: ClientTransport | undefined;
  const abort = (): void => {
    (transport as { abort?: () => void } | undefined)?.abort?.();
  };
  const interrupted = (signal: NodeJS.Signals) => (): void => {
    abort();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  const onInt = interrupted('SIGINT');
  const onTerm = interrupted('SIGTERM');
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  process.once('exit', abort);
  let run: CheckRun;
  try {
    run = await runCheck({ ...parsed.check, env: process.env, ...extra, onTransport: (t) => { transport = t; } });
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    process.off('exit', abort);
  }
  if (parsed.output !== undefined) await writeTrace(parsed.output, run.trace, run.timings);
  for (const s of run.skipped) io.stderr(`mcp-statechart: --call ${s.name} was not sent: ${s.reason}\n`);
  const outcome: ReportOutcome = await writeReports(run.trace, parsed.reports, { stdout: (text) => io.stdout(run.redactor.text(text)) });
  if (run.trace.status === 'error') io.stderr(`mcp-statechart: could not run the check: ${run.trace.error ?? 'unknown reason'}\n`);
  return outcome.exitCode;
}
