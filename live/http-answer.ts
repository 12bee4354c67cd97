// Why: what a server may answer to a POST depends on what the POST carried: a request must get one
// JSON object or an SSE stream, a notification or response must get 202 Accepted with no body.
// Everything else is reported as what it is: a redirect (never followed), an HTTP error status
// named by its code (a 400 for want of a session id the server never issued is its own finding),
// or the wrong Content-Type. The answer's messages go to the recorder as their exact text.
import { checkProbeStatus, readModernRefusal } from './http-modern.ts';
import type { ProbeKind } from './live-judge.ts';
import { onlyUnofferedRevision } from '../validators/negotiation.ts';
import { TransportFailure } from './transport.ts';
import { mediaType, statusLine, type Exchange } from './http-exchange.ts';
import { readResponseStream, type StreamHost } from './http-streams.ts';
import { ruleById } from '../validators/rules/index.ts';

/** What a POST carried. */
export interface Posted {
  readonly kind: 'request' | 'notification' | 'response';
  /** `POST tools/list`, `POST notifications/initialized`, `POST response`. */
  readonly label: string;
  readonly initialize: boolean;
  /** A request of the stateless revision (sent with its metadata headers), and the probe it is. */
  readonly modern?: boolean;
  readonly probe?: ProbeKind;
}

/** Decodes strict UTF-8, or undefined when the bytes are not UTF-8. */
function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Statuses that turn the initialize request away before MCP begins: the check cannot run (no
 * endpoint at that URL, or credentials the user did not give), which is no finding about the server.
 */
const REFUSED_BEFORE_MCP: Readonly<Record<number, string>> = {
  401: 'it requires credentials (give them with --header-env)',
  403: 'it forbids this client (credentials, or a Host or Origin it does not accept)',
  404: 'there is no MCP endpoint at this URL',
  405: 'there is no Streamable HTTP endpoint at this URL',
};

/** Reports an error status: a 400 for want of a session id that was never issued has its own rule. */
export async function errorStatusFailure(host: StreamHost, ex: Exchange, initialize: boolean): Promise<TransportFailure> {
  const { session } = host.ex;
  const refused = initialize ? REFUSED_BEFORE_MCP[ex.status] : undefined;
  if (refused !== undefined) {
    await host.ex.discard(ex);
    return new TransportFailure('refused', `the server answered initialize with HTTP ${statusLine(ex.status)}: ${refused}`, true);
  }
  if (ex.status === 400 && !initialize && session.initialized && session.id === undefined) {
    return host.ex.statusFailure(ex, ruleById('http/session-required-not-issued'),
      `${ex.label} was answered HTTP ${statusLine(ex.status)} although the server issued no session id with its InitializeResult`);
  }
  return host.ex.statusFailure(ex, ruleById('http/error-status'), `${ex.label} was answered HTTP ${statusLine(ex.status)}`);
}

/**
 * A 400 answering initialize with an UnsupportedProtocolVersionError body is what the 2026-07-28
 * transport requires of a modern-only server offered an older version ("it MUST respond with 400
 * Bad Request and an UnsupportedProtocolVersionError"): no HTTP error, but the answer to
 * initialize, delivered as the message it is (the run then could not run, naming the revision).
 * True when it was delivered; otherwise the body is left unread for the error status report.
 */
async function deliverVersionRefusal(host: StreamHost, ex: Exchange): Promise<boolean> {
  if (ex.status !== 400 || mediaType(ex.reply.headers['content-type']) !== 'application/json') return false;
  const body = await host.ex.wire.readBody(ex, host.ex.limits.maxMessageBytes, host.ex.limits.timeoutMs);
  const text = body.kind === 'body' ? decodeUtf8(body.bytes) : undefined;
  let parsed: unknown;
  try {
    parsed = text === undefined ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (text === undefined || onlyUnofferedRevision(parsed) === undefined) {
    const excerpt = body.kind === 'body' && body.bytes.length > 0 ? ` (body: ${host.ex.rec.excerpt(body.bytes)})` : '';
    host.ex.rec.finding(ruleById('http/error-status'), ex.responseEvent, '/status', `${ex.label} was answered HTTP ${statusLine(ex.status)}${excerpt}`);
    throw new TransportFailure('http-status', `${ex.label}: HTTP ${statusLine(ex.status)}`);
  }
  host.deliver(text, ex.exchange, undefined);
  return true;
}

/** Reads the answer to a POST and delivers its messages; throws a recorded TransportFailure when it gets none. */
export async function readPostAnswer(host: StreamHost, ex: Exchange, posted: Posted): Promise<void> {
  const redirect = await host.ex.redirectFailure(ex);
  if (redirect) throw redirect;
  if (ex.status >= 400 && posted.initialize && (await deliverVersionRefusal(host, ex))) return;
  if (posted.modern === true) {
    checkProbeStatus(host, ex, posted.probe);
    if (await readModernRefusal(host, ex, posted.probe)) return;
  }
  if (ex.status >= 400) throw await errorStatusFailure(host, ex, posted.initialize);
  if (posted.kind !== 'request') return readAcceptance(host, ex);
  const type = mediaType(ex.reply.headers['content-type']);
  const success = ex.status >= 200 && ex.status <= 299;
  if (success && type === 'application/json') return readJsonAnswer(host, ex);
  if (success && type === 'text/event-stream') {
    const version = host.ex.session.version;
    // A stream of the stateless revision is not resumable: no priming event is asked of it.
    return readResponseStream(host, ex, posted.label, posted.modern !== true && !posted.initialize && version !== undefined && version >= '2025-11-25');
  }
  await host.ex.discard(ex);
  const got = ex.reply.headers['content-type'] === undefined ? 'no Content-Type' : `Content-Type ${JSON.stringify(host.ex.rec.text(ex.reply.headers['content-type']))}`;
  host.ex.rec.finding(ruleById('http/response-content-type'), ex.responseEvent, ex.reply.headers['content-type'] === undefined ? '/status' : '/headers/content-type',
    `${posted.label} was answered HTTP ${statusLine(ex.status)} with ${got}`);
  throw new TransportFailure('content-type', `${posted.label}: no JSON or SSE answer`);
}

/** A notification or response must be accepted with 202 and no body. */
async function readAcceptance(host: StreamHost, ex: Exchange): Promise<void> {
  const body = await host.ex.wire.readBody(ex, host.ex.limits.maxMessageBytes, host.ex.limits.timeoutMs);
  if (body.kind === 'timeout' || body.kind === 'error') throw host.ex.bodyFailure(ex, body.kind, body.kind === 'error' ? body.code : undefined);
  const hasBody = body.kind === 'too-large' || body.bytes.length > 0;
  if (ex.status !== 202 || hasBody) {
    const what = ex.status !== 202 ? `HTTP ${statusLine(ex.status)}` : 'HTTP 202 with a body';
    host.ex.rec.finding(ruleById('http/accepted-not-202'), ex.responseEvent, '/status', `${ex.label} was answered ${what}`);
  }
}

/** A JSON answer: one body, bounded, strict UTF-8, recorded as one message. */
async function readJsonAnswer(host: StreamHost, ex: Exchange): Promise<void> {
  const body = await host.ex.wire.readBody(ex, host.ex.limits.maxMessageBytes, host.ex.limits.timeoutMs);
  if (body.kind !== 'body') throw host.ex.bodyFailure(ex, body.kind, body.kind === 'error' ? body.code : undefined);
  const text = decodeUtf8(body.bytes);
  if (text === undefined) {
    host.ex.rec.finding(ruleById('json/invalid-utf8'), ex.responseEvent, '', `the JSON body answering ${ex.label} is not valid UTF-8`);
    throw new TransportFailure('invalid-utf8', `${ex.label}: the body is not UTF-8`);
  }
  host.deliver(text, ex.exchange, undefined);
}
