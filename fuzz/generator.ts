// Why: the actions a fuzz run tries come from what the statechart lets a client do in a session:
// requests that overlap, ids reused or duplicated, cancellation of what is in flight, list paging,
// subscribe and unsubscribe, the probes whose answers the specification prescribes, requests
// before notifications/initialized, and over Streamable HTTP a resumption of the last stream.
// fast-check draws them from a seed (the same seed, the same sequences) and shrinks a failing
// sequence by dropping and simplifying actions; the executor skips what the state does not allow.
import fc from 'fast-check';
import { LIST_METHODS, type Action } from '../trace/action-schema.ts';

const list = fc.constantFrom(...LIST_METHODS);

/** Every action kind with its weight (how often it is drawn); `reconnect` over Streamable HTTP only. */
function actionArbitrary(transport: 'stdio' | 'http', without: readonly string[]): fc.Arbitrary<Action> {
  // The first choice is what the others shrink towards (cross-shrinking): a marked call, the
  // plainest request whose answer can be checked.
  const choices: fc.WeightedArbitrary<Action>[] = [
    { arbitrary: fc.constant({ kind: 'echo' } as const), weight: 4 },
    { arbitrary: fc.constant({ kind: 'ping' } as const), weight: 3 },
    { arbitrary: list.map((method) => ({ kind: 'list', args: { method } }) as const), weight: 3 },
    { arbitrary: fc.constantFrom('oldest', 'latest').map((which) => ({ kind: 'cancel', args: { which } }) as const), weight: 3 },
    { arbitrary: fc.constant({ kind: 'settle' } as const), weight: 1 },
    { arbitrary: fc.constant({ kind: 'duplicate-id' } as const), weight: 2 },
    { arbitrary: fc.constant({ kind: 'reuse-id' } as const), weight: 1 },
    { arbitrary: fc.constant({ kind: 'unknown-method' } as const), weight: 1 },
    { arbitrary: list.map((method) => ({ kind: 'invalid-params', args: { method } }) as const), weight: 1 },
    { arbitrary: fc.constant({ kind: 'subscribe' } as const), weight: 1 },
    { arbitrary: fc.constant({ kind: 'unsubscribe' } as const), weight: 1 },
    { arbitrary: list.map((method) => ({ kind: 'early', args: { method } }) as const), weight: 2 },
  ];
  if (transport === 'http') choices.push({ arbitrary: fc.constant({ kind: 'reconnect' } as const), weight: 2 });
  const kept = choices.filter((_, i) => !without.includes(ACTION_KINDS_IN_ORDER[i] as string));
  return fc.oneof({ withCrossShrink: true }, ...(kept.length > 0 ? kept : choices.slice(0, 1)));
}

/** The action kinds, in the order of the weighted choices above (`--without` names them). */
export const ACTION_KINDS_IN_ORDER = ['echo', 'ping', 'list', 'cancel', 'settle', 'duplicate-id', 'reuse-id', 'unknown-method', 'invalid-params', 'subscribe', 'unsubscribe', 'early', 'reconnect'] as const;

/** Sequences of at most `maxSteps` actions for a target over this transport, leaving out the kinds in `without`. */
export function sequenceArbitrary(transport: 'stdio' | 'http', maxSteps: number, without: readonly string[] = []): fc.Arbitrary<Action[]> {
  return fc.array(actionArbitrary(transport, without), { maxLength: maxSteps });
}
