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

/**
 * The profile the traffic itself implies: an initialize request's protocolVersion picks the
 * matching specification profile (an unsupported one falls back to 2025-11-25, whose lifecycle
 * then reports the mismatch); a request carrying the stateless `_meta` version picks 2026-07-28.
 */
export function negotiatedProfile(first: Step | undefined): Profile {
  const message = first && 'message' in first ? first.message : undefined;
  const params = isJsonObject(message) && isJsonObject(message['params']) ? message['params'] : undefined;
  if (isJsonObject(message) && message['method'] === 'initialize') {
    const version = params?.['protocolVersion'];
    return (typeof version === 'string' ? profileForVersion(version) : undefined) ?? SPEC_2025_11_25;
  }
  const meta = params?.['_meta'];
  if (isJsonObject(meta) && typeof meta['io.modelcontextprotocol/protocolVersion'] === 'string') return SPEC_2026_07_28;
  return SPEC_2025_11_25;
}

/** Whether `step` is the client's initialize request, whose answer settles the profile (the steps up to it wait). */
export function opensNegotiation(step: Step): boolean {
  if (!('message' in step) || step.direction !== 'client_to_server' || !isJsonObject(step.message)) return false;
  const id = step.message['id'];
  return step.message['method'] === 'initialize' && (typeof id === 'string' || typeof id === 'number');
}
