import { and, not, or, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

/** One transition as the machine definition declares it, with its stable id. */
export interface DeclaredTransition {
  /** `machine:source:event#index[guard]->target`; `[guard]` and `->target` only when declared. */
  readonly id: string;
  readonly machine: string;
  /** The source state's path below the root, dot-separated (`ready`, `a.b`). */
  readonly source: string;
  readonly event: string;
  /** Position within the source state's transition list for this event. */
  readonly index: number;
  readonly guard: string | undefined;
  /** Target state paths below the root; empty for a targetless transition. */
  readonly targets: readonly string[];
  /** Actions with their parameters, e.g. `reportIssue(rule=lifecycle/duplicate-initialize)`. */
  readonly actions: readonly string[];
  /** Rule ids the transition can raise (the `rule` parameter of its actions). */
  readonly rules: readonly string[];
}

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `name` or `name(k=v,...)`, for parameterised guards and actions. */
export function formatParameterised(type: string, params: unknown): string {
  if (params === undefined || params === null) return type;
  if (typeof params !== 'object') return `${type}(${formatValue(params)})`;
  const entries = Object.entries(params as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? type : `${type}(${entries.map(([k, v]) => `${k}=${formatValue(v)}`).join(',')})`;
}

type Check = { check?: unknown; guards?: unknown[] };

/** xstate's `and`, `or` and `not` guards are functions told apart by their `check` (names do not survive bundling). */
const COMBINATORS: ReadonlyMap<unknown, 'and' | 'or' | 'not'> = new Map([
  [(and([]) as unknown as Check).check, 'and'],
  [(or([]) as unknown as Check).check, 'or'],
  [(not('x') as unknown as Check).check, 'not'],
]);

function combinatorOf(guard: unknown): 'and' | 'or' | 'not' | undefined {
  return typeof guard === 'function' ? COMBINATORS.get((guard as Check).check) : undefined;
}

/** Renders a guard: named guards with parameters, `and` as `&`, `or` as `|`, `not` as `!`. */
export function formatGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  const combinator = combinatorOf(guard);
  if (combinator !== undefined) {
    const inner = (guard as Check).guards ?? [];
    if (combinator === 'not') return `!${formatGuard(inner[0])}`;
    const parts = inner.map((g) => {
      const c = combinatorOf(g);
      return c === 'and' || c === 'or' ? `(${formatGuard(g)})` : formatGuard(g);
    });
    return parts.join(combinator === 'and' ? '&' : '|');
  }
  if (typeof guard === 'function') return (guard as { name?: string }).name || 'inline';
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const g = guard as { type: string; params?: unknown };
    return formatParameterised(g.type, g.params);
  }
  return String(guard);
}

function formatAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) {
    const a = action as { type: string; params?: unknown };
    return formatParameterised(a.type, a.params);
  }
  if (typeof action === 'function') return (action as { type?: string; name?: string }).type ?? ((action as { name?: string }).name || 'inline');
  return String(action);
}

function rulesOf(actions: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const a of actions) {
    const rule = typeof a === 'object' && a !== null ? (a as { params?: { rule?: unknown } }).params?.rule : undefined;
    if (typeof rule === 'string') out.push(rule);
  }
  return out;
}

/** The state node's path below its machine's root (`''` for the root itself). */
export function statePath(node: AnyStateNode): string {
  return node.path.join('.');
}

/** The stable id of one transition. */
export function transitionId(machine: string, source: string, event: string, index: number, guard: string | undefined, targets: readonly string[]): string {
  return `${machine}:${source === '' ? '(root)' : source}:${event}#${index}${guard === undefined ? '' : `[${guard}]`}${targets.length === 0 ? '' : `->${targets.join(',')}`}`;
}

/** Every state node of a machine, the root first, children in declaration order. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode): void => {
    out.push(node);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return out;
}

/**
 * Enumerates every transition a machine declares, in document order: per state node, each event's
 * transition list (eventless `always` transitions under the event name `always`).
 * Also returns the definitions keyed by object, so that inspected transitions map back to ids.
 */
export function declaredTransitions(machine: AnyStateMachine): { transitions: DeclaredTransition[]; byDefinition: Map<AnyTransitionDefinition, DeclaredTransition> } {
  const transitions: DeclaredTransition[] = [];
  const byDefinition = new Map<AnyTransitionDefinition, DeclaredTransition>();
  const add = (node: AnyStateNode, event: string, list: readonly AnyTransitionDefinition[]): void => {
    list.forEach((t, index) => {
      const source = statePath(node);
      const guard = t.guard === undefined ? undefined : formatGuard(t.guard);
      const targets = (t.target ?? []).map((n) => statePath(n));
      const actions = t.actions.map(formatAction);
      const declared: DeclaredTransition = {
        id: transitionId(machine.id, source, event, index, guard, targets),
        machine: machine.id,
        source,
        event,
        index,
        guard,
        targets,
        actions,
        rules: rulesOf(t.actions),
      };
      transitions.push(declared);
      byDefinition.set(t, declared);
    });
  };
  for (const node of stateNodes(machine)) {
    for (const [event, list] of node.transitions) add(node, event, list);
    if (node.always && node.always.length > 0) add(node, 'always', node.always);
  }
  return { transitions, byDefinition };
}
