// Why: every live run opens the same way, as a careful client: initialize with exactly the
// capabilities it can answer for, and the run cannot go on when the server goes away, refuses the
// handshake or answers it with something the session rejects (a client would disconnect).
import type { JsonObject } from '../validators/context.ts';
import { hasError } from '../validators/finding.ts';
import { notJudgedText } from '../validators/negotiation.ts';
import { isJsonObject } from '../validators/shape.ts';
import { CLIENT_INFO } from './client-info.ts';
import type { Exchange } from './exchange.ts';
import type { LiveRecorder } from './recorder.ts';
import { clientCapabilities, type ClientAnswers } from './server-requests.ts';

/** How the initialize exchange ended: the server's capabilities, or the end of the run (with why it could not run, if so). */
export type Handshake = { readonly ok: true; readonly server: JsonObject } | { readonly ok: false; readonly error?: string };

/** Sends initialize and reads its answer; notifications/initialized is the caller's to send. */
export async function initialize(exchange: Exchange, recorder: LiveRecorder, version: string, answers: ClientAnswers): Promise<Handshake> {
  const init = await exchange.request('initialize', {
    protocolVersion: version,
    capabilities: clientCapabilities(answers, version),
    clientInfo: CLIENT_INFO,
  });
  if (init.kind === 'ended') return { ok: false, error: 'the server ended the connection before answering initialize' };
  if (init.kind === 'failed') return init.couldNotRun ? { ok: false, error: init.reason } : { ok: false };
  if (init.kind === 'timeout' || init.kind === 'cancelled') return { ok: false };
  // A version the client does not support ends the run, as the lifecycle says a client should
  // disconnect; answering a published revision is the server's right, so the run could not check
  // it. So is refusing initialize with an UnsupportedProtocolVersionError that lists only a revision
  // the live checks do not offer (a modern-only server), over stdio and HTTP alike.
  const { notJudged } = recorder.negotiation();
  if (notJudged !== null) {
    const how = init.kind === 'error' ? 'refused initialize with UnsupportedProtocolVersionError: it speaks' : 'answered initialize with';
    return { ok: false, error: `the server ${how} ${notJudgedText(notJudged)}` };
  }
  if (init.kind === 'error') {
    return { ok: false, error: `the server refused initialize: ${String(init.error['message'] ?? '')} (error ${String(init.error['code'])})` };
  }
  // A rejected handshake (a version no revision has, a malformed result) ends the run, as a client would disconnect.
  if (hasError(recorder.findingsAt(init.event))) return { ok: false };
  return { ok: true, server: isJsonObject(init.result['capabilities']) ? init.result['capabilities'] : {} };
}
