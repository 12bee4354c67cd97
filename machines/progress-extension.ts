import type { InspectionEvent } from 'xstate';
import { profileFacts } from '../validators/profiles.ts';
import { type Direction, type JsonObject, OPPOSITE, type Profile } from '../validators/context.ts';
import { idKey, type IdKey, type RequestId } from '../validators/envelope.ts';
import { hasError, type Finding } from '../validators/finding.ts';
import { isTaskAugmented, isTerminalStatus } from '../validators/tasks.ts';
import { isProgressToken, validateRequestProgressToken } from '../validators/utilities.ts';
import { BoundedMap } from './bounded-map.ts';
import { cancelledRequestDirection } from './cancellation-extension.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionOptions, ExtensionView, SessionExtension } from './extension.ts';
import { DeferredCommits, GatedActor } from './gated-actor.ts';
import { progressMachine, UNHELD_PROGRESS } from './progress.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';

type TokenActor = GatedActor<typeof progressMachine>;

/** Answered tokens remembered per direction, to tell "after completion" from "never seen". */
const RETIRED_LIMIT = 1024;

function progressTokenOf(params: JsonObject | undefined): { present: boolean; token: unknown } {
  const meta = params?.['_meta'];
  if (!isJsonObject(meta) || !Object.hasOwn(meta, 'progressToken')) return { present: false, token: undefined };
  return { present: true, token: meta['progressToken'] };
}

function perDirection<T>(make: (d: Direction) => T): Record<Direction, T> {
  return { client_to_server: make('client_to_server'), server_to_client: make('server_to_client') };
}

/**
 * Progress as a session extension: one progress machine per token of a request in flight,
 * keyed by the request's direction. A task-augmented request's token lives on with its task
 * until a terminal status is seen (tasks/get, tasks/cancel, tasks/result, tasks/list or a
 * status notification).
 */
export class ProgressExtension implements SessionExtension {
  readonly name = 'progress';
  readonly #profile: Profile;
  readonly #inspect: ((event: InspectionEvent) => void) | undefined;
  /** Every remembered token (open or done), by request direction and token key. */
  readonly #tokens = perDirection(() => new Map<IdKey, TokenActor>());
  /** Done tokens, oldest first; the oldest are forgotten beyond the limit. */
  readonly #retired = perDirection((d) => new BoundedMap<IdKey, TokenActor>(RETIRED_LIMIT, (key, actor) => {
    if (this.#tokens[d].get(key) === actor) this.#tokens[d].delete(key);
    actor.stop();
  }));
  /** The token key of each request in flight that carries one, by request direction and id key. */
  readonly #byRequest = perDirection(() => new Map<IdKey, IdKey>());
  /** The token carried on by each task, by the direction its receiver answers in and task id. */
  readonly #byTask = perDirection(() => new Map<string, { direction: Direction; token: IdKey }>());
  readonly #deferred = new DeferredCommits();
  /** Judges progress naming a token no active request carries (it holds none, so it rejects every notification it is given). */
  #unheld: TokenActor | undefined;

  constructor(profile: Profile, inspect?: (event: InspectionEvent) => void) {
    this.#profile = profile;
    this.#inspect = inspect;
  }

  checkCall(call: CallEvent): readonly Finding[] {
    this.#deferred.hold(call);
    if (call.kind === 'request') return this.#checkRequest(call);
    if (call.method !== 'notifications/progress') return NO_FINDINGS;
    const token = call.params?.['progressToken'];
    const progress = call.params?.['progress'];
    if (!isProgressToken(token) || typeof progress !== 'number') return NO_FINDINGS; // the params validator reported it
    const key = idKey(token);
    const actor = this.#tokens[OPPOSITE[call.direction]].get(key) ?? this.#tokens[call.direction].get(key)
      ?? (this.#unheld ??= new GatedActor(progressMachine, UNHELD_PROGRESS, this.#inspect));
    const total = call.params?.['total'];
    const event = { type: 'progress' as const, from: call.direction, progress, total: typeof total === 'number' ? total : undefined, token };
    const found = actor.check(event);
    if (!hasError(found)) this.#deferred.add(() => actor.send(event));
    return found;
  }

  #checkRequest(call: CallEvent): readonly Finding[] {
    const invalid = validateRequestProgressToken(call.params);
    if (invalid) return [invalid];
    const { token } = progressTokenOf(call.params);
    if (!isProgressToken(token)) return NO_FINDINGS;
    const actor = this.#tokens[call.direction].get(idKey(token));
    if (actor === undefined || actor.snapshot.matches('done') || call.id === undefined) return NO_FINDINGS;
    return actor.check({ type: 'reuse', requestId: call.id });
  }

  acceptCall(call: CallEvent, view: ExtensionView): void {
    this.#deferred.commit(call);
    if (call.kind === 'request') {
      const { token } = progressTokenOf(call.params);
      if (isProgressToken(token) && call.id !== undefined) this.#open(call.direction, token, call.id, call.method);
      return;
    }
    if (call.method === 'notifications/cancelled') {
      const id = call.params?.['requestId'];
      if (typeof id !== 'string' && typeof id !== 'number') return;
      const direction = cancelledRequestDirection(this.#profile, call.direction);
      if (view.pending(direction, id) === undefined) return;
      const token = this.#byRequest[direction].get(idKey(id));
      if (token !== undefined) this.#tokens[direction].get(token)?.send({ type: 'cancelled' });
    } else if (call.method === 'notifications/tasks/status') {
      this.#observeTask(call.direction, call.params?.['taskId'], call.params?.['status']);
    }
  }

  #open(direction: Direction, token: string | number, requestId: RequestId, method: string): void {
    const key = idKey(token);
    const old = this.#tokens[direction].get(key);
    if (old !== undefined) {
      this.#retired[direction].delete(key);
      old.stop();
    }
    this.#tokens[direction].set(key, new GatedActor(progressMachine, { token, direction, requestId, method }, this.#inspect));
    this.#byRequest[direction].set(idKey(requestId), key);
  }

  acceptResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, direction: Direction): void {
    const requestDirection = OPPOSITE[direction];
    const requestKey = idKey(pending.id);
    const token = this.#byRequest[requestDirection].get(requestKey);
    if (token !== undefined) {
      this.#byRequest[requestDirection].delete(requestKey);
      const actor = this.#tokens[requestDirection].get(token);
      const task = isJsonObject(result?.['task']) ? (result['task'] as JsonObject) : undefined;
      if (actor !== undefined && ok && isTaskAugmented(pending.params) && typeof task?.['taskId'] === 'string') {
        actor.send({ type: 'task.created', taskId: task['taskId'] });
        this.#byTask[direction].set(task['taskId'], { direction: requestDirection, token });
        this.#observeTask(direction, task['taskId'], task['status']);
      } else if (actor !== undefined) {
        actor.send({ type: 'answered' });
        this.#retire(requestDirection, token, actor);
      }
    }
    if (!ok || result === undefined) return;
    const taskId = isJsonObject(pending.params) ? pending.params['taskId'] : undefined;
    if (pending.method === 'tasks/get' || pending.method === 'tasks/cancel') this.#observeTask(direction, taskId, result['status']);
    else if (pending.method === 'tasks/result' && typeof taskId === 'string') this.#endTask(direction, taskId);
    else if (pending.method === 'tasks/list' && Array.isArray(result['tasks'])) {
      for (const t of result['tasks'] as unknown[]) if (isJsonObject(t)) this.#observeTask(direction, t['taskId'], t['status']);
    }
  }

  /** A status seen for the task held by the side answering in `holder`: a terminal one ends its token. */
  #observeTask(holder: Direction, taskId: unknown, status: unknown): void {
    if (typeof taskId === 'string' && isTerminalStatus(status)) this.#endTask(holder, taskId);
  }

  /** The task held by the side answering in `holder` is terminal (a tasks/result answer says so too). */
  #endTask(holder: Direction, taskId: string): void {
    const bound = this.#byTask[holder].get(taskId);
    if (bound === undefined) return;
    this.#byTask[holder].delete(taskId);
    const actor = this.#tokens[bound.direction].get(bound.token);
    if (actor === undefined) return;
    actor.send({ type: 'task.ended' });
    this.#retire(bound.direction, bound.token, actor);
  }

  #retire(direction: Direction, token: IdKey, actor: TokenActor): void {
    if (actor.snapshot.matches('done')) this.#retired[direction].set(token, actor);
  }

  view(): unknown {
    const open = (d: Direction) =>
      [...this.#tokens[d].values()]
        .filter((a) => !a.snapshot.matches('done'))
        .map((a) => {
          const c = a.snapshot.context;
          return { token: c.token, requestId: c.requestId, method: c.method, state: JSON.stringify(a.snapshot.value), last: c.last ?? null };
        });
    return { client_to_server: open('client_to_server'), server_to_client: open('server_to_client') };
  }

  stop(): void {
    for (const d of ['client_to_server', 'server_to_client'] as const) {
      for (const a of this.#tokens[d].values()) a.stop();
      this.#tokens[d].clear();
    }
    this.#unheld?.stop();
  }
}

/** Progress applies in the specification profiles; the course profile rejects notifications/progress outright. */
export function progressExtension(profile: Profile, options?: ExtensionOptions): SessionExtension | undefined {
  return profileFacts(profile).coreMachinesOnly ? undefined : new ProgressExtension(profile, options?.inspect);
}
