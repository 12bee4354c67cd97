import type { InspectionEvent } from 'xstate';
import { profileFacts } from '../validators/profiles.ts';
import { type Direction, type JsonObject, OPPOSITE, type Profile } from '../validators/context.ts';
import { hasError, pointerJoin, type Finding } from '../validators/finding.ts';
import { methodTable } from '../validators/methods.ts';
import { isTaskAugmented, isTaskStatus, RELATED_TASK_KEY, relatedTaskId, validateRelatedTask, validateTaskIdEcho, type TaskStatus } from '../validators/tasks.ts';
import { BoundedMap } from './bounded-map.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionOptions, ExtensionView, SessionExtension } from './extension.ts';
import { DeferredCommits, GatedActor } from './gated-actor.ts';
import { taskMachine, UNHELD_TASK, type TaskEvent, type TaskInput } from './task.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { idKey, type IdKey } from '../validators/envelope.ts';

type TaskActor = GatedActor<typeof taskMachine>;

/** Tasks remembered per receiver; the oldest are forgotten beyond it (later mentions then only warn). */
const TASK_LIMIT = 4096;
/** Task-augmented requests remembered per receiver while their CreateTaskResult is awaited. */
const CREATING_LIMIT = 1024;
/** Methods whose own params or result name the task, so related-task metadata is not theirs to judge. */
const TASK_METHODS = new Set(['tasks/get', 'tasks/result', 'tasks/cancel', 'tasks/list', 'notifications/tasks/status']);

function withoutTask(params: unknown): unknown {
  if (!isJsonObject(params)) return params;
  const { task: _task, ...rest } = params;
  return rest;
}

/**
 * Tasks (2025-11-25) as a session extension: one task machine per task, keyed by the direction
 * its receiver answers in and its id. Tasks are created by the CreateTaskResult of a
 * task-augmented request, or adopted when a Task for an unknown id is reported (tasks outlive a
 * session, so naming an unknown task only warns). A status notification may also overtake the
 * CreateTaskResult it follows (a receiver may report the new task at once, and over HTTP the two
 * may travel on different streams): while a task-augmented request awaits its CreateTaskResult,
 * a notification naming an unknown task is not reported, and the CreateTaskResult that then names
 * it takes the provisional task over rather than reuse its id. tasks/result is checked against
 * the result validator of the request the task wraps.
 */
export class TaskExtension implements SessionExtension {
  readonly name = 'tasks';
  readonly #profile: Profile;
  readonly #inspect: ((event: InspectionEvent) => void) | undefined;
  readonly #tasks: Record<Direction, BoundedMap<string, TaskActor>> = {
    client_to_server: new BoundedMap(TASK_LIMIT, (_id, actor) => actor.stop()),
    server_to_client: new BoundedMap(TASK_LIMIT, (_id, actor) => actor.stop()),
  };
  readonly #deferred = new DeferredCommits();
  /** By the direction the receiver answers in: its task-augmented requests still awaiting their answer. */
  readonly #creating: Record<Direction, Set<IdKey>> = { client_to_server: new Set(), server_to_client: new Set() };
  /** By the same direction: tasks adopted from a notification while a creation was awaited, until a CreateTaskResult names them. */
  readonly #provisional: Record<Direction, Set<string>> = { client_to_server: new Set(), server_to_client: new Set() };
  /** Judges messages naming a task no machine holds (it holds none, and nothing it is given changes it). */
  #unheld: TaskActor | undefined;

  constructor(profile: Profile, inspect?: (event: InspectionEvent) => void) {
    this.#profile = profile;
    this.#inspect = inspect;
  }

  checkCall(call: CallEvent): readonly Finding[] {
    this.#deferred.hold(call);
    const out: Finding[] = [];
    this.#checkRelated(call.method, call.params?.['_meta'], '/message/params/_meta', out);
    if (hasError(out)) return out;
    const taskId = call.params?.['taskId'];
    if (typeof taskId !== 'string') return out;
    if (call.kind === 'request' && (call.method === 'tasks/get' || call.method === 'tasks/result' || call.method === 'tasks/cancel')) {
      const holder = OPPOSITE[call.direction];
      const actor = this.#tasks[holder].get(taskId);
      if (actor === undefined) {
        this.#judgeNotHeld(holder, { type: 'mentioned', taskId, by: 'query', from: call.direction, creationAwaited: false, at: '/message/params/taskId' }, out);
      } else if (call.method === 'tasks/cancel') {
        this.#gate(actor, { type: 'cancel.requested', at: '/message/params/taskId' }, out);
      }
    } else if (call.method === 'notifications/tasks/status') {
      this.#report(call.direction, taskId, call.params?.['status'], '/message/params', 'status', out, true);
    }
    return out;
  }

  acceptCall(call: CallEvent): void {
    this.#deferred.commit(call);
    if (call.kind !== 'request' || call.id === undefined || !isTaskAugmented(call.params)) return;
    const creating = this.#creating[OPPOSITE[call.direction]];
    creating.add(idKey(call.id));
    if (creating.size > CREATING_LIMIT) creating.delete(creating.values().next().value as IdKey);
  }

  checkResult(pending: PendingRequest, result: JsonObject, direction: Direction, view: ExtensionView): readonly Finding[] {
    this.#deferred.hold(pending);
    const out: Finding[] = [];
    if (pending.method !== 'tasks/result') this.#checkRelated(pending.method, result['_meta'], '/message/result/_meta', out);
    const taskId = isJsonObject(pending.params) ? pending.params['taskId'] : undefined;
    switch (pending.method) {
      case 'tasks/get':
      case 'tasks/cancel': {
        if (typeof taskId !== 'string') break;
        const mismatch = validateTaskIdEcho(pending.method, pending.params, result);
        if (mismatch) {
          out.push(mismatch);
          break;
        }
        this.#report(direction, taskId, result['status'], '/message/result', pending.method === 'tasks/cancel' ? 'cancel.confirmed' : 'status', out, false);
        break;
      }
      case 'tasks/result': {
        const actor = typeof taskId === 'string' ? this.#tasks[direction].get(taskId) : undefined;
        if (actor === undefined) break;
        const { method, params } = actor.snapshot.context;
        const validate = method === undefined ? undefined : methodTable(this.#profile).get(method)?.validators.result;
        if (validate) out.push(...validate(result, '/message/result', withoutTask(params), view.ctx));
        this.#deferred.add(() => actor.send({ type: 'result.delivered' }));
        break;
      }
      case 'tasks/list': {
        const tasks = result['tasks'];
        if (!Array.isArray(tasks)) break;
        tasks.forEach((t: unknown, i) => {
          if (isJsonObject(t) && typeof t['taskId'] === 'string') this.#report(direction, t['taskId'], t['status'], pointerJoin('/message/result/tasks', i), 'status', out, false);
        });
        break;
      }
      default:
        if (isTaskAugmented(pending.params)) this.#checkCreated(pending, result, direction, out);
    }
    return out.length === 0 ? NO_FINDINGS : out;
  }

  acceptResponse(pending: PendingRequest, _ok: boolean, _result: JsonObject | undefined, direction: Direction): void {
    this.#deferred.commit(pending);
    const creating = this.#creating[direction];
    // With no creation awaited any more, a task still provisional is one no CreateTaskResult named: adopted like any other.
    if (creating.delete(idKey(pending.id)) && creating.size === 0) this.#provisional[direction].clear();
  }

  /** A CreateTaskResult: a new task of the receiver answering in `holder`, or a reused id. */
  #checkCreated(pending: PendingRequest, result: JsonObject, holder: Direction, out: Finding[]): void {
    const task = result['task'];
    if (!isJsonObject(task) || typeof task['taskId'] !== 'string') return;
    const taskId = task['taskId'];
    const existing = this.#tasks[holder].get(taskId);
    const input = { taskId, holder, method: pending.method, params: pending.params, requestId: pending.id };
    if (existing !== undefined && this.#provisional[holder].has(taskId)) {
      // Its status notification came first: the task is this request's, in the status last reported.
      this.#deferred.add(() => {
        this.#provisional[holder].delete(taskId);
        const latest = existing.snapshot.context.status;
        existing.stop();
        this.#create(input).send({ type: 'status', status: latest, at: '/message/result/task/status' });
      });
      return;
    }
    if (existing !== undefined) {
      out.push(...existing.check({ type: 'created', at: '/message/result/task/taskId' }));
      return;
    }
    const status = task['status'];
    this.#deferred.add(() => {
      const actor = this.#create(input);
      if (isTaskStatus(status)) actor.send({ type: 'status', status, at: '/message/result/task/status' });
    });
  }

  /**
   * A status reported for a task of the receiver answering in `holder` (`at` points at the Task):
   * judged by the task's machine, or, for a task not in view, adopted once the message is
   * accepted. `reportUnknown`: a notification naming such a task is reported; a result is not
   * (its request was).
   */
  #report(holder: Direction, taskId: string, status: unknown, at: string, type: 'status' | 'cancel.confirmed', out: Finding[], reportUnknown: boolean): void {
    if (!isTaskStatus(status)) return; // the Task validator reported it
    const actor = this.#tasks[holder].get(taskId);
    if (actor !== undefined) {
      this.#gate(actor, { type, status, at: pointerJoin(at, 'status') }, out);
      return;
    }
    // A notification may overtake the CreateTaskResult of a creation still awaited (see the class).
    const creationAwaited = this.#creating[holder].size > 0;
    const overtaking = reportUnknown && creationAwaited && !this.#tasks[OPPOSITE[holder]].has(taskId);
    if (reportUnknown) {
      this.#judgeNotHeld(holder, { type: 'mentioned', taskId, by: 'status', from: holder, creationAwaited, at: pointerJoin(at, 'taskId') }, out);
      if (hasError(out)) return;
    }
    this.#deferred.add(() => this.#adopt(holder, taskId, status, overtaking));
  }

  /**
   * A message naming a task the receiver answering in `holder` does not hold: judged by the other
   * side's machine of that id, if there is one (the wrong side), else by the machine holding none.
   */
  #judgeNotHeld(holder: Direction, event: Extract<TaskEvent, { type: 'mentioned' }>, out: Finding[]): void {
    this.#gate(this.#tasks[OPPOSITE[holder]].get(event.taskId) ?? this.#unheldActor(), event, out);
  }

  #unheldActor(): TaskActor {
    return (this.#unheld ??= new GatedActor(taskMachine, UNHELD_TASK, this.#inspect));
  }

  /** Judges `event`; unless it is rejected, takes it once the message is accepted. */
  #gate(actor: TaskActor, event: TaskEvent, out: Finding[]): void {
    const found = actor.check(event);
    out.push(...found);
    if (!hasError(found)) this.#deferred.add(() => actor.send(event));
  }

  #checkRelated(method: string, meta: unknown, at: string, out: Finding[]): void {
    const shape = validateRelatedTask(meta, at);
    if (shape.length > 0) {
      out.push(...shape);
      return;
    }
    const taskId = relatedTaskId(meta);
    if (taskId === undefined || TASK_METHODS.has(method)) return;
    if (!this.#tasks.client_to_server.has(taskId) && !this.#tasks.server_to_client.has(taskId)) {
      this.#gate(this.#unheldActor(), { type: 'related', taskId, at: pointerJoin(at, RELATED_TASK_KEY, 'taskId') }, out);
    }
  }

  #create(input: TaskInput & { readonly taskId: string }): TaskActor {
    const actor = new GatedActor(taskMachine, input, this.#inspect);
    this.#tasks[input.holder].set(input.taskId, actor);
    return actor;
  }

  #adopt(holder: Direction, taskId: string, status: TaskStatus, provisional: boolean): void {
    if (this.#tasks[holder].has(taskId)) return;
    if (provisional) {
      const held = this.#provisional[holder];
      held.add(taskId);
      if (held.size > TASK_LIMIT) held.delete(held.values().next().value as string);
    }
    this.#create({ taskId, holder, method: undefined, params: undefined, requestId: undefined })
      .send({ type: 'status', status, at: '/message' });
  }

  view(): unknown {
    const list = (d: Direction) => [...this.#tasks[d].values()].map((a) => ({ taskId: a.snapshot.context.taskId, state: String(a.snapshot.value) }));
    return { held_by_server: list('server_to_client'), held_by_client: list('client_to_server') };
  }

  stop(): void {
    for (const d of ['client_to_server', 'server_to_client'] as const) {
      for (const a of this.#tasks[d].values()) a.stop();
      this.#tasks[d].clear();
      this.#creating[d].clear();
      this.#provisional[d].clear();
    }
    this.#unheld?.stop();
  }
}

/** Tasks exist from 2025-11-25 on (not in 2025-06-18 nor the stateless revision); the course profile rejects the task methods. */
export function taskExtension(profile: Profile, options?: ExtensionOptions): SessionExtension | undefined {
  return profileFacts(profile).coreMachinesOnly || profile.revision !== '2025-11-25' ? undefined : new TaskExtension(profile, options?.inspect);
}
