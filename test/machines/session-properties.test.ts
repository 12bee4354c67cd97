// Why: the Session is fed whatever a peer sends, in any order. On random step sequences in every
// profile (fixed seeds; FUZZ_RUNS raises the count) it must never throw, and what it believes must
// stay true to what it was fed: no subscription is active without a successful subscribe for its
// URI, no request stays pending once a response to it has been accepted (a response drawing an
// error finding is rejected and changes nothing, as every rejected message), and no table grows
// past its bound, with a finding when the bound is met. And the same sequence is judged alike every
// time, finding for finding.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PENDING_LIMIT } from '../../machines/correlation.ts';
import { Session, type Step } from '../../machines/session.ts';
import type { Direction, Profile } from '../../validators/context.ts';
import { PROFILES } from '../../validators/profiles.ts';
import { fuzzRuns } from '../support/fuzz-runs.ts';

const RUNS = fuzzRuns(100);
const URIS = ['file:///a.txt', 'file:///b.txt'];
const TOOLS = [{ name: 'convert', inputSchema: { type: 'object', properties: { cents: { type: 'integer' } } } }];
const CLIENT_CAPS = { sampling: {}, roots: { listChanged: true }, elicitation: {} };
const SERVER_CAPS = { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: {}, logging: {}, completions: {} };

const other = (d: Direction): Direction => (d === 'client_to_server' ? 'server_to_client' : 'client_to_server');
const direction = fc.constantFrom<Direction>('client_to_server', 'server_to_client');
const id = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom('a', 'b', ''), fc.constantFrom(null, 1.5, -0, 2 ** 53 + 2, true));
const uri = fc.constantFrom(...URIS);

/** Request methods and params, from either side, right or wrong. */
const call = fc.oneof(
  fc.constant({ method: 'ping' }),
  fc.record({ method: fc.constant('initialize'), params: fc.constant({ protocolVersion: '2025-11-25', capabilities: CLIENT_CAPS, clientInfo: { name: 'c', version: '1' } }) }),
  fc.constantFrom({ method: 'tools/list' }, { method: 'prompts/list' }, { method: 'resources/list' }, { method: 'roots/list' }, { method: 'no/such-method' }),
  fc.record({ method: fc.constant('tools/call'), params: fc.record({ name: fc.constantFrom('convert', 'missing'), arguments: fc.constantFrom({ cents: 5 }, { cents: 'x' }) }) }),
  fc.record({ method: fc.constantFrom('resources/subscribe', 'resources/unsubscribe', 'resources/read'), params: fc.record({ uri }) }),
  fc.record({ method: fc.constant('logging/setLevel'), params: fc.record({ level: fc.constantFrom('debug', 'error', 'loud') }) }),
  fc.record({ method: fc.constant('sampling/createMessage'), params: fc.constant({ messages: [], maxTokens: 10 }) }),
);

/** Notifications, right or wrong. */
const notification = fc.oneof(
  fc.constantFrom({ method: 'notifications/initialized' }, { method: 'notifications/tools/list_changed' }, { method: 'notifications/roots/list_changed' }),
  fc.record({ method: fc.constant('notifications/cancelled'), params: fc.record({ requestId: id }) }),
  fc.record({ method: fc.constant('notifications/progress'), params: fc.record({ progressToken: id, progress: fc.integer({ min: 0, max: 3 }) }) }),
  fc.record({ method: fc.constant('notifications/resources/updated'), params: fc.record({ uri }) }),
  fc.record({ method: fc.constant('notifications/message'), params: fc.record({ level: fc.constantFrom('info', 'bogus'), data: fc.constant('x') }) }),
);

/** A result of some method's shape, or none in particular. */
const result = fc.constantFrom({}, { tools: TOOLS }, { contents: [] }, { protocolVersion: '2025-11-25', capabilities: SERVER_CAPS, serverInfo: { name: 's', version: '1' } }, { content: [{ type: 'text', text: 'ok' }] }, { roots: [] });

type Action =
  | { kind: 'step'; step: Step }
  /** Many requests from one side that nobody answers (past the pending bound). */
  | { kind: 'burst'; direction: Direction; count: number };

const step: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ d: direction, id, c: call }).map(({ d, id, c }) => ({ kind: 'step' as const, step: { direction: d, message: { jsonrpc: '2.0', id, ...c } } })) },
  { weight: 2, arbitrary: fc.record({ d: direction, n: notification }).map(({ d, n }) => ({ kind: 'step' as const, step: { direction: d, message: { jsonrpc: '2.0', ...n } } })) },
  { weight: 4, arbitrary: fc.record({ d: direction, id, r: result }).map(({ d, id, r }) => ({ kind: 'step' as const, step: { direction: d, message: { jsonrpc: '2.0', id, result: r } } })) },
  { weight: 2, arbitrary: fc.record({ d: direction, id, code: fc.constantFrom(-32601, -32602, -1) }).map(({ d, id, code }) => ({ kind: 'step' as const, step: { direction: d, message: { jsonrpc: '2.0', id, error: { code, message: 'no' } } } })) },
  { weight: 1, arbitrary: fc.record({ d: direction, m: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ id: 1 }), fc.constant({ jsonrpc: '1.0', id: 1, method: 'ping' })) }).map(({ d, m }) => ({ kind: 'step' as const, step: { direction: d, message: m } })) },
);
const burst: fc.Arbitrary<Action> = fc.record({ direction, count: fc.integer({ min: PENDING_LIMIT - 2, max: PENDING_LIMIT + 20 }) }).map((b) => ({ kind: 'burst' as const, ...b }));

/** A session of `profile`: fresh, or already past its handshake (stateless profiles declare capabilities instead). */
function sessionOf(profile: Profile, handshake: boolean): Session {
  if (profile.stateless) return new Session({ profile, tools: TOOLS, capabilities: { client: CLIENT_CAPS, server: SERVER_CAPS } });
  const s = new Session({ profile, tools: TOOLS });
  if (handshake) {
    const v = profile.protocolVersion;
    s.feed({ direction: 'client_to_server', message: { jsonrpc: '2.0', id: 900, method: 'initialize', params: { protocolVersion: v, capabilities: CLIENT_CAPS, clientInfo: { name: 'c', version: '1' } } } });
    s.feed({ direction: 'server_to_client', message: { jsonrpc: '2.0', id: 900, result: { protocolVersion: v, capabilities: SERVER_CAPS, serverInfo: { name: 's', version: '1' } } } });
    s.feed({ direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  }
  return s;
}

const idOf = (message: unknown): unknown => (typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined);
const isResponse = (message: unknown): boolean => typeof message === 'object' && message !== null && !Array.isArray(message) && !('method' in message) && ('result' in message || 'error' in message);
const sameId = (a: unknown, b: unknown): boolean => typeof a === typeof b && (a === b || (typeof a === 'number' && Object.is(a, b)));

/** Runs one sequence and checks every invariant after every step; returns a description of the first break. */
function runSequence(profile: Profile, handshake: boolean, actions: readonly Action[]): void {
  const s = sessionOf(profile, handshake);
  /** URIs whose subscribe request got a result (ever): an active subscription must be one of these. */
  const subscribedOnce = new Set<string>();
  let burstBase = 1_000_000;
  try {
    for (const action of actions) {
      const steps: Step[] = action.kind === 'step'
        ? [action.step]
        : Array.from({ length: action.count }, (_, i) => ({ direction: action.direction, message: { jsonrpc: '2.0', id: burstBase + i, method: 'ping' } }));
      burstBase += 10_000;
      let boundFindings = 0;
      const checkEach = action.kind === 'step';
      for (const st of steps) {
        const wire = st as Extract<Step, { direction: Direction }>;
        const answering = isResponse(wire.message) ? s.pendingRequest(other(wire.direction), idOf(wire.message) as never) : undefined;
        const findings = s.feed(st);
        boundFindings += findings.filter((f) => f.rule === 'correlation/pending-limit' || f.rule === 'correlation/unanswered-requests').length;
        if (!checkEach) continue;
        const view = s.view();
        const accepted = !findings.some((f) => f.severity === 'error');
        if (answering !== undefined && accepted) {
          const still = view.pending[other(wire.direction)].some((p) => sameId(p.id, idOf(wire.message)));
          assert.not.ok(still, `${profile.id}: request ${JSON.stringify(idOf(wire.message))} is still pending after its response was accepted`);
          const ok = 'result' in (wire.message as object);
          const params = (answering as { params?: { uri?: unknown } }).params;
          if (ok && answering.method === 'resources/subscribe' && typeof params?.uri === 'string') subscribedOnce.add(params.uri);
        }
        for (const sub of view.subscriptions) {
          if (sub.state === 'active' || sub.state === 'unsubscribing') {
            assert.ok(subscribedOnce.has(sub.uri), `${profile.id}: ${sub.uri} is ${sub.state} without a successful subscribe`);
          }
        }
        for (const d of ['client_to_server', 'server_to_client'] as const) {
          assert.ok(view.pending[d].length <= PENDING_LIMIT, `${profile.id}: ${view.pending[d].length} pending requests from ${d}`);
        }
      }
      if (action.kind === 'burst') {
        const pending = s.view().pending[action.direction].length;
        assert.ok(pending <= PENDING_LIMIT, `${profile.id}: ${pending} pending requests after a burst`);
        if (pending === PENDING_LIMIT && action.count > PENDING_LIMIT) assert.ok(boundFindings > 0, `${profile.id}: the pending bound was met with no finding`);
      }
    }
  } finally {
    s.stop();
  }
}

for (const profile of PROFILES.values()) {
  test(`${profile.id}: random step sequences: no exception, no pending request after an accepted response, no subscription without a successful subscribe, bounded`, () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(step, { maxLength: 60 }), (handshake, actions) => runSequence(profile, handshake, actions)),
      { seed: 0x15ea, numRuns: RUNS },
    );
  });

  test(`${profile.id}: random step sequences are judged alike every time: the same findings, step by step, and the same state (a trace's signature rests on it)`, () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(step, { maxLength: 40 }), (handshake, actions) => {
        const steps = actions.flatMap((a) => (a.kind === 'step' ? [a.step] : []));
        const [first, second] = [sessionOf(profile, handshake), sessionOf(profile, handshake)];
        try {
          for (const [i, st] of steps.entries()) {
            // Each session gets its own copy, so that nothing one keeps of a message can change what the other sees.
            const a = first.feed(structuredClone(st));
            const b = second.feed(structuredClone(st));
            assert.equal(a, b, `${profile.id}: step ${i} judged differently`);
          }
          assert.equal(first.view(), second.view());
        } finally {
          first.stop();
          second.stop();
        }
      }),
      { seed: 0x15ec, numRuns: RUNS },
    );
  });

  test(`${profile.id}: sequences with bursts past the pending bound: held at ${PENDING_LIMIT}, with a finding`, () => {
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 5, arbitrary: step }, { weight: 1, arbitrary: burst }), { minLength: 1, maxLength: 12 }).filter((a) => a.some((x) => x.kind === 'burst')), (actions) => runSequence(profile, true, actions)),
      { seed: 0x15eb, numRuns: Math.max(3, Math.floor(RUNS / 20)) },
    );
  });
}

test.run();
