// Why: a client of both eras opens with server/discover and speaks the era its answer shows
// (2026-07-28 versioning, "Backward Compatibility with Initialization-Based Versions"). check opens
// its run with this probe; fuzz opens a connection of its own with it to choose the era of every run
// of its search. One function decides, so the two choose alike and say why in the same words.
import { eraOfProbeAnswer } from '../validators/era.ts';
import type { Answer, Exchange } from './exchange.ts';
import type { ClientAnswers } from './server-requests.ts';
import { MODERN_VERSION, requestMeta } from './modern-requests.ts';

/** What the era probe showed: the era and why (modern: with the probe's answer), or that the connection ended or could not run. */
export type EraProbe =
  | { readonly kind: 'modern'; readonly why: string; readonly opening: Answer }
  | { readonly kind: 'legacy'; readonly why: string }
  | { readonly kind: 'ended'; readonly error: string }
  | { readonly kind: 'failed'; readonly error: string };

/**
 * How long the era probe waits at most (ms) before the server counts as legacy (stdio: "does not
 * respond within a reasonable timeout: the server is legacy"), however long --timeout is: a legacy
 * server that leaves requests before initialize unanswered still falls back in that time.
 */
export const ERA_PROBE_MS = 10_000;

/**
 * Sends the era probe (server/discover, marked `era-probe`) on a started exchange and reads its
 * answer, waiting `probeMs` at most (ERA_PROBE_MS unless given), never longer than `timeoutMs`.
 */
export async function probeEra(exchange: Exchange, answers: ClientAnswers, timeoutMs: number, protocolVersion: string, probeMs = ERA_PROBE_MS): Promise<EraProbe> {
  const limitMs = Math.min(timeoutMs, probeMs);
  const probe = await exchange.send('server/discover', { _meta: requestMeta(answers) }, { probe: 'era-probe', timeoutMs: limitMs }).answer;
  if (probe.kind === 'ended') return { kind: 'ended', error: 'the server ended the connection before answering server/discover' };
  if (probe.kind === 'failed' && probe.couldNotRun) return { kind: 'failed', error: probe.reason };
  const answered = probe.kind === 'result' ? { result: probe.result } : probe.kind === 'error' ? { error: probe.error } : undefined;
  // A DiscoverResult whose supportedVersions lacks 2026-07-28 shows a modern server that does not
  // speak the one modern revision the checker does (stdio page: "Select a mutually supported version
  // from supportedVersions"): a legacy version in common is opened with initialize, none is could-not-run.
  const supported = probe.kind === 'result' && Array.isArray(probe.result['supportedVersions'])
    ? probe.result['supportedVersions'].filter((v): v is string => typeof v === 'string') : undefined;
  if (supported !== undefined && !supported.includes(MODERN_VERSION)) {
    const listed = supported.map((v) => JSON.stringify(v)).join(', ') || 'none';
    if (supported.includes(protocolVersion)) {
      return { kind: 'legacy', why: `server/discover (sent first, as a client of both eras does) was answered with a DiscoverResult whose supportedVersions (${listed}) lack ${MODERN_VERSION} but name ${protocolVersion}: opened with initialize ${protocolVersion}` };
    }
    return { kind: 'failed', error: `the server's DiscoverResult names the versions ${listed}, none of which the check speaks (${MODERN_VERSION}, or ${protocolVersion} with initialize)` };
  }
  if (answered !== undefined && eraOfProbeAnswer(answered) === 'modern') {
    const how = probe.kind === 'result' ? 'a DiscoverResult' : `error ${String(probe.kind === 'error' ? probe.error['code'] : '')}, a modern error`;
    return { kind: 'modern', why: `server/discover (sent first, as a client of both eras does) was answered with ${how}`, opening: probe };
  }
  const how = probe.kind === 'timeout' ? `no answer within ${limitMs / 1000} s`
    : probe.kind === 'error' ? `error ${String(probe.error['code'])}, not a modern error`
    : probe.kind === 'failed' ? probe.reason
    : 'a result that is no DiscoverResult';
  return { kind: 'legacy', why: `server/discover (sent first, as a client of both eras does) was answered with ${how}: a legacy server, opened with initialize ${protocolVersion}` };
}
