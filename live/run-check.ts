// Why: one function runs a whole live check (connect, drive, close, build the trace) so that the
// CLI, the tests and the benchmark run exactly the same thing. What it returns is already
// redacted; the redactor goes with it, for anything else the caller prints.
import { Redactor, secretEnvironmentValues } from '../trace/redaction.ts';
import type { Trace } from '../trace/trace-schema.ts';
import type { TraceTimings } from '../trace/trace-file.ts';
import type { JsonObject } from '../validators/context.ts';
import { drive, type NamedCall, type Scope } from './driver.ts';
import { LiveRecorder } from './recorder.ts';
import type { ClientAnswers } from './server-requests.ts';
import { StdioTransport } from './stdio-transport.ts';
import { buildTrace } from './trace-builder.ts';
import type { ClientTransport, Recorder } from './transport.ts';

/** A header whose value is read from an environment variable. */
export interface HeaderFromEnv {
  readonly header: string;
  readonly variable: string;
}

/** What the Streamable HTTP transport of a run is given. */
export interface HttpSetup {
  readonly recorder: Recorder;
  readonly url: string;
  /** Headers from --header-env, with their values. */
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** The run's redactor: what the transport records goes through it, and it learns the session ids. */
  readonly redactor: Redactor;
}

/** What to check and how. */
export interface CheckOptions {
  readonly target: { readonly transport: 'stdio'; readonly command: readonly string[] } | { readonly transport: 'http'; readonly url: string };
  readonly scope: Scope;
  readonly timeoutMs: number;
  readonly protocolVersion: string;
  readonly calls: readonly NamedCall[];
  readonly answers: ClientAnswers;
  readonly headerEnv: readonly HeaderFromEnv[];
  /** The environment: what the server inherits, where header values and secrets come from. */
  readonly env: NodeJS.ProcessEnv;
  /** Waits of the stdio shutdown sequence, in ms (default 2000 each). */
  readonly graceMs?: number;
  /** Builds the Streamable HTTP transport for `--url`. */
  readonly httpTransport?: (setup: HttpSetup) => ClientTransport;
  /** Told the transport once it exists (to abort it when the checker is interrupted). */
  readonly onTransport?: (transport: ClientTransport) => void;
}

/** A finished check. */
export interface CheckRun {
  readonly trace: Trace;
  readonly timings: TraceTimings;
  /** Named calls that were not sent, and why (redacted). */
  readonly skipped: readonly { readonly name: string; readonly reason: string }[];
  /** The run's redactor, for anything else printed about it. */
  readonly redactor: Redactor;
}

/** The run's settings as the trace records them: no values of headers or environment variables. */
function recordedOptions(options: CheckOptions): JsonObject {
  return {
    scope: options.scope,
    timeout_ms: options.timeoutMs,
    protocol_version: options.protocolVersion,
    calls: options.calls.map((c) => ({ name: c.name, args: c.args })),
    roots: [...options.answers.roots],
    header_env: options.headerEnv.map((h) => ({ header: h.header, variable: h.variable })),
    canned: { sampling: options.answers.sampling !== undefined, elicitation: options.answers.elicitation !== undefined },
  };
}

/** Runs one live check end to end and returns its redacted trace. */
export async function runCheck(options: CheckOptions): Promise<CheckRun> {
  const started = performance.now();
  const headers: Record<string, string> = {};
  const redactor = new Redactor(secretEnvironmentValues(options.env));
  for (const h of options.headerEnv) {
    const value = options.env[h.variable] ?? '';
    headers[h.header] = value;
    redactor.addSecret(value);
    redactor.addSecretName(h.header);
  }
  const recorder = new LiveRecorder({ onSessionId: (id) => void redactor.addSessionId(id) });
  const target = options.target;
  let transport: ClientTransport;
  if (target.transport === 'stdio') {
    const [command, ...args] = target.command;
    transport = new StdioTransport(recorder, { command: command as string, args, env: options.env, ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }) });
  } else {
    if (options.httpTransport === undefined) throw new Error('runCheck: no Streamable HTTP transport was given for --url');
    transport = options.httpTransport({ recorder, url: target.url, headers, timeoutMs: options.timeoutMs, redactor });
  }
  options.onTransport?.(transport);
  const outcome = await drive(transport, recorder, options);
  const { trace, timings } = buildTrace({
    recording: recorder.finish(),
    target: target.transport === 'stdio' ? { transport: 'stdio', command: [...target.command] } : { transport: 'http', url: target.url },
    options: recordedOptions(options),
    cleanup: outcome.cleanup,
    error: outcome.error,
    redactor,
    totalMs: performance.now() - started,
  });
  const skipped = outcome.skipped.map((s) => ({ name: redactor.text(s.name), reason: redactor.text(s.reason) }));
  return { trace, timings, skipped, redactor };
}
