// Why: in the stateless revision (2026-07-28) every request carries all it needs, so one server
// process over stdio can serve one run after another, and a fuzz search no longer pays a process
// start per run. Each run leases the process: what the server writes while the run holds it goes
// to that run's recorder alone, and the run's request ids continue past every id an earlier run
// sent on the process, so no two runs' requests share an id (the revision forbids an id of a
// request still unanswered) and a late answer to an earlier run's request is told apart: it is
// kept out of the run's trace (the server owed it to a run that has ended) rather than judged as
// an answer to nothing. A run that left a request unanswered (and not cancelled), or whose process ended, retires the
// process (closed as a fresh run closes its own, its exit recorded in that run's trace); the next
// run starts another. What the process writes while no run holds it (and its stderr, and its exit
// at the very end) is in no run's trace.
import type { Direction, JsonObject } from '../validators/context.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import type { TraceEvent } from '../trace/trace-schema.ts';
import { idKey, isRequestId, type IdKey } from '../validators/envelope.ts';
import { StdioTransport } from './stdio-transport.ts';
import type { CleanupEvidence, ClientTransport, RecordedMessage, Recorder, WirePlace } from './transport.ts';

/** How to start the shared server: as StdioTransport starts one. */
export interface SharedStdioOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly graceMs?: number;
}

/** What the process's transport reports while no run holds it: parsed, never recorded. */
const NOBODY: Recorder = {
  message: (_direction, text) => ({ index: -1, message: parsed(text) }),
  event: () => -1,
  finding: () => {},
};

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The id of a response (a message with an id and a result or an error, no method), if it is one. */
function responseId(text: string): IdKey | undefined {
  const message = parsed(text);
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as JsonObject;
  if (typeof m['method'] === 'string' || !('result' in m || 'error' in m) || !isRequestId(m['id'])) return undefined;
  return idKey(m['id']);
}

/** One process and the runs it has served. */
interface Served {
  readonly transport: StdioTransport;
  /** Runs that leased it before the current one. */
  runs: number;
  /** Ids every run sent on it (a response to one of an earlier run's is a late answer). */
  readonly sent: Set<IdKey>;
  /** The next request id a run starts from (past every integer id sent on it). */
  nextId: number;
  /** The process ended, or the client stopped reading it: no further run may lease it. */
  ended: boolean;
}

/** One stdio server process that serves runs one at a time (a run's transport is a `lease`). */
export class SharedStdioServer {
  readonly #options: SharedStdioOptions;
  #served: Served | undefined;
  #lease: SharedStdioLease | undefined;
  /** Processes started. */
  #processes = 0;

  constructor(options: SharedStdioOptions) {
    this.#options = options;
  }

  /** The transport of one run on the process; one run at a time holds it. */
  lease(recorder: Recorder): SharedStdioLease {
    if (this.#lease !== undefined) throw new Error('SharedStdioServer: a run already holds the process');
    const served = this.#served;
    const lease = new SharedStdioLease(this, recorder, served !== undefined && !served.ended ? served.nextId : 1);
    this.#lease = lease;
    return lease;
  }

  /** Ends the process (when the search is done), recorded in no run's trace. */
  async close(): Promise<void> {
    const served = this.#served;
    this.#served = undefined;
    if (served !== undefined) await served.transport.close();
  }

  /** Kills the process at once (the checker itself is being interrupted). */
  abort(): void {
    this.#served?.transport.abort();
  }

  /** The process the lease runs on (started now when there is none, or the last one retired). */
  async attach(lease: SharedStdioLease): Promise<{ served: Served; started: boolean }> {
    if (this.#lease !== lease) throw new Error('SharedStdioServer: the lease does not hold the process');
    let served = this.#served;
    if (served?.ended === true) {
      // It ended while no run held it: closed with nobody's recorder (its end belongs to no run).
      this.#served = undefined;
      this.#lease = undefined;
      try {
        await served.transport.close();
      } finally {
        this.#lease = lease;
      }
      served = undefined;
    }
    const started = served === undefined;
    if (served === undefined) {
      const forward = this.#forwarding();
      const transport = new StdioTransport(forward, { command: this.#options.command, args: this.#options.args, ...(this.#options.env === undefined ? {} : { env: this.#options.env }), ...(this.#options.graceMs === undefined ? {} : { graceMs: this.#options.graceMs }) });
      const fresh: Served = { transport, runs: 0, sent: new Set(), nextId: 1, ended: false };
      served = fresh;
      this.#served = fresh;
      this.#processes++;
      // A process that could not be started serves no run: the next lease tries a new one.
      const starting = transport.start(
        (message, event) => this.#lease?.deliver(message, event),
        (event, byClient) => {
          fresh.ended = true;
          this.#lease?.end(event, byClient);
        },
      );
      await starting.catch((failure: unknown) => {
        this.#served = undefined;
        throw failure;
      });
    }
    return { served, started };
  }

  /** The run is over: the process serves the next unless it ended or a request of the run is unanswered. */
  async detach(lease: SharedStdioLease, retire: boolean): Promise<CleanupEvidence | undefined> {
    if (this.#lease !== lease) return undefined;
    const served = this.#served;
    this.#lease = undefined;
    if (served === undefined) return undefined;
    served.runs++;
    if (!retire && !served.ended) return undefined;
    this.#served = undefined;
    // Closed while the run still holds the recorder: its exit is in the run's trace, as a fresh run's is.
    this.#lease = lease;
    try {
      return await served.transport.close();
    } finally {
      this.#lease = undefined;
    }
  }

  /** Processes started so far. */
  get processes(): number {
    return this.#processes;
  }

  /** A recorder that records to the run holding the process, if any, keeping an earlier run's late answers out. */
  #forwarding(): Recorder {
    const target = (): Recorder => this.#lease?.recorder ?? NOBODY;
    return {
      message: (direction: Direction, text: string, place?: WirePlace): RecordedMessage => {
        const lease = this.#lease;
        if (lease !== undefined && direction === 'server_to_client' && lease.isLate(text)) return { index: -1, message: undefined };
        return target().message(direction, text, place);
      },
      event: (event: Exclude<TraceEvent, { kind: 'message' }>): number => target().event(event),
      finding: (rule: RuleSpec, event: number | null, pointer: string, message: string): void => target().finding(rule, event, pointer, message),
      cut: (text: string, max: number, keep: 'start' | 'end') => {
        const recorder = target();
        return recorder.cut === undefined ? { text: text.length > max ? (keep === 'start' ? text.slice(0, max) : text.slice(-max)) : text, cut: text.length > max } : recorder.cut(text, max, keep);
      },
    };
  }
}

/** One run's transport on a shared process: its messages go to the run's recorder alone. */
export class SharedStdioLease implements ClientTransport {
  readonly kind = 'stdio' as const;
  readonly #server: SharedStdioServer;
  readonly recorder: Recorder;
  readonly #firstId: number;
  #served: Served | undefined;
  #started = false;
  #closed = false;
  /** The run's requests not yet answered. */
  readonly #awaited = new Set<IdKey>();
  /** Late answers to an earlier run's requests, kept out of this run's trace. */
  #late = 0;
  /** Every id the run sent. */
  readonly #ownIds = new Set<IdKey>();
  #onMessage: (message: JsonObject, event: number) => void = () => {};
  #onEnd: ((event: number | null, byClient?: boolean) => void) | undefined;

  constructor(server: SharedStdioServer, recorder: Recorder, firstId: number) {
    this.#server = server;
    this.recorder = recorder;
    this.#firstId = firstId;
  }

  /** The id the run's first request takes: past every integer id sent on the process so far. */
  get firstId(): number {
    return this.#firstId;
  }

  async start(onServerMessage: (message: JsonObject, event: number) => void, onEnd?: (event: number | null, byClient?: boolean) => void): Promise<void> {
    this.#onMessage = onServerMessage;
    this.#onEnd = onEnd;
    const { served, started } = await this.#server.attach(this);
    this.#served = served;
    this.#started = started;
  }

  async send(message: JsonObject): Promise<void> {
    const served = this.#served;
    if (served === undefined) throw new Error('SharedStdioLease: send before start');
    const id = message['id'];
    if (typeof message['method'] === 'string' && isRequestId(id)) {
      served.sent.add(idKey(id));
      this.#ownIds.add(idKey(id));
      this.#awaited.add(idKey(id));
      if (typeof id === 'number' && Number.isSafeInteger(id) && id >= served.nextId) served.nextId = id + 1;
    }
    // A request the client cancelled (a listen it dropped, among others) is owed no answer: an answer that still comes is late.
    const params = message['params'];
    if (message['method'] === 'notifications/cancelled' && typeof params === 'object' && params !== null && !Array.isArray(params) && isRequestId((params as JsonObject)['requestId'])) {
      this.#awaited.delete(idKey((params as JsonObject)['requestId'] as string | number));
    }
    await served.transport.send(message);
  }

  /** Ends the run's hold on the process; the process itself ends only when it retires. */
  async close(): Promise<CleanupEvidence> {
    if (this.#closed) return { process_shared: true };
    this.#closed = true;
    const served = this.#served;
    const before = served?.runs ?? 0;
    // A request left unanswered may still be being worked on: the next run gets a process of its own.
    const closed = await this.#server.detach(this, this.#awaited.size > 0);
    return {
      ...(closed ?? { process_started: served !== undefined }),
      process_started_by_run: this.#started,
      process_shared: true,
      process_runs_before: before,
      ...(this.#late === 0 ? {} : { late_answers_of_earlier_runs: this.#late }),
    };
  }

  /** Kills the process at once (the checker itself is being interrupted). */
  abort(): void {
    this.#server.abort();
  }

  /** A server message while the run holds the process. */
  deliver(message: JsonObject, event: number): void {
    if (event < 0) return;
    const id = message['id'];
    if (typeof message['method'] !== 'string' && isRequestId(id)) this.#awaited.delete(idKey(id));
    this.#onMessage(message, event);
  }

  /** The process ended (or the client stopped reading it) while the run held it. */
  end(event: number | null, byClient?: boolean): void {
    this.#onEnd?.(event, byClient);
  }

  /** Whether a server line is a response to a request an earlier run on the process sent (not this run's). */
  isLate(text: string): boolean {
    const served = this.#served;
    if (served === undefined || served.sent.size === 0) return false;
    const id = responseId(text);
    if (id === undefined || this.#awaited.has(id) || !served.sent.has(id)) return false;
    // An id this run sent and had answered already is the server's second answer: judged, not hidden.
    if (this.#ownIds.has(id)) return false;
    this.#late++;
    return true;
  }
}
