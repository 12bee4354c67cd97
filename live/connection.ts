// Why: every live run (check, fuzz, replay) starts the same way: a redactor that knows the
// environment's secrets and the header values, a recorder whose session ids it learns, and a
// transport to the target the user named (a process over stdio, or a Streamable HTTP endpoint).
import { Redactor, secretEnvironmentValues } from '../trace/redaction.ts';
import { LiveRecorder } from './recorder.ts';
import { StdioTransport } from './stdio-transport.ts';
import type { ClientTransport, Recorder } from './transport.ts';

/** What a live run is pointed at, as the user named it. */
export type LiveTarget = { readonly transport: 'stdio'; readonly command: readonly string[] } | { readonly transport: 'http'; readonly url: string };

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

/** How to open one connection. */
export interface ConnectionOptions {
  readonly target: LiveTarget;
  readonly timeoutMs: number;
  readonly headerEnv: readonly HeaderFromEnv[];
  /** The environment: what the server inherits, where header values and secrets come from. */
  readonly env: NodeJS.ProcessEnv;
  /** Waits of the stdio shutdown sequence, in ms (default 2000 each). */
  readonly graceMs?: number | undefined;
  /** Builds the Streamable HTTP transport for `--url`. */
  readonly httpTransport?: ((setup: HttpSetup) => ClientTransport) | undefined;
  /** The era asked for: `modern` judges the run as a client of MCP 2026-07-28 alone. */
  readonly era?: 'auto' | 'modern' | 'legacy' | undefined;
}

/** One connection's redactor, recorder and (not yet started) transport. */
export interface Connection {
  readonly redactor: Redactor;
  readonly recorder: LiveRecorder;
  readonly transport: ClientTransport;
}

/** Sets up one connection to the target; nothing is started yet. */
export function openConnection(options: ConnectionOptions): Connection {
  const headers: Record<string, string> = {};
  const redactor = new Redactor(secretEnvironmentValues(options.env));
  for (const h of options.headerEnv) {
    const value = options.env[h.variable] ?? '';
    headers[h.header] = value;
    redactor.addCredential(value);
    redactor.addSecretName(h.header);
  }
  const target = options.target;
  if (target.transport === 'stdio') redactor.addArguments(target.command);
  const recorder = new LiveRecorder({ onSessionId: (id) => void redactor.addSessionId(id), redactor, ...(options.era === 'modern' ? { modernOnly: true } : {}) });
  let transport: ClientTransport;
  if (target.transport === 'stdio') {
    const [command, ...args] = target.command;
    transport = new StdioTransport(recorder, { command: command as string, args, env: options.env, redactor, ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }) });
  } else {
    if (options.httpTransport === undefined) throw new Error('openConnection: no Streamable HTTP transport was given for --url');
    transport = options.httpTransport({ recorder, url: target.url, headers, timeoutMs: options.timeoutMs, redactor });
  }
  return { redactor, recorder, transport };
}
