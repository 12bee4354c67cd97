import type { InspectionEvent } from 'xstate';
import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import { hasError, type Finding } from '../validators/finding.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { levelRank, type LogLevel } from './asked-levels.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionOptions, SessionExtension } from './extension.ts';
import { DeferredCommits, GatedActor } from './gated-actor.ts';
import { logLevelMachine, type LogLevelEvent } from './log-level.ts';

const LEVEL_KEY = 'io.modelcontextprotocol/logLevel';

/**
 * Logging in the 2026-07-28 revision, decided by the log-level chart (`machines/log-level.ts`): a
 * server's notifications/message is judged before the session accepts it and taken once it does;
 * a client request whose `_meta` asks for a level is recorded once the session accepts it, and
 * the server's answer to it ends it.
 */
export class LogLevelExtension implements SessionExtension {
  readonly name = 'log-levels';
  readonly #chart: GatedActor<typeof logLevelMachine>;
  /** A log message's event, held until the session accepts that message. */
  readonly #deferred = new DeferredCommits();

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.#chart = new GatedActor(logLevelMachine, undefined, inspect);
  }

  checkCall(call: CallEvent): readonly Finding[] {
    if (call.method !== 'notifications/message' || call.direction !== 'server_to_client') return NO_FINDINGS;
    this.#deferred.hold(call);
    const level = call.params?.['level'];
    const event: LogLevelEvent = { type: 'log', level: typeof level === 'string' ? level : undefined };
    const { findings, unchanged } = this.#chart.checkTaking(event);
    if (!hasError(findings) && !unchanged) this.#deferred.add(() => this.#chart.send(event));
    return findings;
  }

  acceptCall(call: CallEvent): void {
    this.#deferred.commit(call);
    if (call.kind !== 'request' || call.id === undefined || call.direction !== 'client_to_server') return;
    const meta = call.params?.['_meta'];
    const level = isJsonObject(meta) ? meta[LEVEL_KEY] : undefined;
    if (levelRank(level) >= 0) this.#chart.send({ type: 'request', id: call.id, level: level as LogLevel });
  }

  acceptResponse(pending: PendingRequest, _ok: boolean, _result: JsonObject | undefined, direction: Direction): void {
    if (direction === 'server_to_client') this.#chart.send({ type: 'answered', id: pending.id });
  }

  view(): unknown {
    return this.#chart.snapshot.context.asked.describe();
  }

  stop(): void {
    this.#chart.stop();
  }
}

/** Per-request log levels exist only in the stateless revision (the others use logging/setLevel). */
export function logLevelExtension(profile: Profile, options?: ExtensionOptions): SessionExtension | undefined {
  return profile.stateless ? new LogLevelExtension(options?.inspect) : undefined;
}
