// Why: `check` points the statechart at a real server, over stdio (a command given as argv, never
// a shell string) or Streamable HTTP, and ends in a redacted trace and reports. Bad arguments and
// servers that cannot be started or reached exit 2 with a message that says why.
import { writeReports } from '../../reports/write-reports.ts';
import type { ReportOptions } from '../../reports/report-options.ts';
import { InputError } from '../../runner/errors.ts';
import type { NamedCall, Scope } from '../../live/driver.ts';
import { HttpTransport } from '../../live/http-transport.ts';
import { runCheck, type CheckOptions, type CheckRun, type HeaderFromEnv } from '../../live/run-check.ts';
import type { ClientTransport } from '../../live/transport.ts';
import { timingsPath, timingsText, traceText } from '../../trace/trace-file.ts';
import type { JsonObject } from '../../validators/context.ts';
import type { Profile } from '../../validators/context.ts';
import { methodTable } from '../../validators/methods.ts';
import { profileForVersion } from '../../validators/profiles.ts';
import { cliRules } from '../../validators/rules/cli.ts';
import { isJsonObject } from '../../validators/shape.ts';
import { parseStrictJson, StrictJsonError } from '../../validators/strict-json.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { whileInterruptible } from '../cli/interrupt.ts';
import { writeOutputFile } from '../cli/output-file.ts';
import { UsageError } from '../cli/usage-error.ts';

/** The protocol versions the live client can offer. */
export const OFFERABLE_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
/** Default time limit of each operation, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** A parsed `check` command line. */
export interface CheckCommand {
  readonly check: Omit<CheckOptions, 'env' | 'httpTransport' | 'onTransport'>;
  readonly output: string | undefined;
  readonly reports: ReportOptions;
}

function usage(message: string): UsageError {
  return new UsageError('check', message);
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
function namedCalls(sequence: CommandArgs['sequence']): NamedCall[] {
  const calls: { name: string; args: JsonObject }[] = [];
  let argsGiven = false;
  for (const option of sequence) {
    if (option.name === 'call') {
      calls.push({ name: String(option.value), args: {} });
      argsGiven = false;
    } else if (option.name === 'args') {
      const last = calls[calls.length - 1];
      if (last === undefined) throw usage('--args must follow the --call it belongs to');
      if (argsGiven) throw usage(`--call ${last.name} has more than one --args`);
      last.args = jsonObjectArgument('--args', String(option.value));
      argsGiven = true;
    }
  }
  return calls;
}

/** A canned answer, checked as the result of its method under the offered version (the client never sends what it would reject). */
function cannedResult(flag: string, text: string | undefined, method: string, version: string): JsonObject | undefined {
  if (text === undefined) return undefined;
  const result = jsonObjectArgument(flag, text);
  const profile = profileForVersion(version) as Profile;
  const rejected = (methodTable(profile).get(method)?.validators.result?.(result, '', undefined, { profile, tools: new Map() }) ?? [])
    .find((f) => f.severity === 'error');
  if (rejected !== undefined) throw usage(`${flag} is not a valid ${method} result: ${rejected.message} [${rejected.rule} at ${rejected.pointer || '/'}]`);
  return result;
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

/** Parses `check`'s arguments; throws a UsageError for bad ones. */
export function parseCheckArgs(args: CommandArgs, env: NodeJS.ProcessEnv): CheckCommand {
  const command = args.afterDashes;
  const stray = args.positionals.length - command.length;
  if (stray > 0) throw usage(`unexpected argument ${JSON.stringify(args.positionals[0])} (the server's command goes after --stdio --)`);
  const url = args.string('url');
  const values = {
    stdio: args.flag('stdio'),
    timeout: args.string('timeout'),
    scope: args.string('scope'),
    'protocol-version': args.string('protocol-version'),
    'sampling-result': args.string('sampling-result'),
    'elicitation-result': args.string('elicitation-result'),
    root: args.strings('root'),
  };
  if (values.stdio && url !== undefined) throw usage('give either --stdio -- CMD [ARGS...] or --url URL, not both');
  if (!values.stdio && url === undefined) throw usage('say what to check: --stdio -- CMD [ARGS...] or --url URL');
  if (values.stdio && command.length === 0) throw usage('--stdio needs the server\'s command after --, e.g. --stdio -- node server.js');
  if (url !== undefined && command.length > 0) throw usage('--url takes no command after --');
  let target: CheckOptions['target'];
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw usage(`--url must be an absolute http:// or https:// URL, got ${JSON.stringify(url)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw usage(`--url must be an http:// or https:// URL, got ${JSON.stringify(url)}`);
    target = { transport: 'http', url };
  } else {
    target = { transport: 'stdio', command: [...command] };
  }
  const headers = headerEnv(args.strings('header-env'), env);
  if (headers.length > 0 && target.transport === 'stdio') throw usage('--header-env applies to --url only');
  const seconds = values.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(values.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw usage(`--timeout takes a number of seconds between 0 and 3600, got ${JSON.stringify(values.timeout)}`);
  const scope = values.scope ?? 'quick';
  if (scope !== 'quick' && scope !== 'full') throw usage(`--scope is quick or full, got ${JSON.stringify(scope)}`);
  const version = values['protocol-version'] ?? OFFERABLE_VERSIONS[0];
  if (!(OFFERABLE_VERSIONS as readonly string[]).includes(version)) {
    throw usage(`--protocol-version is one of ${OFFERABLE_VERSIONS.join(', ')}, got ${JSON.stringify(version)}`);
  }
  const sampling = cannedResult('--sampling-result', values['sampling-result'], 'sampling/createMessage', version);
  const elicitation = cannedResult('--elicitation-result', values['elicitation-result'], 'elicitation/create', version);
  const file = (name: string) => args.string(name);
  const reports: ReportOptions = {
    ...(args.flag('json') ? { json: true } : {}),
    ...(args.flag('quiet') ? { quiet: true } : {}),
    ...(file('json-file') === undefined ? {} : { jsonFile: file('json-file') as string }),
    ...(file('junit') === undefined ? {} : { junit: file('junit') as string }),
    ...(file('sarif') === undefined ? {} : { sarif: file('sarif') as string }),
    ...(file('html') === undefined ? {} : { html: file('html') as string }),
    ...(file('expected-failures') === undefined ? {} : { expectedFailures: file('expected-failures') as string }),
  };
  return {
    check: {
      target,
      scope: scope as Scope,
      timeoutMs: Math.round(seconds * 1000),
      protocolVersion: version,
      calls: namedCalls(args.sequence),
      answers: { roots: values.root.map(rootUri), sampling, elicitation },
      headerEnv: headers,
    },
    output: args.string('output'),
    reports,
  };
}

/** Where `check` writes while it runs, and what it is given beyond its arguments (the HTTP transport). */
export interface CheckExtras {
  readonly env?: NodeJS.ProcessEnv;
  readonly httpTransport?: CheckOptions['httpTransport'];
}

/**
 * Runs `check`: the live run, the trace file (`--output`, with its timings beside it), the
 * reports; everything printed goes through the run's redactor. Interrupting the checker (SIGINT,
 * SIGTERM) ends the server's process group first.
 */
export async function runCheckCommand(args: CommandArgs, io: CommandIO, extras: CheckExtras = {}): Promise<CommandResult> {
  const env = extras.env ?? process.env;
  const parsed = parseCheckArgs(args, env);
  if (parsed.check.target.transport === 'http' && extras.httpTransport === undefined) {
    throw usage('--url needs the Streamable HTTP transport, which this build does not include');
  }
  let transport: ClientTransport | undefined;
  const abort = (): void => {
    (transport as { abort?: () => void } | undefined)?.abort?.();
  };
  const run: CheckRun = await whileInterruptible(abort, () => runCheck({
    ...parsed.check,
    env,
    ...(extras.httpTransport === undefined ? {} : { httpTransport: extras.httpTransport }),
    onTransport: (t) => {
      transport = t;
    },
  }));
  const say = (text: string): void => io.out(run.redactor.text(text));
  const text = traceText(run.trace);
  if (parsed.output !== undefined) {
    await writeOutputFile(parsed.output, text, { ownerOnly: true, makeFolder: true });
    await writeOutputFile(timingsPath(parsed.output), timingsText(run.timings), { ownerOnly: true, makeFolder: true });
  }
  for (const s of run.skipped) io.err(run.redactor.text(`mcp-statechart: --call ${s.name} was not sent: ${s.reason}\n`));
  const reports: ReportOptions = parsed.output === undefined ? parsed.reports : { ...parsed.reports, traceFile: parsed.output, traceText: text };
  const outcome = await writeReports(run.trace, reports, { stdout: say, color: io.color });
  if (outcome.failure !== undefined) return { exitCode: 2, failure: outcome.failure };
  if (run.trace.status !== 'error') return { exitCode: outcome.exitCode };
  const why = `could not run the check: ${run.trace.error ?? 'unknown reason'}`;
  return { exitCode: 2, failure: new InputError(cliRules['server-unavailable'].id, '', why) };
}

/** `check [options] --stdio -- CMD [ARGS...]` or `check [options] --url URL`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  return runCheckCommand(args, io, { httpTransport: streamableHttp });
}

/** The Streamable HTTP transport of `--url`: what it records goes through the run's redactor, which learns each session id. */
export const streamableHttp: NonNullable<CheckOptions['httpTransport']> = ({ recorder, url, headers, timeoutMs, redactor }) =>
  new HttpTransport({
    url: new URL(url),
    recorder,
    timeoutMs,
    headers,
    redact: (text) => redactor.text(text),
    onSessionId: (id, placeholder) => {
      redactor.addSessionId(id, placeholder);
    },
  });
