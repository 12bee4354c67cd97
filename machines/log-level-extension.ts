import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import { idKey, type IdKey } from '../validators/envelope.ts';
import type { Finding } from '../validators/finding.ts';
import { finding } from '../validators/rules/report.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, SessionExtension } from './extension.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';

const LEVEL_KEY = 'io.modelcontextprotocol/logLevel';
/** RFC 5424 severities, least severe first. */
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/**
 * Logging in the stateless revision: a client opts in per request with `_meta` logLevel
 * ("If absent, the server MUST NOT send any notifications/message for this request"). A log
 * message needs a client request in flight that asked for logs, and should be at or above the
 * least severe level asked for. (A transcript does not say which response stream carried a
 * message, so any request in flight counts.)
 */
export class LogLevelExtension implements SessionExtension {
  readonly name = 'log-levels';
  readonly #asked = new Map<IdKey, number>();

  checkCall(call: CallEvent): readonly Finding[] {
    if (call.method !== 'notifications/message' || call.direction !== 'server_to_client') return NO_FINDINGS;
    if (this.#asked.size === 0) {
      return [finding(ruleById('stateless/log-without-level'), '/message/method',
        'notifications/message sent while no request in flight set io.modelcontextprotocol/logLevel in its _meta')];
    }
    const level = LEVELS.indexOf(String(call.params?.['level']));
    const least = Math.min(...this.#asked.values());
    if (level >= 0 && level < least) {
      return [finding(ruleById('stateless/log-below-level'), '/message/params/level',
        `log level ${LEVELS[level]} is below ${LEVELS[least]}, the least severe level the requests in flight asked for`)];
    }
    return NO_FINDINGS;
  }

  acceptCall(call: CallEvent): void {
    if (call.kind !== 'request' || call.id === undefined || call.direction !== 'client_to_server') return;
    const meta = call.params?.['_meta'];
    const level = isJsonObject(meta) ? LEVELS.indexOf(String(meta[LEVEL_KEY])) : -1;
    if (level >= 0) this.#asked.set(idKey(call.id), level);
  }

  acceptResponse(pending: PendingRequest, _ok: boolean, _result: JsonObject | undefined, direction: Direction): void {
    if (direction === 'server_to_client') this.#asked.delete(idKey(pending.id));
  }

  view(): unknown {
    return [...this.#asked.entries()].map(([id, level]) => `${id}: ${LEVELS[level]}`).sort();
  }
}

/** Per-request log levels exist only in the stateless revision (the others use logging/setLevel). */
export function logLevelExtension(profile: Profile): SessionExtension | undefined {
  return profile.stateless ? new LogLevelExtension() : undefined;
}
