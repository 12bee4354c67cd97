// Why: to compare a fixture message with the schema, the comparison needs the message, the
// request a result answers, and our verdict on the message's shape. This replays each case
// through a fresh session the way the runner does (setup handshake first), but feeds every step
// even after an error, and also runs the message's own validators directly: a stateful rejection
// (lifecycle, capability, authorization...) stops the session before the shape checks, so the
// direct run is what makes a shape verdict exist for every message.
import { caseEntries, caseProblem } from '../../../runner/case-steps.ts';
import { Session, type Step, type WireStep } from '../../../machines/session.ts';
import type { Fixture, FixtureCase } from '../../../runner/fixture-schema.ts';
import { caseSessionConfig, setupSteps } from '../../../runner/run-case.ts';
import type { JsonObject, Profile, ValidationContext } from '../../../validators/context.ts';
import { classifyMessage, idKey, RequestIdSchema, type Envelope, type IdKey } from '../../../validators/envelope.ts';
import type { Finding } from '../../../validators/finding.ts';
import { isNotificationMethod, isRequestMethod, methodTable } from '../../../validators/methods.ts';
import * as v from 'valibot';
import type { Answered } from './schema-verdict.ts';

/** One wire message of a case, with the request it answers and our findings on it. */
export interface PlayedMessage {
  /** `<case name>/steps/<i>` or `<case name>/setup/<i>`. */
  readonly location: string;
  readonly setup: boolean;
  readonly direction: WireStep['direction'];
  readonly message: unknown;
  /** The request a result or error answers (any earlier request with that id in the other direction). */
  readonly answered: Answered | undefined;
  /** Every finding: the session's and the message validators' own. */
  readonly findings: readonly Finding[];
}

function isObject(x: unknown): x is JsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isWire(step: Step): step is WireStep {
  return !('control_event' in step);
}

const OPPOSITE = { client_to_server: 'server_to_client', server_to_client: 'client_to_server' } as const;

/**
 * The findings of a message's own params or result validators, run directly (a result with the
 * request it answers): a stateful rejection stops the session before them.
 */
export function ownValidatorFindings(table: ReturnType<typeof methodTable>, env: Envelope | undefined, answered: Answered | undefined, ctx: ValidationContext): readonly Finding[] {
  if (env?.kind === 'request' || env?.kind === 'notification') {
    return table.get(env.method)?.validators.params?.(env.params, '/message/params', ctx) ?? [];
  }
  if (env?.kind === 'result' && answered) return table.get(answered.method)?.validators.result?.(env.result, '/message/result', answered.params, ctx) ?? [];
  return [];
}

/** Replays one case under `profile` and returns every wire message it sends, setup included. */
export function playCase(fixture: Fixture, kase: FixtureCase, profile: Profile): PlayedMessage[] {
  const session = new Session(caseSessionConfig(fixture, kase, profile));
  const table = methodTable(profile);
  const isNotification = (m: string): boolean => isNotificationMethod(m, table);
  const isRequest = (m: string): boolean => isRequestMethod(m, table);
  // Requests by sending direction and id key, whatever our verdict on them: the schema side needs
  // only the method a result answers.
  const sent = { client_to_server: new Map<IdKey, Answered>(), server_to_client: new Map<IdKey, Answered>() };
  const out: PlayedMessage[] = [];
  if (caseProblem(kase, profile) !== undefined) return out;
  // A malformed step ends the case where it stands (runner/case-steps.ts): nothing after it is played.
  const entries = caseEntries(kase, 0);
  const malformed = entries.findIndex((e) => 'problem' in e);
  const steps = [
    ...setupSteps(fixture, kase, profile).map((step, i) => ({ location: `${kase.name}/setup/${i}`, setup: true, step })),
    ...(malformed < 0 ? entries : entries.slice(0, malformed)).map((e, i) => ({ location: `${kase.name}/steps/${i}`, setup: false, step: (e as { step: Step }).step })),
  ];
  try {
    for (const { location, setup, step } of steps) {
      if (!isWire(step)) {
        session.feed(step);
        continue;
      }
      const message = step.message;
      let answered: Answered | undefined;
      const direct: Finding[] = [];
      const classified = classifyMessage(message, '/message', isNotification, isRequest);
      direct.push(...classified.findings);
      if (isObject(message) && typeof message['method'] === 'string' && 'id' in message && v.is(RequestIdSchema, message['id'])) {
        sent[step.direction].set(idKey(message['id']), { method: message['method'], params: message['params'] });
      } else if (isObject(message) && !('method' in message) && v.is(RequestIdSchema, message['id'])) {
        const key = idKey(message['id']);
        answered = sent[OPPOSITE[step.direction]].get(key);
        sent[OPPOSITE[step.direction]].delete(key);
      }
      direct.push(...ownValidatorFindings(table, classified.envelope, answered, session.validationContext));
      const fed = session.feed(step);
      out.push({ location, setup, direction: step.direction, message, answered, findings: [...direct, ...fed] });
    }
  } finally {
    session.stop();
  }
  return out;
}
