// Why: which profile judges a session is settled in one place for every way in. The server's answer
// to initialize settles it (validators/negotiation.ts holds the pure rules of version negotiation);
// before that answer, or without a handshake, the traffic's first step implies one. Fixtures and
// transcript headers may name a profile instead (runner/profile-for.ts, transcripts/transcript-header.ts
// read their own formats and come here for what the traffic says).
import type { Step } from '../machines/session.ts';
import type { Profile } from '../validators/context.ts';
import { profileForVersion, SPEC_2025_11_25, SPEC_2026_07_28 } from '../validators/profiles.ts';
import { isJsonObject } from '../validators/shape.ts';

export { handshakeProfile, notJudgedPointer, notJudgedText, settleProfile, type Settlement } from '../validators/negotiation.ts';

/** Methods only the stateless revision defines: a client sending one speaks 2026-07-28. */
const STATELESS_ONLY_METHODS: ReadonlySet<unknown> = new Set(['server/discover', 'subscriptions/listen']);

/** The per-request `_meta` keys of the stateless revision; an earlier revision's client puts none of them there. */
const STATELESS_META_KEYS = ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities', 'io.modelcontextprotocol/clientInfo'];

function messageOf(step: Step | undefined): Record<string, unknown> | undefined {
  const message = step && 'message' in step ? step.message : undefined;
  return isJsonObject(message) ? message : undefined;
}

/** Whether a client request says by itself that it speaks the stateless revision: its method, or a per-request `_meta` key. */
function speaksModern(message: Record<string, unknown>): boolean {
  if (STATELESS_ONLY_METHODS.has(message['method'])) return true;
  const params = message['params'];
  const meta = isJsonObject(params) ? params['_meta'] : undefined;
  return isJsonObject(meta) && STATELESS_META_KEYS.some((key) => Object.hasOwn(meta, key));
}

/**
 * The profile the traffic itself implies: an initialize request's protocolVersion picks the
 * matching specification profile (an unsupported one falls back to 2025-11-25, whose lifecycle
 * then reports the mismatch); a request that speaks the stateless revision (its `_meta` keys, or
 * a method only that revision has) picks 2026-07-28.
 */
export function negotiatedProfile(first: Step | undefined): Profile {
  const message = messageOf(first);
  const params = message !== undefined && isJsonObject(message['params']) ? message['params'] : undefined;
  if (message?.['method'] === 'initialize') {
    const version = params?.['protocolVersion'];
    return (typeof version === 'string' ? profileForVersion(version) : undefined) ?? SPEC_2025_11_25;
  }
  if (message !== undefined && typeof message['method'] === 'string' && speaksModern(message)) return SPEC_2026_07_28;
  return SPEC_2025_11_25;
}

/**
 * Whether `step`, the first of a session, leaves its revision open: a client request other than
 * initialize (and ping, which both handshake revisions allow first) that carries no mark of the
 * stateless revision. It is either a request before initialize or a stateless request missing its
 * required `_meta`; what follows tells which (see `revisionEvidence`).
 */
export function leavesRevisionOpen(step: Step): boolean {
  const message = messageOf(step);
  if (message === undefined || !('message' in step) || step.direction !== 'client_to_server') return false;
  const method = message['method'];
  const id = message['id'];
  const request = typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint';
  return request && typeof method === 'string' && method !== 'initialize' && method !== 'ping' && !speaksModern(message);
}

/**
 * What a later step says of a session whose first step left its revision open (`first`): the
 * client's next request tells (one that speaks the stateless revision: 2026-07-28; initialize: the
 * version it offers; any other: the profile the first step implies), and so does a result (with
 * resultType: 2026-07-28; without: the older profile); an error answer or a notification tells
 * nothing (undefined), so the wait is one exchange or two.
 */
export function revisionEvidence(step: Step, first: Step): Profile | undefined {
  const message = messageOf(step);
  if (message === undefined || !('message' in step)) return undefined;
  if (step.direction === 'client_to_server' && typeof message['method'] === 'string') {
    if (message['method'] === 'initialize') return negotiatedProfile(step);
    if (speaksModern(message)) return SPEC_2026_07_28;
    return message['id'] === undefined ? undefined : negotiatedProfile(first);
  }
  const result = message['result'];
  if (step.direction !== 'server_to_client' || 'method' in message || !isJsonObject(result)) return undefined;
  return result['resultType'] === 'complete' || result['resultType'] === 'input_required' ? SPEC_2026_07_28 : negotiatedProfile(first);
}

/** Whether `step` is the client's initialize request, whose answer settles the profile (the steps up to it wait). */
export function opensNegotiation(step: Step): boolean {
  if (!('message' in step) || step.direction !== 'client_to_server' || !isJsonObject(step.message)) return false;
  const id = step.message['id'];
  return step.message['method'] === 'initialize' && (typeof id === 'string' || typeof id === 'number');
}
