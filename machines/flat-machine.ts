import type { AnyStateMachine } from 'xstate';

type EventLike = { readonly type: string };
type Args = { context: unknown; event: EventLike };
type GuardRef = string | { type: string; params?: unknown } | ((args: Args, params: unknown) => boolean);
type ActionRef = string | { type: string; params?: unknown } | ((args: Args, params: unknown) => void);

/** A builtin action as xstate's assign() and emit() create them (functions carrying their data). */
interface BuiltinAction {
  (args: Args, params: unknown): void;
  type?: string;
  assignment?: unknown;
  event?: unknown;
}

/** One compiled transition: the guard to test, the actions to run and the target state. */
export interface FlatTransition {
  /** The guard resolved once against the machine's implementations. */
  readonly test: ((args: Args) => boolean) | undefined;
  /** The actions, each resolved once into the step the runner takes. */
  readonly steps: readonly ActionStep[];
  readonly target: string | undefined;
}

/** An action as the runner takes it: what kind it is decided at compile time. */
type ActionStep =
  | { readonly kind: 'assign'; readonly compute: (args: Args, params: unknown) => unknown; readonly params: unknown }
  | { readonly kind: 'assign-members'; readonly keys: readonly string[]; readonly parts: readonly unknown[]; readonly params: unknown }
  | { readonly kind: 'emit'; readonly expr: unknown; readonly params: unknown }
  | { readonly kind: 'plain'; readonly action: BuiltinAction; readonly params: unknown };

function stepOf(action: BuiltinAction, params: unknown): ActionStep {
  if (action.type === 'xstate.assign') {
    const assignment = action.assignment;
    if (typeof assignment === 'function') return { kind: 'assign', compute: assignment as (a: Args, p: unknown) => unknown, params };
    const keys = Object.keys(assignment as object);
    return { kind: 'assign-members', keys, parts: keys.map((k) => (assignment as Record<string, unknown>)[k]), params };
  }
  if (action.type === 'xstate.emit') return { kind: 'emit', expr: action.event, params };
  return { kind: 'plain', action, params };
}

/** A flat statechart compiled from an xstate machine definition: state -> event type -> ordered transitions. */
export interface FlatMachine {
  readonly machine: AnyStateMachine;
  readonly initial: string;
  readonly states: ReadonlyMap<string, ReadonlyMap<string, readonly FlatTransition[]>>;
}

const compiled = new WeakMap<AnyStateMachine, FlatMachine>();
const NO_EVENTS: readonly never[] = Object.freeze([]);

function resolveAction(machine: AnyStateMachine, ref: ActionRef): { action: BuiltinAction; params: unknown } {
  if (typeof ref === 'function') return { action: ref as BuiltinAction, params: undefined };
  const type = typeof ref === 'string' ? ref : ref.type;
  const params = typeof ref === 'string' ? undefined : ref.params;
  const impl = (machine.implementations.actions as Record<string, unknown>)[type];
  if (typeof impl !== 'function') throw new Error(`flat machine ${machine.id}: action ${type} has no implementation`);
  return { action: impl as BuiltinAction, params };
}

function checkSupported(machine: AnyStateMachine, action: BuiltinAction): void {
  const t = action.type;
  if (t !== undefined && t.startsWith('xstate.') && t !== 'xstate.assign' && t !== 'xstate.emit') {
    throw new Error(`flat machine ${machine.id}: builtin action ${t} is not supported`);
  }
}

type TransitionList = readonly { guard?: unknown; actions: readonly unknown[]; target?: readonly { key: string; parent?: unknown }[] }[];

function compileTransitions(machine: AnyStateMachine, on: Record<string, unknown>): Map<string, FlatTransition[]> {
  const table = new Map<string, FlatTransition[]>();
  for (const [eventType, list] of Object.entries(on) as [string, TransitionList][]) {
    if (eventType.includes('*')) throw new Error(`flat machine ${machine.id}: wildcard events are not supported`);
    table.set(eventType, list.map((t) => {
      const actions = t.actions.map((a) => resolveAction(machine, a as ActionRef));
      for (const a of actions) checkSupported(machine, a.action);
      const target = t.target?.[0];
      if (t.target && t.target.length !== 1) throw new Error(`flat machine ${machine.id}: multiple targets are not supported`);
      const guard = t.guard as GuardRef | undefined;
      const steps = actions.map((a) => stepOf(a.action, a.params));
      return { test: guard === undefined ? undefined : compileGuard(machine, guard), steps, target: target?.key };
    }));
  }
  return table;
}

function checkInert(machine: AnyStateMachine, name: string, node: AnyStateMachine['root']): void {
  if (node.entry.length > 0 || node.exit.length > 0 || node.after.length > 0 || node.invoke.length > 0 || node.always) {
    throw new Error(`flat machine ${machine.id}: ${name} has entry, exit, delayed, invoked or eventless behaviour`);
  }
}

/**
 * Compiles a flat xstate machine (atomic or final states under the root, transitions on the states
 * and on the root; no entry/exit, always, after or invoke) into transition tables that run without
 * actor machinery. The machine definition stays the single source of truth: guards and actions are
 * its own implementations, read from the definition. As in xstate, a state's own transitions are
 * tried before the root's, and a final state takes no event at all (the machine is done).
 */
export function compileFlat(machine: AnyStateMachine): FlatMachine {
  const done = compiled.get(machine);
  if (done) return done;
  const root = machine.root;
  checkInert(machine, '(root)', root);
  const rootTable = compileTransitions(machine, root.on as Record<string, unknown>);
  const states = new Map<string, Map<string, FlatTransition[]>>();
  for (const [name, node] of Object.entries(root.states)) {
    if (Object.keys(node.states).length > 0 || (node.type !== 'atomic' && node.type !== 'final')) {
      throw new Error(`flat machine ${machine.id}: ${name} is not atomic`);
    }
    checkInert(machine, name, node);
    if (node.type === 'final') {
      states.set(name, new Map());
      continue;
    }
    const table = compileTransitions(machine, node.on as Record<string, unknown>);
    for (const [eventType, list] of rootTable) table.set(eventType, [...(table.get(eventType) ?? []), ...list]);
    states.set(name, table);
  }
  const initial = root.initial.target[0]?.key;
  if (initial === undefined) throw new Error(`flat machine ${machine.id}: no initial state`);
  const flat: FlatMachine = { machine, initial, states };
  compiled.set(machine, flat);
  return flat;
}

/** Resolves a guard reference once: a named guard with constant params becomes a direct call. */
function compileGuard(machine: AnyStateMachine, guard: GuardRef): (args: Args) => boolean {
  if (typeof guard !== 'function') {
    const type = typeof guard === 'string' ? guard : guard.type;
    const impl = (machine.implementations.guards as Record<string, unknown>)[type];
    const raw = typeof guard === 'string' ? undefined : guard.params;
    const plain = typeof impl === 'function' && typeof (impl as { check?: unknown }).check !== 'function';
    if (plain && typeof raw !== 'function') {
      const fn = impl as (a: Args, p: unknown) => boolean;
      return (args) => fn(args, raw);
    }
  }
  return (args) => evaluateGuard(machine, guard, args);
}

function evaluateGuard(machine: AnyStateMachine, guard: GuardRef, args: Args): boolean {
  if (typeof guard === 'function') {
    const composite = guard as unknown as { check?: (snapshot: unknown, args: Args, self: unknown) => boolean };
    // and()/or()/not(): xstate's own combinators evaluate their parts against the machine's implementations.
    if (typeof composite.check === 'function') return composite.check({ machine }, args, guard);
    return guard(args, undefined);
  }
  const type = typeof guard === 'string' ? guard : guard.type;
  const impl = (machine.implementations.guards as Record<string, unknown>)[type];
  if (typeof impl !== 'function') {
    if (impl !== undefined) return evaluateGuard(machine, impl as GuardRef, args);
    throw new Error(`flat machine ${machine.id}: guard ${type} has no implementation`);
  }
  const raw = typeof guard === 'string' ? undefined : guard.params;
  const params = typeof raw === 'function' ? (raw as (a: Args) => unknown)(args) : raw;
  const composite = impl as unknown as { check?: (snapshot: unknown, args: Args, self: unknown) => boolean };
  if (typeof composite.check === 'function') return composite.check({ machine }, args, impl);
  return (impl as (a: Args, p: unknown) => boolean)(args, params);
}

/** The picture a runner gives of its machine, shaped like an xstate snapshot's value and context. */
export interface RunnerSnapshot<TContext> {
  readonly value: string;
  readonly context: TContext;
  /** Whether the machine is in state `value` (a flat machine has no nested states). */
  matches(value: string): boolean;
}

class FlatSnapshot<TContext> implements RunnerSnapshot<TContext> {
  readonly value: string;
  readonly context: TContext;
  constructor(value: string, context: TContext) {
    this.value = value;
    this.context = context;
  }
  matches(value: string): boolean {
    return this.value === value;
  }
}

/** Whether `machine` can run on a flat table (atomic states only, no entry/exit, always, after or invoke). */
export function isFlat(machine: AnyStateMachine): boolean {
  try {
    compileFlat(machine);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a compiled flat machine: the first enabled transition of the current state for the event
 * runs its actions in order (assign updates the context, emit notifies listeners) and moves to
 * its target. Equivalent to an xstate actor of the same machine (a property test holds them equal).
 */
export class FlatRunner<TContext, TEvent extends EventLike, TEmitted extends EventLike> {
  readonly #flat: FlatMachine;
  #snapshot: RunnerSnapshot<TContext>;
  /** The current state's transitions by event type, looked up once per state change. */
  #table: ReadonlyMap<string, readonly FlatTransition[]> | undefined;
  readonly #listeners = new Map<string, ((event: TEmitted) => void)[]>();

  constructor(machine: AnyStateMachine, input: unknown) {
    this.#flat = compileFlat(machine);
    const factory = (machine.config as { context?: unknown }).context;
    const context = typeof factory === 'function' ? (factory as (a: { input: unknown }) => TContext)({ input }) : (factory as TContext);
    this.#snapshot = new FlatSnapshot(this.#flat.initial, context);
    this.#table = this.#flat.states.get(this.#flat.initial);
  }

  /** Listens for an emitted event type. */
  on<K extends TEmitted['type']>(type: K, handler: (event: Extract<TEmitted, { type: K }>) => void): void {
    const list = this.#listeners.get(type) ?? [];
    list.push(handler as (event: TEmitted) => void);
    this.#listeners.set(type, list);
  }

  /** Present for symmetry with actors. */
  start(): this {
    return this;
  }

  /** Present for symmetry with actors. */
  stop(): void {}

  getSnapshot(): RunnerSnapshot<TContext> {
    return this.#snapshot;
  }

  /**
   * What `event` would do, without doing it: the events it would emit and the snapshot it would
   * lead to. Plain side-effect actions are not run (the machines here have none).
   */
  judge(event: TEvent): { readonly emitted: readonly TEmitted[]; readonly snapshot: RunnerSnapshot<TContext>; readonly unchanged: boolean } {
    const snapshot = this.#run(event, false);
    const emitted = this.#emitted;
    return { emitted, snapshot, unchanged: emitted.length === 0 && snapshot === this.#snapshot && !this.#effects };
  }

  send(event: TEvent): void {
    const before = this.#snapshot.value;
    this.#snapshot = this.#run(event, true);
    if (this.#snapshot.value !== before) this.#table = this.#flat.states.get(this.#snapshot.value);
    const emitted = this.#emitted;
    if (emitted === NO_EVENTS) return;
    // Like an actor, listeners hear emitted events once the new snapshot is in place.
    for (const e of emitted) {
      const handlers = this.#listeners.get(e.type);
      if (handlers) for (const handler of handlers) handler(e);
    }
  }

  /** Events emitted by the last run (NO_EVENTS when none): a field, so a run allocates nothing for them. */
  #emitted: readonly TEmitted[] = NO_EVENTS;

  /** Whether the last judged run skipped a plain (side-effect) action. */
  #effects = false;

  #run(event: TEvent, commit: boolean): RunnerSnapshot<TContext> {
    const current = this.#snapshot;
    this.#emitted = NO_EVENTS;
    this.#effects = false;
    const transitions = this.#table?.get(event.type);
    if (!transitions) return current;
    // One argument object per run, as guards and actions only read it during their call.
    const args: Args = { context: current.context, event };
    for (const t of transitions) {
      if (t.test !== undefined && !t.test(args)) continue;
      let emitted: TEmitted[] | undefined;
      const steps = t.steps;
      for (let i = 0; i < steps.length; i++) {
        const step = steps[i] as ActionStep;
        switch (step.kind) {
          case 'assign':
            // Spreads copy through V8's object-clone fast path (the context's shape is kept), where Object.assign looks up every key.
            args.context = { ...(args.context as object), ...(step.compute(args, step.params) as object) };
            break;
          case 'assign-members': {
            // Every member assigner sees the context before this assign, as in xstate.
            const next = { ...(args.context as object) } as Record<string, unknown>;
            for (let k = 0; k < step.keys.length; k++) {
              const part = step.parts[k];
              next[step.keys[k] as string] = typeof part === 'function' ? part(args, step.params) : part;
            }
            args.context = next;
            break;
          }
          case 'emit': {
            const expr = step.expr;
            (emitted ??= []).push((typeof expr === 'function' ? expr(args, step.params) : expr) as TEmitted);
            break;
          }
          default:
            if (commit) step.action(args, step.params);
            else this.#effects = true; // a plain action was left for the send that takes the event
        }
      }
      if (emitted !== undefined) this.#emitted = emitted;
      const value = t.target ?? current.value;
      const context = args.context as TContext;
      return value !== current.value || context !== current.context ? new FlatSnapshot(value, context) : current;
    }
    return current;
  }
}
