// Why: the package's library entry (`import { judgeTransport } from 'mcp-statechart'`): the same
// judging core as the CLI, for a test runner's own suite. Its types are declared here, whole, so
// the shipped declarations (dist/index.d.ts, emitted from this file alone) name nothing internal.
import { checkServerReport } from './check-server.ts';
import { TransportJudge, wrapTransport } from './judge-transport.ts';
import { validateInput } from './validate-input.ts';

/** One finding, as `check --json` reports it. */
export interface Finding {
  /** The rule id (`envelope/result-and-error`, `scenario/expectation-mismatch`). */
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  /** What the rule rests on: MUST, SHOULD, schema, ..., `expectation` for a scenario's. */
  readonly keyword?: string | null;
  /** The index of the message event it rests on (null: the run as a whole). */
  readonly event: number | null;
  /** JSON Pointer into that event (`/message/result/content/0`). */
  readonly pointer: string;
  readonly message: string;
  readonly direction?: 'client_to_server' | 'server_to_client' | null;
  /** The message's label: `tools/call`, `tools/call result`. */
  readonly method?: string;
  readonly spec?: string | null;
  readonly [member: string]: unknown;
}

/** The report `check --json` prints. */
export interface Report {
  readonly mcp_statechart_report: number;
  /** pass: no error finding; fail: an error finding; error: the run could not complete. */
  readonly status: 'pass' | 'fail' | 'error';
  readonly error?: { readonly rule: string; readonly message: string };
  readonly profile: string;
  readonly protocol_version: string | null;
  readonly signature: string;
  readonly counts: { readonly error: number; readonly warning: number; readonly [count: string]: number };
  readonly findings: readonly Finding[];
  readonly [member: string]: unknown;
}

/** The report `validate --json` prints. */
export interface ValidateReport {
  readonly status: 'ok' | 'failed' | 'error';
  readonly profile: string;
  readonly protocol_version: string | null;
  readonly findings: readonly (Omit<Finding, 'event'> & { readonly event?: number | null; readonly line?: number })[];
  readonly counts: { readonly error: number; readonly warning: number };
  readonly [member: string]: unknown;
}

/** A server to check: a stdio command as argv (never a shell string), or a Streamable HTTP URL with headers. */
export type CheckTarget = readonly string[] | { readonly url: string; readonly headers?: Readonly<Record<string, string>> };

/** A scenario (docs/scenarios.md), as a value. */
export interface ScenarioDocument {
  readonly name: string;
  readonly description?: string;
  readonly steps: readonly Readonly<Record<string, unknown>>[];
}

/** How checkServer checks (the CLI's options of the same names). */
export interface CheckServerOptions {
  /** quick (default): the handshake and every list; full: reads, prompts, subscriptions, probes. */
  readonly scope?: 'quick' | 'full';
  /** Each request's time limit, in ms (default 10000). */
  readonly timeoutMs?: number;
  /** auto (default): server/discover first, initialize for a legacy server; or modern, legacy. */
  readonly era?: 'auto' | 'modern' | 'legacy';
  /** The version offered in initialize (default 2025-11-25). */
  readonly protocolVersion?: '2025-11-25' | '2025-06-18';
  /** Tools to call, after the lists (no tool is called unless named here or in a scenario). */
  readonly calls?: readonly { readonly name: string; readonly arguments?: Readonly<Record<string, unknown>> }[];
  /** Scenarios to run last: documents, or paths of scenario files (JSON or YAML). */
  readonly scenarios?: readonly (ScenarioDocument | string)[];
  /** The server's environment, where secrets to redact come from (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** What a transport must offer to be judged: an MCP SDK Transport (1.x or 2.x). */
export interface TransportLike {
  start(): Promise<void>;
  send(message: never, options?: never): Promise<void>;
  close(): Promise<void>;
  onmessage?: ((message: never, extra?: never) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
}

/** What judgeTransport adds to a transport. */
export interface Judged {
  /** The findings of every message so far, both ways, judged now. */
  findings(): readonly Finding[];
  /** The report of every message so far, as `check --json` prints it. */
  report(): Report;
}

/** Which side of the connection the wrapped transport belongs to. */
export interface JudgeTransportOptions {
  /** client (default): what it sends goes client to server; server: the other way. */
  readonly side?: 'client' | 'server';
}

/**
 * Checks a live server as `check --json` does and returns that report.
 *
 * @example
 * const report = await checkServer(['node', 'server.js'], { scenarios: ['desk.json'] });
 * assert.equal(report.status, 'pass');
 */
export function checkServer(target: CheckTarget, options: CheckServerOptions = {}): Promise<Report> {
  return checkServerReport(target, options as never) as Promise<unknown> as Promise<Report>;
}

/**
 * Runs scenarios against a server (after the handshake and the lists) and returns the check's
 * report: each step's difference from its expect is a `scenario/expectation-mismatch` finding.
 */
export function runScenario(target: CheckTarget, scenario: ScenarioDocument | string | readonly (ScenarioDocument | string)[], options: Omit<CheckServerOptions, 'scenarios'> = {}): Promise<Report> {
  const scenarios = Array.isArray(scenario) ? scenario : [scenario];
  return checkServer(target, { ...options, scenarios: scenarios as readonly (ScenarioDocument | string)[] });
}

/**
 * Wraps an MCP SDK transport so every message both ways is judged in process, by the session the
 * CLI uses; the transport works as before.
 *
 * @example
 * const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
 * const judged = judgeTransport(clientSide);
 * await server.connect(serverSide);
 * await client.connect(judged);
 * await client.listTools();
 * assert.deepEqual(judged.findings(), []);
 */
export function judgeTransport<T extends TransportLike>(transport: T, options: JudgeTransportOptions = {}): T & Judged {
  return wrapTransport(transport, new TransportJudge(options.side ?? 'client')) as T & Judged;
}

/** Judges a transcript (JSON Lines) or a trace, given as text or bytes; the report `validate --json` prints. */
export function validate(input: string | Uint8Array): Promise<ValidateReport> {
  return validateInput(input) as Promise<unknown> as Promise<ValidateReport>;
}
