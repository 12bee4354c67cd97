// Why: `tap` puts the statechart between a real client and a real server without either noticing:
// over stdio it is the command a desktop client starts (its own stdin and stdout are the client's
// side), over Streamable HTTP a loopback reverse proxy. Findings go to stderr as they happen and
// to a bounded trace at the end; --inspect shows the session moving in the inspector page. Over
// stdio it exits as the server did, so the client sees the same ending too.
import { constants } from 'node:os';
import { InputError } from '../../files/input-error.ts';
import { LiveFrames } from '../../inspector/live-frames.ts';
import type { LiveInspector } from '../../inspector/live-server.ts';
import { HttpTap } from '../../live/tap-http.ts';
import { isLoopbackHost } from '../../live/loopback-host.ts';
import { MAX_KEY_CHARS } from '../../judge/long-keys.ts';
import { forgottenNotice } from '../../judge/forgotten-notice.ts';
import { TAP_LIMITS, TapRecorder, type TapFinding } from '../../live/tap-recorder.ts';
import { SERVER_GRACE_MS, StdioTap, type ClientSide } from '../../live/tap-stdio.ts';
import { SpawnError } from '../../live/stdio-transport.ts';
import { buildTrace } from '../../live/trace-builder.ts';
import type { CleanupEvidence } from '../../live/transport.ts';
import { Redactor, secretEnvironmentValues } from '../../trace/redaction.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { timingsPath, timingsText, traceText } from '../../trace/trace-file.ts';
import { judgedVersions } from '../../validators/negotiation.ts';
import { RULES, ruleById } from '../../validators/rules/index.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { countOf } from '../../reports/renderers/finding-text.ts';
import { findingPrinter, type FindingPrinter } from './tap-findings.ts';
import { writeOutputFile } from '../../files/output-file.ts';
import { styleFor } from '../../reports/renderers/style.ts';
import { jsonReportText } from '../../reports/json-report.ts';
import { buildReportModel } from '../../reports/report-model.ts';
import { UsageError } from '../cli/usage-error.ts';
import { httpUrl } from './live-args.ts';
import { scenarioFromTrace, scenarioText } from '../../scenario/record.ts';
import { isYamlPath } from '../../scenario/scenario-file.ts';


/** A parsed `tap` command line. */
export interface TapCommand {
  readonly target: { readonly transport: 'stdio'; readonly command: readonly string[] } | { readonly transport: 'http'; readonly host: string; readonly port: number; readonly upstream: URL };
  readonly trace: string | undefined;
  /** Where to write the JSON report of the trace at the end (the envelope check --json-file writes). */
  readonly jsonFile: string | undefined;
  readonly inspect: { readonly port: number } | undefined;
  readonly maxMessages: number;
  /** How long the server may take to exit after the client's end of input (ms). */
  readonly serverGraceMs: number;
  readonly quiet: boolean;
  /** Where to write the client's requests (and the answers) as a scenario file at the end. */
  readonly recordScenario?: string;
}

/** Requests refused for their Host or Origin that are named on stderr; later ones are counted. */
export const MAX_PRINTED_REFUSALS = 10;

function usage(message: string): UsageError {
  return new UsageError('tap', message);
}

function port(text: string, flag: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 65535) throw usage(`${flag} needs a TCP port (0-65535), got ${JSON.stringify(text)}`);
  return n;
}

/** `127.0.0.1:8080`, `[::1]:8080`, `localhost:0`: a loopback host and a port; anything else is a usage error. */
function listenAddress(text: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:\[\]]+)):(\d+)$/.exec(text);
  if (m === null) throw usage(`--listen takes HOST:PORT on a loopback address (127.0.0.1:PORT, [::1]:PORT), got ${JSON.stringify(text)}`);
  const host = (m[1] ?? m[2]) as string;
  if (!isLoopbackHost(host)) throw usage(`--listen only binds a loopback address (127.0.0.1, ::1, localhost), not ${JSON.stringify(host)}`);
  return { host, port: port(m[3] as string, '--listen') };
}

/** Parses `tap`'s arguments; throws a UsageError for bad ones. */
export function parseTapArgs(args: CommandArgs): TapCommand {
  const command = args.afterDashes;
  if (args.positionals.length > command.length) throw usage(`unexpected argument ${JSON.stringify(args.positionals[0])} (the server's command goes after --)`);
  const listen = args.string('listen');
  const upstream = args.string('upstream');
  let target: TapCommand['target'];
  if (listen !== undefined || upstream !== undefined) {
    if (listen === undefined || upstream === undefined) throw usage('--listen HOST:PORT and --upstream URL go together');
    if (command.length > 0) throw usage('--listen takes no command after --');
    target = { transport: 'http', ...listenAddress(listen), upstream: httpUrl('tap', upstream, 'upstream') };
  } else {
    if (command.length === 0) throw usage('say what to tap: -- CMD [ARGS...] (stdio) or --listen HOST:PORT --upstream URL (Streamable HTTP)');
    target = { transport: 'stdio', command: [...command] };
  }
  const inspectPort = args.string('inspect-port');
  if (inspectPort !== undefined && !args.flag('inspect')) throw usage('--inspect-port goes with --inspect');
  const max = args.string('max-messages');
  const maxMessages = max === undefined ? TAP_LIMITS.maxMessages : Number(max);
  if (max !== undefined && (!/^\d+$/.test(max) || maxMessages > 1_000_000)) throw usage(`--max-messages takes a number from 0 to 1000000, got ${JSON.stringify(max)}`);
  const grace = args.string('server-grace');
  if (grace !== undefined && (!/^\d+(\.\d+)?$/.test(grace) || Number(grace) > 86_400)) throw usage(`--server-grace takes seconds from 0 to 86400, got ${JSON.stringify(grace)}`);
  if (grace !== undefined && target.transport !== 'stdio') throw usage('--server-grace goes with a stdio server (-- CMD ARGS...)');
  return {
    target,
    serverGraceMs: grace === undefined ? SERVER_GRACE_MS : Math.round(Number(grace) * 1000),
    trace: args.string('trace'),
    jsonFile: args.string('json-file'),
    inspect: args.flag('inspect') ? { port: inspectPort === undefined ? 0 : port(inspectPort, '--inspect-port') } : undefined,
    maxMessages,
    quiet: args.flag('quiet'),
    ...(args.string('record-scenario') === undefined ? {} : { recordScenario: args.string('record-scenario') as string }),
  };
}

/** What `tap` uses beyond its arguments: the client's side and the environment (the process's own by default). */
export interface TapExtras {
  readonly client?: ClientSide;
  readonly env?: NodeJS.ProcessEnv;
}

/** Runs `tap`: relays, judges, and at the end writes the trace; over stdio the exit follows the server's. */
export async function runTap(args: CommandArgs, io: CommandIO, extras: TapExtras = {}): Promise<CommandResult> {
  const parsed = parseTapArgs(args);
  const env = extras.env ?? process.env;
  const started = performance.now();
  const redactor = new Redactor(secretEnvironmentValues(env));
  const frames = parsed.inspect === undefined ? undefined : new LiveFrames((value) => redactor.json(value));
  const printer = findingPrinter(io, redactor, parsed.quiet);
  const recorder = new TapRecorder({
    limits: { ...TAP_LIMITS, maxMessages: parsed.maxMessages },
    onFinding: (f) => printer.finding(f),
    onMessage: (message, direction, event) => {
      redactor.learn(message);
      printer.message(message, direction, event);
    },
    ...(frames === undefined ? {} : {
      inspect: frames.inspect,
      onJudged: (step, findings, session, label) => frames.judged(step, findings, session, label),
    }),
  });
  let inspector: LiveInspector | undefined;
  if (frames !== undefined) {
    const { startLiveInspector } = await import('../../inspector/live-server.ts');
    const title = parsed.target.transport === 'stdio' ? `tap: ${parsed.target.command.join(' ')}` : `tap: ${parsed.target.upstream.href}`;
    inspector = await startLiveInspector(frames, redactor.text(title), '127.0.0.1', parsed.inspect?.port ?? 0);
    io.err(`mcp-statechart tap: inspector at ${inspector.url}\n`);
  }
  try {
    return parsed.target.transport === 'stdio'
      ? await tapStdio(parsed, parsed.target.command, io, extras, { env, redactor, recorder, printer, started })
      : await tapHttp(parsed, parsed.target, io, { redactor, recorder, printer, started });
  } finally {
    await inspector?.stop();
  }
}

interface Run {
  readonly redactor: Redactor;
  readonly recorder: TapRecorder;
  readonly printer: FindingPrinter;
  readonly started: number;
}

/** Builds and writes the trace (owner-only, timings beside it) and prints the closing line. */
async function finish(parsed: TapCommand, io: CommandIO, run: Run, cleanup: CleanupEvidence): Promise<Trace> {
  const { recording, omitted } = run.recorder.finish();
  run.printer.end();
  const target: Trace['target'] = parsed.target.transport === 'stdio'
    ? { transport: 'stdio', command: [...parsed.target.command] }
    : { transport: 'http', url: parsed.target.upstream.href };
  const { trace, timings } = buildTrace({
    recording,
    target,
    mode: 'tap',
    options: { max_messages: parsed.maxMessages, inspect: parsed.inspect !== undefined },
    cleanup,
    redactor: run.redactor,
    totalMs: performance.now() - run.started,
    ...(omitted === undefined ? {} : { omitted }),
  });
  if (parsed.trace !== undefined) {
    const text = traceText(trace);
    await writeOutputFile(parsed.trace, text, { ownerOnly: true, makeFolder: true });
    await writeOutputFile(timingsPath(parsed.trace), timingsText(timings), { ownerOnly: true, makeFolder: true });
  }
  if (parsed.jsonFile !== undefined) await writeOutputFile(parsed.jsonFile, jsonReportText(buildReportModel(trace, [], [])), { ownerOnly: true, makeFolder: true });
  if (parsed.recordScenario !== undefined) {
    const scenario = scenarioFromTrace(trace, `recorded by mcp-statechart tap`);
    await writeOutputFile(parsed.recordScenario, scenarioText(scenario, isYamlPath(parsed.recordScenario)), { ownerOnly: true, makeFolder: true });
  }
  const c = run.recorder.counts();
  const kept = omitted === undefined ? '' : `; the trace keeps the first ${countOf(trace.events.filter((e) => e.kind === 'message').length, 'message')}`;
  const written = [...(parsed.trace === undefined ? [] : [`trace written to ${parsed.trace}`]), ...(parsed.jsonFile === undefined ? [] : [`JSON report written to ${parsed.jsonFile}`]), ...(parsed.recordScenario === undefined ? [] : [`scenario written to ${parsed.recordScenario}`])];
  const where = written.map((w) => `; ${w}`).join('');
  const shortened = c.shortened === 0 ? '' : `; ${countOf(c.shortened, 'id or token', 'ids or tokens')} over ${MAX_KEY_CHARS} characters judged through a stand-in (its start, length and SHA-256)`;
  const notice = forgottenNotice(run.recorder.forgotten());
  const forgotten = notice === undefined ? '' : `; ${notice}`;
  const status = c.errors > 0 ? 'fail' : 'pass';
  // A session in a revision no profile judges is passed through whole, and judged no further than its initialize.
  const { notJudged } = recording.negotiation;
  const version = notJudged === null ? trace.protocol_version ?? 'not negotiated' : `${notJudged}, not judged: it judges ${judgedVersions()} sessions`;
  io.err(run.redactor.text(`mcp-statechart tap: ${status}: ${countOf(c.client_to_server + c.server_to_client, 'message')} (${c.client_to_server} from the client, ${c.server_to_client} from the server), `
    + `${countOf(c.errors, 'error')}, ${countOf(c.warnings, 'warning')} (${trace.profile}, MCP ${version})${kept}${shortened}${forgotten}${where}\n`));
  return trace;
}

async function tapStdio(parsed: TapCommand, command: readonly string[], io: CommandIO, extras: TapExtras, run: Run & { env: NodeJS.ProcessEnv }): Promise<CommandResult> {
  const client: ClientSide = extras.client ?? { input: process.stdin, output: process.stdout, errors: process.stderr };
  const [executable, ...rest] = command;
  const tap = new StdioTap(run.recorder, client, { command: executable as string, args: rest, env: run.env, serverGraceMs: parsed.serverGraceMs });
  try {
    await tap.start();
  } catch (error) {
    if (!(error instanceof SpawnError)) throw error;
    return { exitCode: 2, failure: new InputError(ruleById('cli/server-unavailable').id, '', `could not run the tap: ${error.message}`) };
  }
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const onSignal = (signal: NodeJS.Signals): void => void tap.stop('interrupted', signal);
  const abort = (): void => tap.abort();
  for (const s of signals) process.on(s, onSignal);
  process.once('exit', abort);
  let end;
  try {
    end = await tap.done();
  } finally {
    for (const s of signals) process.off(s, onSignal);
    process.off('exit', abort);
  }
  await new Promise<void>((resolve) => {
    if (client.output.destroyed || client.output.writableEnded) resolve();
    else client.output.write('', () => resolve());
  });
  if (end.reason === 'client-closed' && end.cleanup['process_forced'] !== 'none') {
    io.err(`mcp-statechart tap: the server had not exited ${parsed.serverGraceMs / 1000} s after the client's end of input; the tap ended it (${end.cleanup['process_forced']}; --server-grace SECONDS waits longer)\n`);
  }
  await finish(parsed, io, run, end.cleanup);
  if (extras.client === undefined) {
    // The client sees the server's own ending: its exit code, or the signal that ended it.
    if (end.signal !== null) {
      process.kill(process.pid, end.signal);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // A signal this process ignores (SIGPIPE): the shell's convention, 128 + its number.
    process.exitCode = end.code ?? 128 + (end.signal === null ? 0 : constants.signals[end.signal] ?? 0);
  }
  return { exitCode: end.code === 0 ? 0 : end.code === 1 ? 1 : 2 };
}

async function tapHttp(parsed: TapCommand, target: Extract<TapCommand['target'], { transport: 'http' }>, io: CommandIO, run: Run): Promise<CommandResult> {
  const tap = new HttpTap(run.recorder, {
    host: target.host,
    port: target.port,
    upstream: target.upstream,
    onSessionId: (id) => void run.redactor.addSessionId(id),
    onRefused: (reason, count) => {
      if (count <= MAX_PRINTED_REFUSALS) io.err(`mcp-statechart tap: refused a request (${run.redactor.text(reason)}): not addressed to the tap by a loopback name and its port, or not from a page on this machine; answered 403, not forwarded\n`);
      if (count === MAX_PRINTED_REFUSALS) io.err('mcp-statechart tap: further refused requests are counted, not printed (the trace\'s cleanup says how many)\n');
    },
  });
  let url: string;
  try {
    url = await tap.start();
  } catch (error) {
    await tap.stop();
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    return { exitCode: 2, failure: new InputError(ruleById('cli/server-unavailable').id, '', `could not run the tap: could not listen on ${target.host}:${target.port} (${code})`) };
  }
  io.err(`mcp-statechart tap: forwarding ${url} to ${run.redactor.text(target.upstream.href)}; Ctrl-C ends the tap\n`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    const stop = (s: NodeJS.Signals): void => {
      for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(name, stop);
      resolve(s);
    };
    for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(name, stop);
  });
  void signal;
  const cleanup = await tap.stop();
  const trace = await finish(parsed, io, run, cleanup);
  return { exitCode: trace.status === 'fail' ? 1 : 0 };
}

/** `tap [options] -- CMD [ARGS...]` or `tap [options] --listen HOST:PORT --upstream URL`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  return runTap(args, io);
}
