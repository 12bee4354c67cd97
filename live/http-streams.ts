// Why: a server may answer a POST with an SSE stream carrying several messages (its own requests
// and notifications before the response), may close the connection before the response and let
// the client resume it with Last-Event-ID, and may offer a GET stream for messages of its own. The
// rules differ by kind of stream (a GET stream must not carry responses; a response stream should
// end after its response), so one reader serves all, told which kind it reads.
import { isJsonObject } from '../validators/shape.ts';
import type { RecordedMessage } from './transport.ts';
import { TransportFailure } from './transport.ts';
import { mediaType, statusLine, timeoutRule, type Exchange, type HttpExchanges } from './http-exchange.ts';
import { CONTENT_ENCODING_ERROR } from './content-coding.ts';
import { readSse, type SseEnd, type SseReading } from './sse-reader.ts';
import { describeFailure } from './http-wire.ts';
import { ruleById } from '../validators/rules/index.ts';

/** Most messages one response stream may carry before its response, unless configured. */
export const MAX_STREAM_MESSAGES = 10_000;
/** Resume attempts in a row that bring no event before a response stream is given up. */
const MAX_IDLE_RESUMES = 3;
/** Longest wait after a stream's response for the server to end the stream. */
const MAX_END_GRACE_MS = 2_000;

/** What the streams need from their transport. */
export interface StreamHost {
  readonly ex: HttpExchanges;
  /** Records a server message and hands it on. */
  deliver(text: string, exchange: number, eventId: string | undefined): RecordedMessage;
  /** Every event id seen on any stream of the session. */
  readonly eventIds: Set<string>;
  /** Characters of the event ids remembered. */
  eventIdChars: number;
  /** The last event id seen on any stream. */
  lastEventId: string | undefined;
}

/** Whether a message is a JSON-RPC response (result or error, no method). */
export function isResponse(message: unknown): boolean {
  return isJsonObject(message) && !('method' in message) && ('result' in message || 'error' in message);
}

interface ReadOptions {
  readonly label: string;
  /** Check that the first event primes the stream (id and empty data). */
  readonly priming: boolean;
  /** Responses may travel on this stream (a response stream, or a resumed one). */
  readonly responses: boolean;
  /** The limit between events; undefined: none (GET streams may stay silent). */
  readonly idleMs: number | undefined;
  readonly onRetry?: (ms: number) => void;
}

interface ReadResult {
  readonly end: SseEnd;
  readonly events: number;
  /** The last event id this stream carried. */
  readonly lastEventId: string | undefined;
  readonly responded: boolean;
  readonly openEvent: number;
}

/** The most SSE event ids remembered to tell a reused one (later ones are not compared), and the most characters they take in all. */
export const MAX_EVENT_IDS = 10_000;
const MAX_EVENT_ID_CHARS = 1024 * 1024;

/** Remembers an event id for the reuse check, within MAX_EVENT_IDS ids and MAX_EVENT_ID_CHARS characters (unique ids must not grow memory). */
function rememberEventId(host: StreamHost, id: string): void {
  if (host.eventIds.size >= MAX_EVENT_IDS || host.eventIdChars + id.length > MAX_EVENT_ID_CHARS) return;
  host.eventIds.add(id);
  host.eventIdChars += id.length;
}

/** Reads one SSE body, recording its opening, every message and its closing. */
function readStream(host: StreamHost, ex: Exchange, action: 'open' | 'resume', resumedFrom: string | undefined, options: ReadOptions): { reading: SseReading; result: Promise<ReadResult> } {
  const { rec } = host.ex;
  const openEvent = rec.stream(action, ex.exchange, resumedFrom);
  let events = 0;
  let lastEventId: string | undefined;
  let messages = 0;
  let responded = false;
  let primed = !options.priming;
  let ignoredReported = false;
  const reading: SseReading = readSse(ex.body, { maxEventBytes: host.ex.limits.maxMessageBytes, idleMs: options.idleMs }, {
    onEvent(event) {
      events += 1;
      const reused = event.id !== undefined && host.eventIds.has(event.id);
      if (event.id !== undefined) {
        rememberEventId(host, event.id);
        host.lastEventId = event.id;
        lastEventId = event.id;
      }
      if (!primed) {
        primed = true;
        if (event.id === undefined || event.data !== '') {
          rec.finding(ruleById('http/sse-priming-event'), openEvent, '', `the SSE stream answering ${options.label} did not begin with an event id and empty data`);
        }
      }
      if (event.data === '') {
        if (reused) rec.finding(ruleById('http/event-id-reused'), openEvent, '', `an SSE event id on the stream of ${options.label} repeats one seen before`);
        return undefined;
      }
      messages += 1;
      if (!responded && messages > host.ex.limits.maxStreamMessages) {
        rec.finding(ruleById('http/stream-limit'), openEvent, '', `the SSE stream of ${options.label} carried more than ${host.ex.limits.maxStreamMessages.toLocaleString('en-US')} messages without a response; it was closed`);
        return 'stop';
      }
      const recorded = host.deliver(event.data, ex.exchange, event.id);
      if (reused) rec.finding(ruleById('http/event-id-reused'), recorded.index, '/event_id', `an SSE event id on the stream of ${options.label} repeats one seen before`);
      if (isResponse(recorded.message)) {
        if (!options.responses) rec.finding(ruleById('http/response-on-get-stream'), recorded.index, '/message', `${options.label} carried a JSON-RPC response`);
        else if (!responded) reading.setIdle(Math.min(host.ex.limits.timeoutMs, MAX_END_GRACE_MS));
        responded = true;
      }
      return undefined;
    },
    onIgnoredLine(kind, line) {
      if (ignoredReported) return;
      ignoredReported = true;
      const what = kind === 'invalid-retry' ? 'a retry field that is not a number' : 'a line that is no SSE field';
      const shown = rec.excerptOf(line, 60);
      rec.finding(ruleById('http/sse-ignored-field'), openEvent, '', `the SSE stream of ${options.label} has ${what}: ${JSON.stringify(shown)}`);
    },
    onRetry: (ms) => options.onRetry?.(ms),
  });
  const result = reading.ended.then((end): ReadResult => {
    rec.stream('close', ex.exchange);
    if (end.kind === 'too-large') {
      rec.finding(ruleById('transport/event-over-limit'), openEvent, '', `an SSE event on the stream of ${options.label} exceeds the checker's limit of ${end.limitBytes.toLocaleString('en-US')} bytes; the connection was closed, and what it carried is not judged`);
    } else if (end.kind === 'invalid-utf8') {
      rec.finding(ruleById('json/invalid-utf8'), openEvent, '', `the SSE stream of ${options.label} is not valid UTF-8; the connection was closed`);
    } else if (end.kind === 'error' && !host.ex.closing && end.code !== CONTENT_ENCODING_ERROR) {
      rec.transportError(end.code, describeFailure(end.code), ex.exchange);
    }
    return { end, events, lastEventId, responded, openEvent };
  });
  return { reading, result };
}

/**
 * Reads the SSE stream answering a POSTed request until it ends after the response, resuming it
 * with Last-Event-ID (after the server's retry time) when it ends before; throws a recorded
 * TransportFailure when the response cannot be had.
 */
export async function readResponseStream(host: StreamHost, first: Exchange, label: string, priming: boolean): Promise<void> {
  const { ex } = host;
  let current = first;
  let resumedFrom: string | undefined;
  let retryMs: number | undefined;
  let idleResumes = 0;
  for (;;) {
    const { result } = readStream(host, current, resumedFrom === undefined ? 'open' : 'resume', resumedFrom, {
      label, priming: priming && resumedFrom === undefined, responses: true, idleMs: ex.limits.timeoutMs, onRetry: (ms) => { retryMs = ms; },
    });
    const read = await result;
    if (read.responded) {
      if (read.end.kind === 'idle') {
        ex.rec.finding(ruleById('http/stream-not-terminated'), read.openEvent, '', `the SSE stream answering ${label} stayed open after its response; it was closed`);
      }
      return;
    }
    const end = read.end;
    if (ex.closing || end.kind === 'stopped') throw new TransportFailure(ex.closing ? 'closed' : 'stream-limit', `${label}: the stream was closed`);
    if (end.kind === 'idle') {
      const at = ex.rec.timeout(`${label}: SSE event`, end.limitMs);
      const rule = timeoutRule(label);
      if (rule !== undefined) ex.rec.finding(rule, at, '', `no SSE event on the stream answering ${label} within ${end.limitMs} ms`);
      throw new TransportFailure('timeout', `${label}: no SSE event in time`);
    }
    if (end.kind === 'too-large' || end.kind === 'invalid-utf8') throw new TransportFailure(end.kind, `${label}: the stream was closed`);
    if (end.kind === 'error' && end.code === CONTENT_ENCODING_ERROR) throw new TransportFailure('content-encoding', `${label}: the stream does not decode as its Content-Encoding says`);
    // The stream ended (or its connection broke) before the response: resume it from its own last event id, if it had one.
    const from = read.lastEventId ?? resumedFrom;
    idleResumes = read.events > 0 ? 0 : idleResumes + 1;
    if (from === undefined || idleResumes >= MAX_IDLE_RESUMES) {
      if (end.kind === 'error') {
        ex.rec.finding(ruleById('http/connection-lost'), read.openEvent, '', `${label}: ${describeFailure(end.code)}`);
        throw new TransportFailure('connection-lost', `${label}: ${describeFailure(end.code)}`);
      }
      ex.rec.finding(ruleById('http/stream-closed-before-response'), read.openEvent, '', `the SSE stream answering ${label} ended without a JSON-RPC response${from === undefined ? ' and carried no event id to resume from' : ' and resuming it brought nothing'}`);
      throw new TransportFailure('no-response', `${label}: the stream ended without a response`);
    }
    current = await resume(host, label, from, retryMs);
    resumedFrom = from;
  }
}

/** Waits the server's retry time, then GETs the stream again from the last event id. */
async function resume(host: StreamHost, label: string, from: string, retryMs: number | undefined): Promise<Exchange> {
  const { ex } = host;
  const wait = retryMs ?? 0;
  if (wait > ex.limits.timeoutMs) {
    const at = ex.rec.timeout(`${label}: reconnection time`, ex.limits.timeoutMs);
    ex.rec.finding(ruleById('http/timeout'), at, '', `the server asked to wait ${wait} ms before resuming the stream answering ${label}, beyond the ${ex.limits.timeoutMs} ms limit`);
    throw new TransportFailure('timeout', `${label}: reconnection time too long`);
  }
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  if (ex.closing) throw new TransportFailure('closed', `${label}: the transport was closed`);
  const resumeLabel = `GET resuming ${label}`;
  const answer = await ex.perform('GET', ex.headersFor('GET', { 'last-event-id': from }), resumeLabel);
  const redirect = await ex.redirectFailure(answer);
  if (redirect) throw redirect;
  if (answer.status === 405) {
    await ex.discard(answer);
    ex.rec.finding(ruleById('http/stream-closed-before-response'), answer.responseEvent, '/status', `the SSE stream answering ${label} ended without a JSON-RPC response and the server refused to resume it (HTTP 405)`);
    throw new TransportFailure('no-response', `${label}: the stream could not be resumed`);
  }
  if (answer.status < 200 || answer.status > 299 || mediaType(answer.reply.headers['content-type']) !== 'text/event-stream') {
    throw await ex.statusFailure(answer, ruleById('http/get-stream-answer'), `${resumeLabel} was answered HTTP ${statusLine(answer.status)} with ${answer.reply.headers['content-type'] ?? 'no Content-Type'}`);
  }
  return answer;
}

/** A stream read in the background (the GET stream, or a resumed one) until it ends or is stopped. */
export interface BackgroundStream {
  stop(): void;
  readonly done: Promise<void>;
}

/**
 * Starts reading the SSE stream answering a long-lived request (a 2026-07-28 listen) in the
 * background: no idle limit (a quiet subscription is no fault), no priming event (the revision's
 * streams are not resumable), its own response allowed (a graceful end), until the client closes it.
 */
export function readLongLivedStream(host: StreamHost, ex: Exchange, label: string): BackgroundStream {
  const { reading, result } = readStream(host, ex, 'open', undefined, { label, priming: false, responses: true, idleMs: undefined });
  return {
    stop: () => {
      reading.stop();
      // The connection itself is closed: that is what the server reads as the cancellation.
      ex.reply.destroy();
    },
    done: result.then(() => undefined),
  };
}

/** Starts reading a GET stream in the background: no idle limit, responses only when it resumes an earlier stream. */
export function readBackgroundStream(host: StreamHost, ex: Exchange, resumedFrom: string | undefined): BackgroundStream {
  const label = resumedFrom === undefined ? 'the GET stream' : 'the resumed stream';
  const { reading, result } = readStream(host, ex, resumedFrom === undefined ? 'open' : 'resume', resumedFrom, {
    label, priming: false, responses: resumedFrom !== undefined, idleMs: undefined,
  });
  return { stop: () => reading.stop(), done: result.then(() => undefined) };
}
