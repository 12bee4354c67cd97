// Why: the live checks drive a server over stdio or Streamable HTTP, but judge and record every
// message the same way. A transport only moves bytes and reports what happened on the wire; the
// recorder it is given turns that into trace events and feeds every message, in both directions,
// through the one Session. The driver decides what to send next.
import type { Direction, JsonObject } from '../validators/context.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import type { TraceEvent } from '../trace/trace-schema.ts';
import type { ProbeKind } from './live-judge.ts';

/** Where a message travelled on HTTP: its exchange, and the SSE event id it carried. */
export interface WirePlace {
  readonly exchange?: number;
  readonly event_id?: string;
}

/** What a recorded wire message turned out to be. */
export interface RecordedMessage {
  /** Index of its event in the trace. */
  readonly index: number;
  /** The parsed message, or undefined when the text was not one strict JSON value. */
  readonly message: unknown;
  /** The probe a client message was marked as, if any. */
  readonly probe?: ProbeKind;
}

/**
 * Records a run in order, and judges it: every wire message goes through the session as it is
 * recorded. Transports and the driver write to it; nothing else does.
 */
export interface Recorder {
  /** Records one wire message as its exact text (sent or received), judges it, returns its event. */
  message(direction: Direction, text: string, place?: WirePlace): RecordedMessage;
  /** Records any other event; returns its index. */
  event(event: Exclude<TraceEvent, { kind: 'message' }>): number;
  /** Records a finding that rests on the transport (an HTTP status, framing, a timeout) at an event. */
  finding(rule: RuleSpec, event: number | null, pointer: string, message: string): void;
  /** Redacts a text, then bounds it to `max` characters keeping its start or end, with no part of a secret at the cut. */
  cut?(text: string, max: number, keep: 'start' | 'end'): { text: string; cut: boolean };
  /** Tells the recorder a session id the server assigned, so that every output shows a stable placeholder instead. */
  sessionId?(value: string): void;
}

/** Evidence that a transport left nothing behind, merged into the trace's `cleanup`. */
export type CleanupEvidence = Record<string, boolean | number | string | null>;

/** How one client message is sent: the probe it is (so an HTTP answer is read as that probe expects), and headers to set or drop (HTTP; null drops one). */
export interface SendOptions {
  readonly probe?: ProbeKind;
  readonly headers?: Readonly<Record<string, string | null>>;
  /**
   * A long-lived request (subscriptions/listen): over HTTP its SSE answer is read in the
   * background until the client closes it (closeStream), and `send` resolves once it is open.
   */
  readonly longLived?: boolean;
  /** An exercised call: past the time limit it is the checker's own stop (lifecycle/exercise-timeout), not the server's fault. */
  readonly ownStop?: boolean;
}

/** A client-side connection to one server. */
export interface ClientTransport {
  readonly kind: 'stdio' | 'http';
  /** HTTP: whether the URL names a loopback host (where the foreign-Origin probe is sent). */
  readonly loopback?: boolean;
  /**
   * Connects (spawns the process, or nothing yet for HTTP). Every server message that parses is
   * passed to `onServerMessage` after it was recorded; `onEnd`, when given, is called once if the
   * server ends the connection on its own (its process exits, its output closes), with the event
   * that records it, so that nothing waits for answers that cannot come; `byClient` is true when
   * the client itself stopped reading (a flood, a line over the size limit), not the server.
   */
  start(onServerMessage: (message: JsonObject, event: number) => void, onEnd?: (event: number | null, byClient?: boolean) => void): Promise<void>;
  /** Sends one client message (records it first); on HTTP, POSTs it and delivers what comes back. */
  send(message: JsonObject, options?: SendOptions): Promise<void>;
  /** Ends the connection as the specification says and reports the evidence. */
  close(): Promise<CleanupEvidence>;
  /**
   * Closes the stream answering a long-lived request (HTTP: the SSE response stream of a listen,
   * which is how a client cancels it); nothing when the request has no such stream.
   */
  closeStream?(id: number): Promise<void>;
}

/** The Streamable HTTP probes the full scope runs; only an HTTP transport has them. */
export interface HttpProbes {
  /** Opens the GET stream for server-initiated messages; false when the server offers none (405). */
  openGetStream(): Promise<boolean>;
  /** Resumes a stream from the last event id seen, if the server gave event ids; false when it cannot. */
  resumeStream(): Promise<boolean>;
  /** Sends a request carrying a foreign Origin; records whether it was refused. */
  probeForeignOrigin(message: JsonObject): Promise<void>;
  /** DELETEs the session, then confirms that a request with the old session id gets 404. */
  terminateAndProbe(message: JsonObject): Promise<void>;
}

/**
 * Why `send` or a probe could not deliver a message or get its answer. What happened is already
 * in the trace (an event, and a finding when the server is at fault), so the driver records
 * nothing more: in particular it must not add a timeout of its own for the unanswered request.
 */
export class TransportFailure extends Error {
  override readonly name = 'TransportFailure';
  /** What went wrong: `http-status`, `timeout`, `connection-lost`, `unreachable`, `refused`, `closed`, ... */
  readonly code: string;
  /**
   * The check cannot run against this target at all (no finding was recorded; exit 2): the server
   * could not be reached, or it turned the handshake away before MCP began (no endpoint at that
   * URL, or credentials the user did not give).
   */
  readonly couldNotRun: boolean;

  constructor(code: string, message: string, couldNotRun = false) {
    super(message);
    this.code = code;
    this.couldNotRun = couldNotRun;
  }
}
