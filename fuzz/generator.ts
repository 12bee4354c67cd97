// Why: the actions a fuzz run tries come from what the statechart lets a client do in a session:
// requests that overlap, ids reused or duplicated, cancellation of what is in flight, list paging,
// subscribe and unsubscribe, the probes whose answers the specification prescribes, requests
// before notifications/initialized, and over Streamable HTTP a resumption of the last stream. In
// the stateless revision (2026-07-28) there is no session: the actions are what a client of it can
// do across independent requests (calls that overlap, input_required retries with the state
// echoed, altered or replayed, listen streams dropped and re-opened, paging with stale and forged
// cursors, server/discover between them). fast-check draws them from a seed (the same seed, the
// same sequences) and shrinks a failing sequence by dropping and simplifying actions; the executor
// skips what the state does not allow.
import fc from 'fast-check';
import { LIST_METHODS, type Action } from '../trace/action-schema.ts';
import type { ExerciseMode } from '../exercise/tool-policy.ts';
import { NO_SURFACE, surfaceChoices, type Surface } from './surface.ts';

const list = fc.constantFrom(...LIST_METHODS);

/** The era a sequence is drawn for: the initialize handshake (legacy) or the stateless revision (modern). */
export type FuzzEra = 'legacy' | 'modern';

interface Choice {
  readonly kind: Action['kind'];
  readonly arbitrary: fc.Arbitrary<Action>;
  readonly weight: number;
}

/** The legacy era's action kinds with their weights (how often each is drawn); `reconnect` over Streamable HTTP only. */
function legacyChoices(transport: 'stdio' | 'http'): Choice[] {
  // The first choice is what the others shrink towards (cross-shrinking): a marked call, the
  // plainest request whose answer can be checked.
  const choices: Choice[] = [
    { kind: 'echo', arbitrary: fc.constant({ kind: 'echo' } as const), weight: 4 },
    { kind: 'ping', arbitrary: fc.constant({ kind: 'ping' } as const), weight: 3 },
    { kind: 'list', arbitrary: list.map((method) => ({ kind: 'list', args: { method } }) as const), weight: 3 },
    { kind: 'cancel', arbitrary: fc.constantFrom('oldest', 'latest').map((which) => ({ kind: 'cancel', args: { which } }) as const), weight: 3 },
    { kind: 'settle', arbitrary: fc.constant({ kind: 'settle' } as const), weight: 1 },
    { kind: 'duplicate-id', arbitrary: fc.constant({ kind: 'duplicate-id' } as const), weight: 2 },
    { kind: 'reuse-id', arbitrary: fc.constant({ kind: 'reuse-id' } as const), weight: 1 },
    { kind: 'unknown-method', arbitrary: fc.constant({ kind: 'unknown-method' } as const), weight: 1 },
    { kind: 'invalid-params', arbitrary: list.map((method) => ({ kind: 'invalid-params', args: { method } }) as const), weight: 1 },
    { kind: 'subscribe', arbitrary: fc.constant({ kind: 'subscribe' } as const), weight: 1 },
    { kind: 'unsubscribe', arbitrary: fc.constant({ kind: 'unsubscribe' } as const), weight: 1 },
    { kind: 'early', arbitrary: list.map((method) => ({ kind: 'early', args: { method } }) as const), weight: 2 },
  ];
  if (transport === 'http') choices.push({ kind: 'reconnect', arbitrary: fc.constant({ kind: 'reconnect' } as const), weight: 2 });
  return choices;
}

/**
 * The stateless era's action kinds with their weights. Over stdio only: `cancel` (over Streamable
 * HTTP closing a request's stream is the signal, and no notification is sent) and the listen kinds.
 */
function modernChoices(transport: 'stdio' | 'http'): Choice[] {
  const choices: Choice[] = [
    { kind: 'echo', arbitrary: fc.constant({ kind: 'echo' } as const), weight: 4 },
    { kind: 'list', arbitrary: list.map((method) => ({ kind: 'list', args: { method } }) as const), weight: 4 },
    { kind: 'discover', arbitrary: fc.constant({ kind: 'discover' } as const), weight: 2 },
    { kind: 'read', arbitrary: fc.constant({ kind: 'read' } as const), weight: 2 },
    { kind: 'prompt', arbitrary: fc.constant({ kind: 'prompt' } as const), weight: 2 },
    { kind: 'retry', arbitrary: fc.constantFrom('echoed', 'altered', 'replayed').map((state) => ({ kind: 'retry', args: { state } }) as const), weight: 3 },
    { kind: 'stale-cursor', arbitrary: list.map((method) => ({ kind: 'stale-cursor', args: { method } }) as const), weight: 2 },
    { kind: 'forged-cursor', arbitrary: list.map((method) => ({ kind: 'forged-cursor', args: { method } }) as const), weight: 1 },
    { kind: 'settle', arbitrary: fc.constant({ kind: 'settle' } as const), weight: 1 },
    { kind: 'unknown-method', arbitrary: fc.constant({ kind: 'unknown-method' } as const), weight: 1 },
    { kind: 'invalid-params', arbitrary: list.map((method) => ({ kind: 'invalid-params', args: { method } }) as const), weight: 1 },
  ];
  if (transport === 'stdio') {
    choices.push({ kind: 'listen', arbitrary: fc.constant({ kind: 'listen' } as const), weight: 2 });
    choices.push({ kind: 'drop-listen', arbitrary: fc.constant({ kind: 'drop-listen' } as const), weight: 2 });
    choices.push({ kind: 'cancel', arbitrary: fc.constantFrom('oldest', 'latest').map((which) => ({ kind: 'cancel', args: { which } }) as const), weight: 2 });
  }
  return choices;
}

function choicesOf(era: FuzzEra, transport: 'stdio' | 'http'): Choice[] {
  return era === 'modern' ? modernChoices(transport) : legacyChoices(transport);
}

/** The legacy era's action kinds, in the order of its weighted choices. */
export const ACTION_KINDS_IN_ORDER = legacyChoices('http').map((c) => c.kind);

/** The stateless era's action kinds, in the order of its weighted choices. */
export const MODERN_ACTION_KINDS = modernChoices('stdio').map((c) => c.kind);

/** The kinds of the server's own surface (drawn under --exercise safe or all). */
export const SURFACE_ACTION_KINDS: readonly Action['kind'][] = ['call', 'invalid-call', 'read', 'prompt'];

/** The kinds a sequence of this era over this transport can hold. */
export function actionKinds(era: FuzzEra, transport: 'stdio' | 'http'): Action['kind'][] {
  return choicesOf(era, transport).map((c) => c.kind);
}

/** The legacy era's reads of the server's own surface (the modern era has them among its kinds). */
const LEGACY_SURFACE_READS: Choice[] = [
  { kind: 'read', arbitrary: fc.constant({ kind: 'read' } as const), weight: 2 },
  { kind: 'prompt', arbitrary: fc.constant({ kind: 'prompt' } as const), weight: 2 },
];

/** What a search draws beyond the protocol's own actions: the server's surface under an exercise mode (default: none). */
export interface SurfaceDraw {
  readonly surface: Surface;
  readonly mode: ExerciseMode;
}

/**
 * Sequences of at most `maxSteps` actions of an era for a target over this transport, leaving out
 * the kinds in `without`; with a surface, calls of its allowed tools (valid and invalid arguments)
 * and, in the legacy era, resource reads and prompt gets are drawn among them.
 */
export function sequenceArbitrary(transport: 'stdio' | 'http', maxSteps: number, without: readonly string[] = [], era: FuzzEra = 'legacy', draw: SurfaceDraw = { surface: NO_SURFACE, mode: 'none' }): fc.Arbitrary<Action[]> {
  const base = choicesOf(era, transport);
  const surface = draw.mode === 'none' ? [] : [...surfaceChoices(draw.surface, draw.mode), ...(era === 'legacy' ? LEGACY_SURFACE_READS : [])];
  // The first choice stays first: the others shrink toward it.
  const choices = [...base.slice(0, 1), ...surface, ...base.slice(1)];
  const kept = choices.filter((c) => !without.includes(c.kind));
  const arbitrary = fc.oneof({ withCrossShrink: true }, ...(kept.length > 0 ? kept : choices.slice(0, 1)).map((c) => ({ arbitrary: c.arbitrary, weight: c.weight })));
  return fc.array(arbitrary, { maxLength: maxSteps });
}
